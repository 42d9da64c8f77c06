// Where the public scripts call the API: PUBLIC_API_BASE ("/api" on one origin, "https://api.example.cd/api"
// when the site is served from a CDN), written into the bundle at build time (astro.config.mjs, `define`).
declare const __NDAKO_API_BASE__: string;

/** "/messages" → "<PUBLIC_API_BASE>/messages". */
export const apiUrl = (path: string): string => `${__NDAKO_API_BASE__}${path}`;
