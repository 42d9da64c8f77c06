import { describe, expect, it } from 'vitest';
import { publicIslandsOnPreact } from './islands-runtime.ts';

type Resolve = (this: { resolve: (id: string) => Promise<{ id: string }> }, ...a: unknown[]) => unknown;
const resolveId = publicIslandsOnPreact().resolveId as unknown as Resolve;
const context = { resolve: async (id: string) => ({ id: `/node_modules/${id}` }) };
const resolve = (source: string, importer?: string) => resolveId.call(context, source, importer, {});

describe('public islands on Preact', () => {
  it('sends React imports made from src/islands to Preact compat', async () => {
    expect(await resolve('react', '/app/src/islands/CatalogueApp.tsx')).toEqual({
      id: '/node_modules/preact/compat',
    });
    expect(await resolve('react-dom/client', '/app/src/islands/catalogue/MapView.tsx')).toEqual({
      id: '/node_modules/preact/compat/client',
    });
    expect(await resolve('react/jsx-runtime', 'C:\\app\\src\\islands\\PropertyCard.tsx')).toEqual({
      id: '/node_modules/preact/jsx-runtime',
    });
  });

  it('leaves the admin, other modules and other packages on their own resolution', async () => {
    expect(await resolve('react', '/app/src/admin/shell/admin-app.tsx')).toBeNull();
    expect(await resolve('react', '/app/node_modules/@nanostores/react/index.js')).toBeNull();
    expect(await resolve('react')).toBeNull();
    expect(await resolve('nanostores', '/app/src/islands/use-store.ts')).toBeNull();
  });
});
