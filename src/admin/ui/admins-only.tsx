import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
import { $account } from '../lib/session.ts';

/**
 * The pages only admins open (the API refuses agents too): an agent who reaches one by its address sees why,
 * and nothing of the page is mounted, so nothing is fetched for them.
 */
export function AdminsOnly({ children }: { children: ReactNode }) {
  const isAdmin = useStore($account)?.role === 'admin';
  if (!isAdmin)
    return (
      <div className="adm-card" role="alert">
        <h1>Accès réservé</h1>
        <p>Cette page est réservée aux administrateurs.</p>
      </div>
    );
  return <>{children}</>;
}
