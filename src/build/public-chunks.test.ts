import { describe, expect, it } from 'vitest';
import { groupOf } from './public-chunks.ts';

const app = '/app/src';
const modules = '/app/node_modules';

describe('the public pages’ shared chunks', () => {
  it('puts the modules several pages share into their group, whatever the path separator', () => {
    expect(groupOf(`${app}/shared/format.ts`)).toBe('text');
    expect(groupOf(`${app}/i18n/core.ts`)).toBe('text');
    expect(groupOf(`${app}/stores/favorites.ts`)).toBe('site');
    expect(groupOf(`${modules}/nanostores/atom/index.js`)).toBe('site');
    expect(groupOf(`${app}/scripts/cards.ts`)).toBe('site');
    expect(groupOf('C:\\app\\src\\shared\\catalogue-filter.ts')).toBe('site');
    expect(groupOf(`${modules}/preact/compat/dist/compat.module.js`)).toBe('islands');
    expect(groupOf(`${modules}/preact/hooks/dist/hooks.module.js`)).toBe('islands');
    expect(groupOf(`${app}/islands/PropertyCard.tsx`)).toBe('islands');
    expect(groupOf(`${app}/islands/catalogue/load-index.ts`)).toBe('islands');
    expect(groupOf('\0vite/preload-helper.js')).toBe('lazy');
    expect(groupOf(`${modules}/leaflet/dist/leaflet.css?url`)).toBe('lazy');
  });

  it('leaves to Rolldown the modules of one page, the entries, what loads later and the admin', () => {
    expect(groupOf(`${app}/islands/CatalogueApp.tsx`)).toBeNull();
    expect(groupOf(`${app}/islands/catalogue/query.ts`)).toBeNull();
    expect(groupOf(`${app}/islands/catalogue/MapView.tsx`)).toBeNull();
    expect(groupOf(`${modules}/@astrojs/preact/dist/client.js`)).toBeNull();
    expect(groupOf(`${app}/components/CompareTray.astro?astro&type=script&index=0&lang.ts`)).toBeNull();
    expect(groupOf(`${app}/scripts/compare-tray.ts`)).toBeNull();
    expect(groupOf(`${app}/stores/property-views.ts`)).toBeNull();
    expect(groupOf(`${modules}/nanostores/deep-map/path.js`)).toBeNull();
    expect(groupOf(`${modules}/leaflet/dist/leaflet-src.js`)).toBeNull();
    expect(groupOf(`${modules}/react/index.js`)).toBeNull();
    expect(groupOf(`${app}/admin/shell/admin-app.tsx`)).toBeNull();
    // Names are whole: a file whose name ends like a grouped one's is not taken for it.
    expect(groupOf(`${app}/shared/money-format.ts`)).toBeNull();
    expect(groupOf(`${app}/shared/not-format.ts`)).toBeNull();
  });
});
