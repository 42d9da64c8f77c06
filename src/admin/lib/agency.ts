import { atom } from 'nanostores';

/**
 * The agency's name as the published admin was built with it (its stored settings, src/build/site-config.ts):
 * the sidebar and login card show it instead of a fixed brand. Set once by the admin island.
 */
export const $agencyName = atom('');

/** The map tile server the site uses (MAP_TILE_URL), for the listing form's map. Set once by the admin island. */
export const $mapTiles = atom({ url: '', attribution: '' });
