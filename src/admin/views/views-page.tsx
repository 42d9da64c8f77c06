import { useState } from 'react';
import { DashboardStats, paginated, Property } from '../../contract/index.ts';
import { api, answer } from '../lib/api.ts';
import { formatDateTime, formatNumber } from '../lib/format.ts';
import { useResource } from '../lib/use-resource.ts';
import { BarItem, Kpis } from '../ui/figures.tsx';
import { Empty, Loading, LoadError, PageHead, Pager } from '../ui/states.tsx';

const PAGE_SIZE = 20;
type Sort = 'views' | 'recently_viewed';

/** The listings ranked, from the page's first place: each with its views, its share and its last view. */
function RankedViews({ listings, first, total }: { listings: Property[]; first: number; total: number }) {
  return (
    <ol className="adm-ranked" start={first}>
      {listings.map((p) => {
        const pct = total > 0 ? Math.round((p.viewCount / total) * 1000) / 10 : 0;
        return (
          <BarItem
            key={p.id}
            name={p.title}
            href={`/property/${p.id}`}
            figure={
              <>
                {formatNumber(p.viewCount)} vues · {pct} %
              </>
            }
            percent={pct}
          >
            <small className="adm-meta">
              {p.state} ·{' '}
              {p.lastViewedAt
                ? `dernière vue le ${formatDateTime(p.lastViewedAt)}`
                : 'jamais vue depuis le suivi'}
            </small>
          </BarItem>
        );
      })}
    </ol>
  );
}

/** Spec §2 views tracking: totals, most viewed or most recently viewed, the ranked list. */
export function ViewsPage() {
  const [sort, setSort] = useState<Sort>('views');
  const [page, setPage] = useState(1);
  const data = useResource(
    () =>
      Promise.all([
        answer(DashboardStats, api().get('dashboard/stats')),
        answer(
          paginated(Property),
          api().get('properties', { searchParams: { sort, page, limit: PAGE_SIZE } }),
        ),
      ]),
    `${sort}|${page}`,
  );
  if (data.error)
    return <LoadError message="Erreur lors du chargement des statistiques" onRetry={data.reload} />;
  if (!data.data) return <Loading />;
  const [stats, list] = data.data;
  const total = stats.views.total;
  const listings = stats.properties.total;

  return (
    <>
      <PageHead
        title="Suivi des vues"
        intro="Combien de fois chaque fiche a été ouverte sur le site public."
      />
      <Kpis
        className="adm-card"
        items={[
          ['Vues au total', formatNumber(total)],
          ['Propriétés', formatNumber(listings)],
          ['Moyenne par propriété', listings ? formatNumber(Math.round((total / listings) * 10) / 10) : '0'],
        ]}
      />
      <div className="adm-toolbar">
        <label>
          Trier par{' '}
          <select
            value={sort}
            onChange={(e) => {
              setSort(e.target.value as Sort);
              setPage(1);
            }}
          >
            <option value="views">Les plus vues</option>
            <option value="recently_viewed">Vues le plus récemment</option>
          </select>
        </label>
      </div>
      {list.data.length === 0 ? (
        <Empty>Aucune propriété</Empty>
      ) : (
        <>
          <RankedViews listings={list.data} first={(page - 1) * PAGE_SIZE + 1} total={total} />
          <Pager page={page} limit={PAGE_SIZE} total={list.total} onPage={setPage} />
        </>
      )}
    </>
  );
}
