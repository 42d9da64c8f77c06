import L from 'leaflet';
import { useEffect, useRef } from 'react';
import { loadLeafletCss } from '../../shared/leaflet-css.ts';
import { $mapTiles } from '../lib/agency.ts';

interface Props {
  lat: number;
  long: number;
  /** A tap on the map, or the marker dragged: the listing's place corrected by hand. */
  onPick: (lat: number, long: number) => void;
}

/** Close enough to see the street the agent stands in. */
const ZOOM = 16;

/**
 * The listing's place on a map: loaded with Leaflet only when the form has a position, so the
 * admin's first load on a phone does not carry it (decision 0047).
 */
export default function PlaceMap({ lat, long, onPick }: Props) {
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const marker = useRef<L.CircleMarker | null>(null);
  const pick = useRef(onPick);
  pick.current = onPick;

  useEffect(() => {
    if (!container.current) return;
    void loadLeafletCss();
    const tiles = $mapTiles.get();
    const m = L.map(container.current, { tap: true } as L.MapOptions).setView([lat, long], ZOOM);
    if (tiles.url) L.tileLayer(tiles.url, { attribution: tiles.attribution, maxZoom: 19 }).addTo(m);
    marker.current = L.circleMarker([lat, long], {
      radius: 10,
      color: '#0f3d2e',
      weight: 3,
      fillColor: '#f2b705',
      fillOpacity: 1,
    }).addTo(m);
    m.on('click', (e: L.LeafletMouseEvent) => pick.current(e.latlng.lat, e.latlng.lng));
    map.current = m;
    return () => {
      m.remove();
      map.current = null;
    };
    // The map is made once; the position follows below.
  }, []);

  useEffect(() => {
    marker.current?.setLatLng([lat, long]);
    map.current?.panTo([lat, long]);
  }, [lat, long]);

  return (
    <div
      ref={container}
      className="adm-place-map"
      role="region"
      aria-label="Carte : emplacement de la propriété"
      data-lat={lat}
      data-long={long}
    />
  );
}
