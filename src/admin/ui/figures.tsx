import type { ReactNode } from 'react';

/** Key figures in tiles (`.adm-kpis`, ui/figures.css): each a term and its value. */
export function Kpis({
  items,
  className,
  label,
}: {
  items: readonly (readonly [term: string, value: ReactNode])[];
  /** More classes on the list (the views page's is a card of its own). */
  className?: string;
  label?: string;
}) {
  return (
    <dl className={className ? `adm-kpis ${className}` : 'adm-kpis'} aria-label={label}>
      {items.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** One line of a ranked list (`.adm-bars`, `.adm-ranked`): its name, its figure, a bar of its share in percent. */
export function BarItem({
  name,
  href,
  figure,
  percent,
  children,
}: {
  name: ReactNode;
  /** The public page it names (a listing's), opened in another tab. */
  href?: string;
  figure: ReactNode;
  percent: number;
  /** What the line says under its bar. */
  children?: ReactNode;
}) {
  return (
    <li>
      <span className="adm-bar-label">
        {href ? (
          <a href={href} target="_blank" rel="noreferrer">
            {name}
          </a>
        ) : (
          name
        )}
        <span>{figure}</span>
      </span>
      <span className="adm-bar" aria-hidden="true">
        <span style={{ width: `${percent}%` }} />
      </span>
      {children}
    </li>
  );
}
