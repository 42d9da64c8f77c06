import L from 'leaflet';
import { useEffect, useMemo, useRef } from 'react';
import { pluralText, type Lang } from '../../i18n/core.ts';
import type { Translate } from '../../i18n/types.ts';
import { cardView } from '../../shared/card.ts';
import type { Rates } from '../../shared/money.ts';
import type { Listing } from '../../shared/listing-index.ts';
import type { GeoFile } from '../../shared/catalogue-files.ts';
import { known, loadDetails } from './load-index.ts';

// Spec §9: centred on Kinshasa at zoom 11; popups at most 300 px wide.
export const KINSHASA = { lat: -4.4419, lng: 15.2663, zoom: 11 } as const;
const CLUSTER_PX = 48;

interface Props {
  listings: Listing[];
  t: Translate;
  lang: Lang;
  propertyPath: string;
  tiles: { url: string; attribution: string };
  rates: Rates;
  /** Coordinates by catalogue position (/data/geo.json, fetched when the map opens). */
  geo: Pick<GeoFile, 'lat' | 'long'>;
}

/** The popup of a listing: its facts at once, its title and picture when its card shard arrives. */
function popup(p: Listing, props: Props): HTMLElement {
  const box = document.createElement('div');
  box.className = 'map-popup';
  const shown = known(p, props.lang);
  fill(box, shown, props);
  if (!shown.detailed)
    void loadDetails([p], props.lang).then(
      ([full]) => full?.detailed && fill(box, full, props),
      () => undefined,
    );
  return box;
}

/** Fills the popup with DOM calls: titles come from staff input and must never be parsed as HTML. */
function fill(box: HTMLElement, p: Listing, props: Props) {
  const { t, lang, propertyPath } = props;
  const el = (tag: string, className: string, text?: string) => {
    const node = document.createElement(tag);
    node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  };
  box.replaceChildren();
  const first = p.media[0];
  if (first) {
    const img = document.createElement('img');
    img.src = first.type === 'image' ? first.url : first.thumbnail;
    img.alt = '';
    img.width = 260;
    img.height = 160;
    box.append(img);
  }
  box.append(el('strong', 'title', p.title));
  const view = cardView(p, t, lang, props.rates);
  box.append(el('p', 'price', view.price));
  const approx = el('p', 'approx', view.approx);
  approx.title = view.rateNote;
  box.append(approx);
  box.append(el('p', 'facts', [p.state, ...view.facts].join(' · ')));
  const link = el('a', 'link', t('catalogue.map.viewProperty')) as HTMLAnchorElement;
  link.href = `${propertyPath}${p.id}`;
  box.append(link);
}

/** The map view: a marker per listing with coordinates, grouped by screen distance when they crowd. */
export default function MapView(props: Props) {
  const { listings, t, lang, tiles, geo } = props;
  const container = useRef<HTMLDivElement>(null);
  const latest = useRef(props);
  latest.current = props;
  const placed = useMemo(
    () =>
      listings.flatMap((p) => {
        const lat = geo.lat[p.position] ?? null;
        const long = geo.long[p.position] ?? null;
        return lat == null || long == null ? [] : [{ ...p, lat, long }];
      }),
    [listings, geo],
  );

  useEffect(() => {
    if (!container.current) return;
    const map = L.map(container.current, { tap: true } as L.MapOptions).setView(
      [KINSHASA.lat, KINSHASA.lng],
      KINSHASA.zoom,
    );
    L.tileLayer(tiles.url, { attribution: tiles.attribution, maxZoom: 19 }).addTo(map);
    const layer = L.layerGroup().addTo(map);

    const draw = () => {
      layer.clearLayers();
      const cells = new Map<string, Listing[]>();
      for (const p of placed) {
        const point = map.latLngToLayerPoint([p.lat!, p.long!]);
        const key = `${Math.floor(point.x / CLUSTER_PX)}:${Math.floor(point.y / CLUSTER_PX)}`;
        cells.set(key, [...(cells.get(key) ?? []), p]);
      }
      for (const group of cells.values()) {
        const [one] = group;
        if (!one) continue;
        if (group.length === 1) {
          L.circleMarker([one.lat!, one.long!], {
            radius: 9,
            color: '#0f3d2e',
            weight: 2,
            fillColor: '#f2b705',
            fillOpacity: 1,
          })
            .bindPopup(() => popup(one, latest.current), { maxWidth: 300 })
            .addTo(layer);
          continue;
        }
        const lat = group.reduce((s, p) => s + p.lat!, 0) / group.length;
        const lng = group.reduce((s, p) => s + p.long!, 0) / group.length;
        const icon = L.divIcon({
          className: 'map-cluster',
          html: `<span>${group.length}</span>`,
          iconSize: [40, 40],
        });
        L.marker([lat, lng], {
          icon,
          title: latest.current.t('catalogue.map.cluster', { count: group.length }),
        })
          .on('click', () => map.setView([lat, lng], Math.min(map.getZoom() + 2, 18)))
          .addTo(layer);
      }
    };
    draw();
    map.on('zoomend', draw);
    return () => {
      map.remove();
    };
  }, [placed, tiles.url, tiles.attribution]);

  return (
    <div className="map-view">
      <div ref={container} className="map" role="region" aria-label={t('catalogue.map.label')} />
      <p className="map-footer">
        {pluralText(t, lang, 'catalogue.map.count', placed.length)}
        {listings.length > placed.length
          ? ` · ${pluralText(t, lang, 'catalogue.map.noPosition', listings.length - placed.length)}`
          : ''}
      </p>
    </div>
  );
}
