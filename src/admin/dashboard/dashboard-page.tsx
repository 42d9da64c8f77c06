import { useStore } from '@nanostores/react';
import { DashboardStats, VisitStats } from '../../contract/index.ts';
import { api, answer } from '../lib/api.ts';
import { formatDuration, formatNumber, percentChange, signed } from '../lib/format.ts';
import { $changes } from '../lib/changes.ts';
import { useResource } from '../lib/use-resource.ts';
import { BarItem, Kpis } from '../ui/figures.tsx';
import { Link } from '../ui/link.tsx';
import { Loading, LoadError, PageHead } from '../ui/states.tsx';
import { ROUTES } from '../lib/router.ts';
import { DailyChart } from './daily-chart.tsx';
import { LeadsPanel } from './leads-panel.tsx';
import './dashboard.css';

const share = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 100) : 0);

function Stat({
  label,
  value,
  caption,
  tone,
}: {
  label: string;
  value: string;
  caption: string;
  tone: string;
}) {
  return (
    <div className={`adm-stat adm-tone-${tone}`}>
      <span className="adm-stat-label">{label}</span>
      <strong className="adm-stat-value">{value}</strong>
      <span className="adm-stat-caption">{caption}</span>
    </div>
  );
}

/** "7 reçus en 7 jours (+40 %)": the change against the period before, when there is one. */
function changeCaption(current: number, previous: number, unit: string): string {
  const pct = percentChange(current, previous);
  return pct === null
    ? `${formatNumber(current)} ${unit}`
    : `${formatNumber(current)} ${unit} (${pct > 0 ? '+' : ''}${pct} %)`;
}

/** The six figures at the top: listings, available, sold, special offers, team, messages. */
function KeyFigures({ s }: { s: DashboardStats }) {
  const total = s.properties.total;
  return (
    <section className="adm-stats" aria-label="Chiffres clés">
      <Stat
        label="Propriétés"
        value={formatNumber(total)}
        caption={`${signed(s.properties.addedThisMonth)} ce mois · ${formatNumber(s.properties.addedPreviousMonth)} le mois dernier`}
        tone="green"
      />
      <Stat
        label="Disponibles"
        value={formatNumber(s.properties.available)}
        caption={`${share(s.properties.available, total)} % du catalogue`}
        tone="blue"
      />
      <Stat
        label="Vendues"
        value={formatNumber(s.properties.rended)}
        caption={`${formatNumber(s.properties.soldThisMonth)} ce mois`}
        tone="earth"
      />
      <Stat
        label="Offres spéciales"
        value={formatNumber(s.hotOffers)}
        caption={`${share(s.hotOffers, total)} % du catalogue`}
        tone="gold"
      />
      <Stat
        label="Équipe"
        value={formatNumber(s.team.total)}
        caption={`${formatNumber(s.team.active)} actif${s.team.active > 1 ? 's' : ''}`}
        tone="green"
      />
      <Stat
        label="Messages non lus"
        value={formatNumber(s.messages.unread)}
        caption={`${changeCaption(s.messages.lastSevenDays, s.messages.previousSevenDays, 'reçus en 7 jours')} · ${s.visitRequests.pending} visite(s) à confirmer`}
        tone="blue"
      />
    </section>
  );
}

/** The month's sales revenue against the month before. */
function RevenueCard({ s }: { s: DashboardStats }) {
  return (
    <section className="adm-card" aria-labelledby="revenue-title">
      <h2 id="revenue-title">Revenus du mois</h2>
      <p className="adm-big">
        {formatNumber(s.revenue.monthly)} {s.revenue.currency}
      </p>
      <p className="adm-muted">
        {s.monthlyGrowth === null
          ? 'Aucune vente le mois dernier pour comparer.'
          : `${s.monthlyGrowth > 0 ? '+' : ''}${s.monthlyGrowth} % par rapport au mois dernier (${formatNumber(s.revenue.previousMonth)} ${s.revenue.currency}).`}
      </p>
      <p className="adm-hint">
        Prix des propriétés passées au statut « vendu » ce mois-ci, convertis en {s.revenue.currency}.
      </p>
    </section>
  );
}

/** The listings whose page was opened most, with their share of all views. */
function MostViewedCard({ s }: { s: DashboardStats }) {
  return (
    <section className="adm-card" aria-labelledby="viewed-title">
      <h2 id="viewed-title">Pages les plus vues</h2>
      {s.views.mostViewed.length === 0 ? (
        <p className="adm-muted">Aucune vue enregistrée pour l’instant.</p>
      ) : (
        <ol className="adm-bars">
          {s.views.mostViewed.map((p) => (
            <BarItem
              key={p.id}
              name={p.title}
              href={`/property/${p.id}`}
              figure={
                <>
                  {formatNumber(p.viewCount)} vues · {share(p.viewCount, s.views.total)} %
                </>
              }
              percent={share(p.viewCount, s.views.total)}
            />
          ))}
        </ol>
      )}
      <p className="adm-hint">
        {formatNumber(s.views.total)} vues de fiches au total ·{' '}
        <Link href={ROUTES.views}>Suivi des vues</Link>
      </p>
    </section>
  );
}

/** The site's traffic over 30 days: key figures, visits per day, the pages visited most. */
function VisitsCard({ v }: { v: VisitStats }) {
  return (
    <section className="adm-card" aria-labelledby="visits-title">
      <h2 id="visits-title">Statistiques de visite · 30 derniers jours</h2>
      <Kpis
        items={[
          ['Visites', formatNumber(v.totalVisits)],
          ['Visiteurs uniques', formatNumber(v.uniqueVisitors)],
          ['Pages vues', formatNumber(v.pageViews)],
          ['Durée moyenne', formatDuration(v.averageSessionDuration)],
          ['Taux de rebond', <>{Math.round(v.bounceRate)} %</>],
        ]}
      />
      <DailyChart days={v.dailyVisits} />
      {v.topPages.length > 0 && (
        <>
          <h3>Pages les plus visitées</h3>
          <ol className="adm-bars">
            {v.topPages.map((p) => (
              <BarItem
                key={p.path}
                name={<code>{p.path}</code>}
                figure={
                  <>
                    {formatNumber(p.views)} · {share(p.views, v.pageViews)} %
                  </>
                }
                percent={share(p.views, v.pageViews)}
              />
            ))}
          </ol>
        </>
      )}
      <p className="adm-hint">
        Mesuré sans cookie ni donnée personnelle : un visiteur unique est une empreinte anonyme renouvelée
        chaque jour.
      </p>
    </section>
  );
}

/** Spec §2 dashboard: every figure and caption is computed from the data (the prototype's were fixed text). */
export function DashboardPage() {
  // Figures follow changes made from the shell too (the demo data removed from the banner).
  const changes = useStore($changes);
  const resource = useResource(
    () =>
      Promise.all([
        answer(DashboardStats, api().get('dashboard/stats')),
        answer(VisitStats, api().get('dashboard/visits')),
      ]),
    `dashboard-${changes}`,
  );
  if (resource.error)
    return <LoadError message="Erreur lors du chargement du tableau de bord" onRetry={resource.reload} />;
  if (!resource.data) return <Loading />;
  const [s, v] = resource.data;

  return (
    <>
      <PageHead
        title="Tableau de bord"
        intro="L’activité de l’agence, calculée à partir des données en direct."
      />
      <KeyFigures s={s} />
      <LeadsPanel refresh={changes} />
      <div className="adm-grid-2">
        <RevenueCard s={s} />
        <MostViewedCard s={s} />
      </div>
      <VisitsCard v={v} />
    </>
  );
}
