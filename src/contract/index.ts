// The one description of every entity and call shared by the API, the site build and the admin.
export * from './enums.ts';
export * from './common.ts';
export * from './media.ts';
export * from './team.ts';
export * from './property.ts';
export * from './message.ts';
export * from './visit.ts';
export * from './dashboard.ts';
export * from './auth.ts';
export * from './admin.ts';
export * from './demo.ts';
export * from './site-manifest.ts';
export * from './settings.ts';
export * from './rates.ts';
export * from './alert.ts';
export * from './site-renderer.ts';
export * from './leads.ts';
