/** The admin's logo block: on the dark sidebar, or dark on the login card. */
export function Brand({ dark = false }: { dark?: boolean }) {
  return (
    <div className={`adm-brand${dark ? ' adm-brand-dark' : ''}`}>
      <span className="adm-logo" aria-hidden="true">
        N
      </span>
      <span>
        Ndako <small>Administration</small>
      </span>
    </div>
  );
}
