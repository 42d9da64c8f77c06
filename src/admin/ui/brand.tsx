import { useStore } from '@nanostores/react';
import { $agencyName } from '../lib/agency.ts';

/** The admin's logo block: on the dark sidebar, or dark on the login card, with the agency's own name. */
export function Brand({ dark = false }: { dark?: boolean }) {
  const name = useStore($agencyName);
  return (
    <div className={`adm-brand${dark ? ' adm-brand-dark' : ''}`}>
      <span className="adm-logo" aria-hidden="true">
        {name.trim().charAt(0).toUpperCase()}
      </span>
      <span>
        {name} <small>Administration</small>
      </span>
    </div>
  );
}
