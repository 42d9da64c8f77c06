import type { VisitStats } from '../../contract/index.ts';
import { formatDate } from '../lib/format.ts';

const HEIGHT = 120;

/** Daily visits as bars; each bar carries its figure for screen readers and on hover. */
export function DailyChart({ days }: { days: VisitStats['dailyVisits'] }) {
  const max = Math.max(1, ...days.map((d) => d.visits));
  const width = days.length * 10;
  return (
    <figure className="adm-chart">
      <svg
        viewBox={`0 0 ${width} ${HEIGHT}`}
        preserveAspectRatio="none"
        role="img"
        aria-label="Visites par jour, 30 derniers jours"
      >
        {days.map((d, i) => {
          const h = Math.max(d.visits > 0 ? 2 : 0, (d.visits / max) * (HEIGHT - 4));
          return (
            <rect key={d.date} x={i * 10 + 1} y={HEIGHT - h} width={8} height={h} rx={1.5}>
              <title>{`${formatDate(`${d.date}T12:00:00Z`)} : ${d.visits} visite(s), ${d.pageViews} page(s) vue(s)`}</title>
            </rect>
          );
        })}
      </svg>
      {days.length > 0 && (
        <figcaption>
          <span>{formatDate(`${days[0]!.date}T12:00:00Z`)}</span>
          <span>Maximum : {max} visites par jour</span>
          <span>{formatDate(`${days[days.length - 1]!.date}T12:00:00Z`)}</span>
        </figcaption>
      )}
    </figure>
  );
}
