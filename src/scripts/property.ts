import {
  PROPERTY_VIEWS_KEY,
  VIEWS_SENT_KEY,
  readViews,
  recordView,
  viewToSend,
} from '../stores/property-views.ts';
import { apiUrl } from '../browser/api-base.ts';
import './cards.ts';
import '../browser/share-menu.ts';
import { loadLeafletCss } from '../shared/leaflet-css.ts';
import { showTrust } from '../browser/trust.ts';

// A property page's behaviour: view counting, the share menu, the back button and the location map,
// which downloads Leaflet only when the visitor taps "Voir sur la carte". The pre-built page runs it on load; the page of a
// listing added since the last publish (live-listing.ts) once it has filled the listing in.

/**
 * Spec §4: a property load is followed by one view increment on the server, whether it succeeded or not;
 * once a day per listing from this browser, so reloads do not inflate the count. Without
 * storage (private mode) every load counts, as before.
 */
export function sendView(id: number) {
  const today = new Date().toLocaleDateString('en-CA'); // the visitor's own day, as YYYY-MM-DD
  try {
    const { send, stored } = viewToSend(localStorage.getItem(VIEWS_SENT_KEY), id, today);
    if (!send) return;
    localStorage.setItem(VIEWS_SENT_KEY, stored);
  } catch {
    // Storage unavailable: count this load.
  }
  void fetch(apiUrl(`/properties/${id}/view`), { method: 'PATCH', keepalive: true }).catch(() => {});
}

async function openMap(mapBox: HTMLElement) {
  mapBox.setAttribute('aria-busy', 'true');
  mapBox.textContent = mapBox.dataset.loading ?? '';
  const [{ default: L }] = await Promise.all([import('leaflet'), loadLeafletCss()]);
  const lat = Number(mapBox.dataset.lat);
  const lng = Number(mapBox.dataset.lng);
  mapBox.textContent = '';
  mapBox.classList.add('open');
  mapBox.removeAttribute('aria-busy');
  const map = L.map(mapBox, { scrollWheelZoom: false }).setView([lat, lng], 15);
  L.tileLayer(mapBox.dataset.tiles ?? '', {
    attribution: mapBox.dataset.attribution ?? '',
    maxZoom: 19,
  }).addTo(map);
  L.circleMarker([lat, lng], {
    radius: 11,
    color: '#0f3d2e',
    weight: 3,
    fillColor: '#f2b705',
    fillOpacity: 1,
  }).addTo(map);
}

export function setUpPropertyPage(page: HTMLElement) {
  const id = Number(page.dataset.property);
  showTrust(page);

  // Every load counts a view in this browser (propertyViews, spec §3), and on the server once a day.
  sendView(id);
  try {
    localStorage.setItem(
      PROPERTY_VIEWS_KEY,
      JSON.stringify(recordView(readViews(localStorage.getItem(PROPERTY_VIEWS_KEY)), id)),
    );
  } catch {
    // Storage unavailable (private mode): the server-side count still happened.
  }

  page.querySelector('[data-back]')?.addEventListener('click', (event) => {
    if (history.length > 1 && document.referrer.startsWith(location.origin)) {
      event.preventDefault();
      history.back();
    }
  });

  // The map waits for the visitor's tap (Leaflet and four or so tiles are most of a listing's
  // bytes); until then the page shows the commune and the address.
  const mapBox = page.querySelector<HTMLElement>('[data-property-map]');
  mapBox?.querySelector('[data-show-map]')?.addEventListener('click', () => void openMap(mapBox), {
    once: true,
  });
}

const page = document.querySelector<HTMLElement>('[data-property]');
if (page) setUpPropertyPage(page);
