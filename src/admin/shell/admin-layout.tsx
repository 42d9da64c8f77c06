import { useStore } from '@nanostores/react';
import { useEffect, useState, type ReactNode } from 'react';
import { type Account, DashboardStats } from '../../contract/index.ts';
import { DemoBanner } from '../demo-data/demo-banner.tsx';
import { BackupBanner } from './backup-banner.tsx';
import { PublishControl } from '../publish/publish-control.tsx';
import { api, answer } from '../lib/api.ts';
import { $changes } from '../lib/changes.ts';
import { ROLE_LABELS } from '../lib/labels.ts';
import { navigate, ROUTES } from '../lib/router.ts';
import { clearSession } from '../lib/session.ts';
import { Brand } from '../ui/brand.tsx';
import { Icon, type IconName } from '../ui/icons.tsx';
import { Link } from '../ui/link.tsx';

interface NavItem {
  href: string;
  label: string;
  icon: IconName;
  adminOnly?: boolean;
}

const NAV: NavItem[] = [
  { href: ROUTES.dashboard, label: 'Tableau de bord', icon: 'dashboard' },
  { href: ROUTES.properties, label: 'Propriétés', icon: 'home' },
  { href: ROUTES.views, label: 'Suivi des vues', icon: 'eye' },
  { href: ROUTES.team, label: 'Équipe', icon: 'users' },
  { href: ROUTES.requests, label: 'Demandes', icon: 'mail' },
  { href: ROUTES.messages, label: 'Messages', icon: 'mail' },
  { href: ROUTES.alerts, label: 'Alertes', icon: 'bell' },
  { href: ROUTES.staff, label: 'Comptes et journal', icon: 'key', adminOnly: true },
  { href: ROUTES.settings, label: "Paramètres de l'agence", icon: 'settings', adminOnly: true },
  { href: ROUTES.rates, label: 'Taux de change', icon: 'rates', adminOnly: true },
];

const BADGE_REFRESH_MS = 60_000;

/** New messages and visit requests waiting for someone: the header's real notification count. */
function useWaiting() {
  const changes = useStore($changes);
  const [waiting, setWaiting] = useState<{ messages: number; visits: number } | null>(null);
  useEffect(() => {
    let stopped = false;
    const load = () =>
      answer(DashboardStats, api().get('dashboard/stats'))
        .then((s) => !stopped && setWaiting({ messages: s.messages.unread, visits: s.visitRequests.pending }))
        .catch((error: unknown) => console.error(error));
    void load();
    const timer = setInterval(load, BADGE_REFRESH_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [changes]);
  return waiting;
}

/** Ends the session here and on the server, then opens the login page; `leaving` while it does. */
function useLogout() {
  const [leaving, setLeaving] = useState(false);
  const logout = async () => {
    setLeaving(true);
    try {
      await api().post('auth/logout');
    } catch (error) {
      // The session ends on this device whatever the server says.
      console.error(error);
    }
    clearSession();
    navigate(ROUTES.login, { replace: true });
  };
  return { leaving, logout };
}

/** What is waiting, as a number and as the sentence a screen reader says for it. */
interface Waiting {
  count: number;
  label: string;
}

/** The menu: the brand, the pages this account may open (the current one marked), the account's own links. */
function Sidebar({ path, account, waiting }: { path: string; account: Account; waiting: Waiting }) {
  const { leaving, logout } = useLogout();
  return (
    <aside className="adm-sidebar" id="adm-sidebar" aria-label="Menu de l’administration">
      <Brand />
      <nav>
        <ul>
          {NAV.filter((item) => !item.adminOnly || account.role === 'admin').map((item) => {
            const active = item.href === ROUTES.dashboard ? path === item.href : path.startsWith(item.href);
            return (
              <li key={item.href}>
                <Link href={item.href} aria-current={active ? 'page' : undefined}>
                  <Icon name={item.icon} /> {item.label}
                  {item.href === ROUTES.messages && waiting.count > 0 && (
                    <span className="adm-count" aria-label={waiting.label}>
                      {waiting.count}
                    </span>
                  )}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="adm-sidebar-foot">
        <Link href={ROUTES.password} aria-current={path === ROUTES.password ? 'page' : undefined}>
          <Icon name="key" /> Changer mon mot de passe
        </Link>
        <a href="/">
          <Icon name="back" /> Retour au site
        </a>
        <button type="button" onClick={() => void logout()} disabled={leaving}>
          <Icon name="logout" /> {leaving ? 'Déconnexion…' : 'Déconnexion'}
        </button>
      </div>
    </aside>
  );
}

/** The bar above each page: the menu button (phones), Publish, the bell with what waits, who is signed in. */
function TopBar({
  account,
  waiting,
  drawerOpen,
  onMenu,
}: {
  account: Account;
  waiting: Waiting;
  drawerOpen: boolean;
  onMenu: () => void;
}) {
  return (
    <header className="adm-topbar">
      <button
        type="button"
        className="adm-icon-btn adm-menu-btn"
        aria-expanded={drawerOpen}
        aria-controls="adm-sidebar"
        onClick={onMenu}
      >
        <Icon name="menu" size={24} />
        <span className="visually-hidden">Menu</span>
      </button>
      <PublishControl />
      <div className="adm-topbar-end">
        <Link href={ROUTES.messages} className="adm-bell" aria-label={waiting.label} title={waiting.label}>
          <Icon name="bell" size={22} />
          {waiting.count > 0 && (
            <span className="adm-count" data-testid="notification-count">
              {waiting.count}
            </span>
          )}
        </Link>
        <span className="adm-user">
          <strong>{account.name}</strong>
          <small>{ROLE_LABELS[account.role]}</small>
        </span>
      </div>
    </header>
  );
}

export function AdminLayout({
  path,
  account,
  children,
}: {
  path: string;
  account: Account;
  children: ReactNode;
}) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const news = useWaiting();

  useEffect(() => setDrawerOpen(false), [path]);

  const waiting: Waiting = {
    count: (news?.messages ?? 0) + (news?.visits ?? 0),
    label: news
      ? `${news.messages} message(s) non lu(s), ${news.visits} demande(s) de visite à confirmer`
      : 'Notifications',
  };

  return (
    <div className={`adm-shell${drawerOpen ? ' adm-drawer-open' : ''}`}>
      <Sidebar path={path} account={account} waiting={waiting} />
      <button
        type="button"
        className="adm-scrim"
        aria-label="Fermer le menu"
        tabIndex={drawerOpen ? 0 : -1}
        onClick={() => setDrawerOpen(false)}
      />
      <div className="adm-main-col">
        <TopBar
          account={account}
          waiting={waiting}
          drawerOpen={drawerOpen}
          onMenu={() => setDrawerOpen((open) => !open)}
        />
        <main className="adm-content" id="main" tabIndex={-1}>
          {account.role === 'admin' && <BackupBanner />}
          {account.role === 'admin' && <DemoBanner />}
          {children}
        </main>
      </div>
    </div>
  );
}
