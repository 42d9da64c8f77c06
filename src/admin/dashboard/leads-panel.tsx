import { useId, useState } from 'react';
import {
  InboxSummary,
  LEAD_PERIODS,
  LeadStats,
  type LeadFigures,
  type LeadPeriod,
} from '../../contract/index.ts';
import { api, answer } from '../lib/api.ts';
import { formatHours, formatNumber } from '../lib/format.ts';
import { ROUTES } from '../lib/router.ts';
import { useResource } from '../lib/use-resource.ts';
import { Kpis } from '../ui/figures.tsx';
import { Link } from '../ui/link.tsx';
import { Loading, LoadError } from '../ui/states.tsx';

const PERIOD_LABELS: Record<LeadPeriod, string> = {
  '7d': '7 jours',
  '30d': '30 jours',
  all: 'Depuis le début',
};
const rate = (f: LeadFigures) =>
  f.leadsPer100Views === null ? '—' : String(f.leadsPer100Views).replace('.', ',');

/** One table of figures: a listing or an agent a row. */
function FiguresTable({
  caption,
  rows,
}: {
  caption: string;
  rows: (LeadFigures & { id: number; name: string; href?: string })[];
}) {
  const captionId = useId();
  return (
    // The caption outside the box that scrolls: inside, it scrolled with the table and was cut on a phone.
    <>
      <p className="adm-muted adm-table-caption" id={captionId}>
        {caption}
      </p>
      {/* Focusable, so a keyboard can scroll it sideways on a phone. */}
      <div className="adm-table-wrap" role="region" aria-labelledby={captionId} tabIndex={0}>
        <table className="adm-leads-table" aria-labelledby={captionId}>
          <thead>
            <tr>
              <th scope="col">Nom</th>
              <th scope="col">Vues</th>
              <th scope="col">WhatsApp</th>
              <th scope="col">Appels</th>
              <th scope="col">Visites</th>
              <th scope="col">Messages</th>
              <th scope="col">Contacts / 100 vues</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id}>
                <th scope="row">
                  {r.href ? (
                    <a href={r.href} target="_blank" rel="noreferrer">
                      {r.name}
                    </a>
                  ) : (
                    r.name
                  )}
                </th>
                <td>{formatNumber(r.views)}</td>
                <td>{formatNumber(r.whatsapp)}</td>
                <td>{formatNumber(r.calls)}</td>
                <td>{formatNumber(r.visitRequests)}</td>
                <td>{formatNumber(r.messages)}</td>
                <td>{rate(r)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

type Leads = [LeadStats, InboxSummary];

/** The period's leads by channel, how fast requests are answered, the listings and agents that bring most. */
function LeadsFigures({ data: [s, inbox], period }: { data: Leads; period: LeadPeriod }) {
  const t = s.total;
  return (
    <>
      <Kpis
        label={`Contacts par canal, ${PERIOD_LABELS[period]}`}
        items={[
          ['Contacts', formatNumber(t.leads)],
          ['WhatsApp', formatNumber(t.whatsapp)],
          ['Appels', formatNumber(t.calls)],
          ['Demandes de visite', formatNumber(t.visitRequests)],
          ['Messages', formatNumber(t.messages)],
          ['Contacts / 100 vues', rate(t)],
        ]}
      />
      <p>
        Premier contact en <strong>{formatHours(inbox.medianHoursToContact)}</strong>
        {' (médiane sur 30 jours) · '}
        <strong>{inbox.overdue}</strong> demande(s) sans réponse depuis plus de 48 h ·{' '}
        <Link href={ROUTES.requests}>Demandes</Link>
      </p>
      {s.listings.length === 0 ? (
        <p className="adm-muted">Aucun contact sur la période.</p>
      ) : (
        <FiguresTable
          caption="Les annonces qui apportent le plus"
          rows={s.listings.slice(0, 10).map((l) => ({
            ...l,
            name: l.title ?? `Annonce n° ${l.id} (supprimée)`,
            href: `/property/${l.id}`,
          }))}
        />
      )}
      {s.agents.length > 0 && <FiguresTable caption="Par agent" rows={s.agents} />}
    </>
  );
}

/**
 * What the listings and the agents bring (views, WhatsApp taps, calls, visit requests, messages)
 * over 7 days, 30 days or since the start; the week's leads by channel; how fast requests are answered.
 */
export function LeadsPanel({ refresh }: { refresh: number }) {
  const [period, setPeriod] = useState<LeadPeriod>('7d');
  const resource = useResource(
    (): Promise<Leads> =>
      Promise.all([
        answer(LeadStats, api().get('dashboard/leads', { searchParams: { period } })),
        answer(InboxSummary, api().get('requests/summary')),
      ]),
    `${period}-${refresh}`,
  );
  return (
    <section className="adm-card" aria-labelledby="leads-title">
      <h2 id="leads-title">Contacts apportés par les annonces</h2>
      <div className="adm-toolbar">
        <select
          aria-label="Période des contacts"
          value={period}
          onChange={(e) => setPeriod(e.target.value as LeadPeriod)}
        >
          {LEAD_PERIODS.map((p) => (
            <option key={p} value={p}>
              {PERIOD_LABELS[p]}
            </option>
          ))}
        </select>
      </div>
      {resource.error ? (
        <LoadError message="Erreur lors du chargement des contacts" onRetry={resource.reload} />
      ) : resource.data ? (
        <LeadsFigures data={resource.data} period={period} />
      ) : (
        <Loading />
      )}
      <p className="adm-hint">
        Un visiteur compte une fois par jour, par annonce et par canal, sans cookie ni donnée personnelle. Les
        annonces vendues ou louées gardent leur historique.
      </p>
    </section>
  );
}
