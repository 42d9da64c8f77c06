import { AdminsOnly } from '../ui/admins-only.tsx';
import { PageHead } from '../ui/states.tsx';
import { Accounts } from './accounts.tsx';
import { AuditLog } from './audit-log.tsx';
import './staff.css';

/** Admins only (the API refuses agents too): staff accounts and the change log. */
export function StaffPage() {
  return (
    <AdminsOnly>
      <PageHead title="Comptes et journal" intro="Qui peut se connecter, et tout ce qui a été modifié." />
      <Accounts />
      <AuditLog />
    </AdminsOnly>
  );
}
