import { useStore } from '@nanostores/react';
import { $account } from '../lib/session.ts';
import { PageHead } from '../ui/states.tsx';
import { Accounts } from './accounts.tsx';
import { AuditLog } from './audit-log.tsx';

/** Admins only (the API refuses agents too): staff accounts and the change log. */
export function StaffPage() {
  const isAdmin = useStore($account)?.role === 'admin';
  if (!isAdmin)
    return (
      <div className="adm-card" role="alert">
        <h1>Accès réservé</h1>
        <p>Cette page est réservée aux administrateurs.</p>
      </div>
    );
  return (
    <>
      <PageHead title="Comptes et journal" intro="Qui peut se connecter, et tout ce qui a été modifié." />
      <Accounts />
      <AuditLog />
    </>
  );
}
