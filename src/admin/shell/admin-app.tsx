// The shared styles first, in cascade order (ui/ then the shell): each feature's own styles, imported by its
// page, come after them in the bundle and may refine them.
import '../ui/base.css';
import '../ui/lists.css';
import '../ui/figures.css';
import '../ui/dialog.css';
import '../ui/forms.css';
import '../ui/tables.css';
import './shell.css';
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { VerifyResponse } from '../../contract/index.ts';
import '../../shared/toaster.ts';
import { PasswordPage } from '../account/password-page.tsx';
import { AlertsPage } from '../alerts/alerts-page.tsx';
import { DashboardPage } from '../dashboard/dashboard-page.tsx';
import { $agencyName, $mapTiles } from '../lib/agency.ts';
import { api, configureApi, isUnauthorised, answer } from '../lib/api.ts';
import { $path, navigate, ROUTES } from '../lib/router.ts';
import { $account, $token } from '../lib/session.ts';
import { LoginPage } from '../login/login-page.tsx';
import { MessagesPage } from '../messages/messages-page.tsx';
import { PropertiesPage } from '../properties/properties-page.tsx';
import { RequestsPage } from '../requests/requests-page.tsx';
import { SettingsPage } from '../settings/settings-page.tsx';
import { RatesPage } from '../rates/rates-page.tsx';
import { StaffPage } from '../staff/staff-page.tsx';
import { TeamPage } from '../team/team-page.tsx';
import { Loading, LoadError } from '../ui/states.tsx';
import { ViewsPage } from '../views/views-page.tsx';
import { AdminLayout } from './admin-layout.tsx';

const PAGES: Record<string, () => React.JSX.Element> = {
  [ROUTES.dashboard]: DashboardPage,
  [ROUTES.properties]: PropertiesPage,
  [ROUTES.views]: ViewsPage,
  [ROUTES.team]: TeamPage,
  [ROUTES.messages]: MessagesPage,
  [ROUTES.requests]: RequestsPage,
  [ROUTES.alerts]: AlertsPage,
  [ROUTES.staff]: StaffPage,
  [ROUTES.settings]: SettingsPage,
  [ROUTES.rates]: RatesPage,
  [ROUTES.password]: () => <PasswordPage />,
};

/** The whole admin: one client-rendered island (spec §2 admin routes), on the live API. */
export default function AdminApp({
  apiBase,
  agencyName,
  tiles,
}: {
  apiBase: string;
  agencyName: string;
  tiles: { url: string; attribution: string };
}) {
  useState(() => {
    configureApi(apiBase);
    $agencyName.set(agencyName);
    $mapTiles.set(tiles);
  });
  const path = useStore($path);
  const token = useStore($token);
  const account = useStore($account);
  const [verifyFailed, setVerifyFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  const onLogin = path === ROUTES.login;
  useEffect(() => {
    // Spec §2: every admin route but login sends a visitor without a token to the login page.
    if (!onLogin && !token) navigate(ROUTES.login, { replace: true });
  }, [onLogin, token]);

  useEffect(() => {
    if (onLogin || !token || account) return;
    setVerifyFailed(false);
    answer(VerifyResponse, api().get('auth/verify'))
      .then((answer) => $account.set(answer.user))
      .catch((error: unknown) => {
        // A 401 has already sent the user to the login page; anything else (network) may be retried.
        if (!isUnauthorised(error)) setVerifyFailed(true);
      });
  }, [onLogin, token, account, attempt]);

  if (onLogin) return <LoginPage />;
  if (!token) return null;
  if (!account) {
    return (
      <main className="adm-centered">
        {verifyFailed ? (
          <LoadError
            message="Le serveur ne répond pas. Vérifiez la connexion."
            onRetry={() => setAttempt((n) => n + 1)}
          />
        ) : (
          <Loading label="Vérification de la session…" />
        )}
      </main>
    );
  }
  // A temporary or generated password opens nothing else until its owner has chosen one (the API says so too).
  if (account.mustChangePassword) return <PasswordPage forced />;
  const Page = PAGES[path];
  return (
    <AdminLayout path={path} account={account}>
      {Page ? (
        <Page />
      ) : (
        <div className="adm-card">
          <h1>Page introuvable</h1>
          <p>Cette adresse ne correspond à aucune page de l’administration.</p>
        </div>
      )}
    </AdminLayout>
  );
}
