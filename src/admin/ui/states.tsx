import type { ReactNode } from 'react';

export function Loading({ label = 'Chargement…' }: { label?: string }) {
  return (
    <p className="adm-loading" role="status">
      <span className="adm-spinner" aria-hidden="true" />
      {label}
    </p>
  );
}

/** Spec §8: a load failure says what failed and offers to try again. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="adm-error" role="alert">
      <p>{message}</p>
      <button type="button" className="btn btn-primary" onClick={onRetry}>
        Réessayer
      </button>
    </div>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="adm-empty">{children}</p>;
}

interface PagerProps {
  page: number;
  limit: number;
  total: number;
  onPage: (page: number) => void;
}

export function Pager({ page, limit, total, onPage }: PagerProps) {
  const pages = Math.max(1, Math.ceil(total / limit));
  if (pages <= 1) return null;
  return (
    <nav className="adm-pager" aria-label="Pagination">
      <button type="button" className="btn btn-ghost" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Précédent
      </button>
      <span>
        Page {page} sur {pages}
      </span>
      <button
        type="button"
        className="btn btn-ghost"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        Suivant
      </button>
    </nav>
  );
}

interface PageHeadProps {
  title: string;
  intro?: string;
  actions?: ReactNode;
}

export function PageHead({ title, intro, actions }: PageHeadProps) {
  return (
    <div className="adm-page-head">
      <div>
        <h1>{title}</h1>
        {intro && <p>{intro}</p>}
      </div>
      {actions && <div className="adm-page-actions">{actions}</div>}
    </div>
  );
}

export function Badge({ tone, children }: { tone: string; children: ReactNode }) {
  return <span className={`adm-badge adm-tone-${tone}`}>{children}</span>;
}
