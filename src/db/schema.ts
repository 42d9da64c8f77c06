// The database schema, one module for drizzle.config.ts, the client and the repositories; the tables live in
// schema/ by what they hold.
export * from './schema/columns.ts';
export * from './schema/listings.ts';
export * from './schema/inquiries.ts';
export * from './schema/staff.ts';
export * from './schema/traffic.ts';
export * from './schema/shared-state.ts';
export * from './schema/agency.ts';
export * from './schema/alerts.ts';
export * from './schema/leads.ts';
