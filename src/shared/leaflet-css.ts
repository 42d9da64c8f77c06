import href from 'leaflet/dist/leaflet.css?url';

let loading: Promise<void> | null = null;

/**
 * Leaflet's stylesheet (6 KB compressed) as a file fetched when a map opens. Imported as CSS, the build
 * would link it from every page that might show a map, and visitors would pay for it on each first view.
 */
export function loadLeafletCss(): Promise<void> {
  loading ??= new Promise((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    // A map without its styles is still better than no map: go on either way.
    link.onload = link.onerror = () => resolve();
    document.head.append(link);
  });
  return loading;
}
