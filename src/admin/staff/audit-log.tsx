import { useState } from 'react';
import { AUDIT_ENTITIES, type AuditEntity, AuditEntry, paginated } from '../../contract/index.ts';
import { api, answer } from '../lib/api.ts';
import { formatDateTime } from '../lib/format.ts';
import { AUDIT_ACTION_LABELS, AUDIT_ENTITY_LABELS, auditDetail } from '../lib/labels.ts';
import { useResource } from '../lib/use-resource.ts';
import { Empty, Loading, LoadError, Pager } from '../ui/states.tsx';

const PAGE_SIZE = 30;

/** Who changed what and when: every change to listings, team, messages, visits, accounts and publishes. */
export function AuditLog() {
  const [entity, setEntity] = useState<AuditEntity | ''>('');
  const [page, setPage] = useState(1);
  const list = useResource(
    () =>
      answer(
        paginated(AuditEntry),
        api().get('audit', { searchParams: { page, limit: PAGE_SIZE, ...(entity ? { entity } : {}) } }),
      ),
    `${entity}|${page}`,
  );
  return (
    // Not a landmark itself: its table's scrolling box below is the region named by the title (two regions of
    // one name are one too many for a screen reader's list of landmarks).
    <section className="adm-card">
      <div className="adm-item-top">
        <h2 id="audit-title">Journal des modifications</h2>
        <select
          aria-label="Filtrer le journal"
          value={entity}
          onChange={(e) => {
            setEntity(e.target.value as AuditEntity | '');
            setPage(1);
          }}
        >
          <option value="">Tout</option>
          {AUDIT_ENTITIES.map((e) => (
            <option key={e} value={e}>
              {AUDIT_ENTITY_LABELS[e]}
            </option>
          ))}
        </select>
      </div>
      {list.error ? (
        <LoadError message="Erreur lors du chargement du journal" onRetry={list.reload} />
      ) : !list.data ? (
        <Loading />
      ) : list.data.data.length === 0 ? (
        <Empty>Aucune modification enregistrée</Empty>
      ) : (
        <>
          {/* Focusable, so a keyboard can scroll it sideways on a phone, as the leads' table. */}
          <div className="adm-table-wrap" role="region" aria-labelledby="audit-title" tabIndex={0}>
            <table className="adm-table">
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">Qui</th>
                  <th scope="col">Quoi</th>
                  <th scope="col">Détail</th>
                </tr>
              </thead>
              <tbody>
                {list.data.data.map((a) => (
                  <tr key={a.id}>
                    <td>{formatDateTime(a.at)}</td>
                    <td>{a.actorName}</td>
                    <td>
                      {AUDIT_ACTION_LABELS[a.action]} · {AUDIT_ENTITY_LABELS[a.entity]}
                      {a.entity === 'property' && a.entityId ? (
                        <>
                          {' '}
                          <a href={`/property/${a.entityId}`} target="_blank" rel="noreferrer">
                            {a.label}
                          </a>
                        </>
                      ) : a.entity === 'site' ? null : (
                        ` ${a.label}`
                      )}
                    </td>
                    <td>{auditDetail(a.entity, a.action, a.detail) ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={page} limit={PAGE_SIZE} total={list.data.total} onPage={setPage} />
        </>
      )}
    </section>
  );
}
