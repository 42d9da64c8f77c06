import { atom } from 'nanostores';

/** The admin's routes (spec §2) plus the admins' own page for accounts and the change log. */
export const ROUTES = {
  login: '/admin/login',
  dashboard: '/admin',
  properties: '/admin/properties',
  views: '/admin/views',
  team: '/admin/team',
  messages: '/admin/messages',
  requests: '/admin/requests',
  alerts: '/admin/alerts',
  staff: '/admin/staff',
  settings: '/admin/settings',
  rates: '/admin/rates',
  password: '/admin/password',
} as const;

const normalise = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

export const $path = atom<string>(typeof window === 'undefined' ? '/admin' : normalise(location.pathname));

if (typeof window !== 'undefined') {
  window.addEventListener('popstate', () => $path.set(normalise(location.pathname)));
}

/** Client-side navigation between admin pages; every page is also a static file, so reloads work. */
export function navigate(to: string, options: { replace?: boolean } = {}): void {
  const target = normalise(to);
  if (target === $path.get() && !options.replace) return;
  if (options.replace) history.replaceState(null, '', target);
  else history.pushState(null, '', target);
  $path.set(target);
  // Spec §2: each route change starts at the top.
  window.scrollTo({ top: 0, behavior: 'smooth' });
}
