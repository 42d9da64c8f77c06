/** The e2e server's first admin: playwright.config.ts creates it, the specs log in as it (fixtures.ts). */
export const ADMIN = { email: 'admin@ndako.cd', password: 'e2e admin password' };
