import { listingView, type AgencyContact, type ListingView, type MediaView } from '../shared/listing.ts';
import type { Rates } from '../shared/money.ts';
import type { Property } from '../contract/index.ts';
import { createTranslator, isLang, localizePath, type Lang } from '../i18n/core.ts';
import { apiUrl } from '../browser/api-base.ts';
import { paintHearts, showSlide } from './cards.ts';
import { sendView, setUpPropertyPage } from './property.ts';

// A listing added since the last publish has no page yet: the server answers its /property/{id} with the
// 'Propriété non trouvée' page (404). That page's inline bootstrap has already marked the document
// (html[data-live-id], html[data-live=wait]) so a loading state shows instead of the not-found text. This
// asks the live API for the listing and fills the property page's own markup with it (the <template>
// PropertyDetail.astro rendered, its parts marked data-slot), always through textContent and checked
// addresses; when the API does not know the listing or cannot be reached, the not-found text shows.

interface LiveConfig {
  lang: Lang;
  siteUrl: string;
  agency: AgencyContact;
  messages: Record<string, string>;
  /** The build's exchange rates: the live page converts like the pre-built ones. */
  rates: Rates;
}

type Attrs = Record<string, string | number | undefined>;

/** Sets attributes; an undefined value removes the attribute. */
function set(el: Element | null | undefined, attrs: Attrs) {
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined) el?.removeAttribute(name);
    else el?.setAttribute(name, String(value));
  }
}

/**
 * Replaces the prototypes (children matching `selector`) of a list with one copy per item: `pick` says which
 * prototype an item takes, `write` fills the copy. What follows the prototypes (buttons, badge) stays.
 */
function fill<T>(
  list: Element | null,
  selector: string,
  items: readonly T[],
  pick: (proto: HTMLElement, item: T) => boolean,
  write: (el: HTMLElement, item: T, i: number) => void,
) {
  if (!list) return;
  const protos = [...list.querySelectorAll<HTMLElement>(`:scope > ${selector}`)];
  const copies = items.flatMap((item, i) => {
    const proto = protos.find((p) => pick(p, item));
    if (!proto) return [];
    const el = proto.cloneNode(true) as HTMLElement;
    write(el, item, i);
    return [el];
  });
  for (const p of protos) p.remove();
  list.prepend(...copies);
}

function writeSlide(figure: HTMLElement, m: MediaView) {
  set(figure.querySelector('img'), m.image);
  set(figure.querySelector('video'), { src: m.url, poster: m.thumbnail });
  set(figure.querySelector('iframe'), { src: m.url, title: m.title });
  set(figure.querySelector('a'), { href: m.url });
}

function writeThumb(li: HTMLElement, m: MediaView, i: number) {
  set(li.querySelector('button'), { 'data-dot': i, 'aria-label': m.thumbnailLabel });
  set(li.querySelector('img'), { src: m.thumbnail });
  const span = li.querySelector('span');
  if (span) span.textContent = m.kind;
}

type Slot = (name: string) => HTMLElement | null;

/**
 * The template holds every amenity (with its icon and label) and both trust lines: keep the listing's;
 * trust.ts then words the lines against today.
 */
function writeAmenitiesAndTrust(page: DocumentFragment, slot: Slot, p: Property) {
  const amenities = slot('amenities');
  amenities?.querySelectorAll<HTMLElement>('[data-amenity]').forEach((li) => {
    if (!p.amenities?.includes(li.dataset.amenity as never)) li.remove();
  });
  if (!amenities?.children.length) slot('amenities-section')?.remove();
  const open = p.status === 'available' || p.status === 'hot';
  const verified = page.querySelector('[data-verified]');
  if (open && p.verifiedAt) set(verified, { 'data-verified': p.verifiedAt });
  else verified?.remove();
  const available = page.querySelector('[data-available]');
  if (open && p.availableFrom) set(available, { 'data-available': p.availableFrom });
  else available?.remove();
}

/** The gallery: a copy of the slide prototype of each media's kind, thumbnails when there are several. */
function writeGallery(page: DocumentFragment, slot: Slot, media: MediaView[]) {
  const gallery = page.querySelector<HTMLElement>('[data-carousel]')!;
  const stage = slot('stage');
  const thumbs = gallery.querySelector('.thumbs');
  fill(stage, '[data-slide]', media, (el, m) => el.dataset.kind === m.type, writeSlide);
  fill(thumbs, 'li', media, (li, m) => !li.querySelector('img') === !m.thumbnail, writeThumb);
  if (media.length > 0) slot('no-media')?.remove();
  else stage?.remove();
  if (media.length < 2) {
    thumbs?.remove();
    gallery.querySelectorAll('[data-prev], [data-next]').forEach((button) => button.remove());
  }
  showSlide(gallery, 0);
}

/** The "Pour emménager" block: its lines, total or "ask the agency", badge; removed when nothing is known. */
function writeMoveIn(slot: Slot, v: ListingView) {
  const m = v.moveIn;
  if (!m) {
    slot('move-in')?.remove();
    return;
  }
  const amounts = (el: Element | null | undefined, amount: string, approx: string) => {
    const small = el?.querySelector('small');
    if (!el || !small) return;
    small.textContent = approx;
    el.replaceChildren(amount, small);
  };
  fill(
    slot('move-in-lines'),
    'li',
    m.lines,
    () => true,
    (li, l) => {
      const label = li.querySelector('.label');
      if (label) label.textContent = l.label;
      amounts(li.querySelector('.amount'), l.amount, l.approx);
    },
  );
  const total = slot('move-in-total');
  if (m.total) {
    const label = total?.querySelector('.label');
    if (label) label.textContent = m.total.label;
    const strong = total?.querySelector('strong');
    if (strong) strong.textContent = m.total.amount;
    const small = total?.querySelector('small');
    if (small) small.textContent = m.total.approx;
    slot('move-in-partial')?.remove();
  } else total?.remove();
  const badge = slot('move-in-badge');
  if (m.lawBadge && badge) badge.textContent = m.lawBadge;
  else badge?.remove();
  const note = slot('move-in-note');
  if (note) note.textContent = `${m.lawNote} ${v.rateNote}.`;
}

/** The property page of a listing, from the template. */
function render(template: HTMLTemplateElement, p: Property, config: LiveConfig) {
  const v = listingView(p, { ...config, t: createTranslator(config.messages) });
  const page = template.content.cloneNode(true) as DocumentFragment;
  const slot = (name: string) => page.querySelector<HTMLElement>(`[data-slot="${name}"]`);
  const text = (name: string, value: string) => {
    const el = slot(name);
    if (el) el.textContent = value;
  };
  const link = (name: string, href: string, value: string) => {
    text(name, value);
    set(slot(name), { href });
  };

  set(page.querySelector('[data-property]'), { 'data-property': p.id });
  text('price', v.price);
  text('approx', v.approx);
  set(slot('approx'), { title: v.rateNote });
  writeMoveIn(slot, v);
  text('type', v.type);
  set(slot('type'), { class: `type type-${p.type}` });
  text('title', v.title);
  text('where', v.where);
  link('commune-link', v.commune.href, v.commune.text);
  text('description', v.description);
  // The French text standing in for the page's language says so (decision 0029).
  if (v.textLang !== config.lang)
    for (const name of ['title', 'description']) set(slot(name), { lang: v.textLang });
  if (v.originalNotice) text('original', v.originalNotice);
  else slot('original')?.remove();
  fill(
    slot('facts'),
    'li',
    v.facts,
    (li, f) => li.classList.contains('status') === f.status,
    (li, f) => (li.textContent = f.text),
  );
  if (p.features.length)
    fill(
      slot('features'),
      'li',
      p.features,
      () => true,
      (li, f) => (li.textContent = f),
    );
  else slot('features-section')?.remove();

  writeAmenitiesAndTrust(page, slot, p);

  const map = page.querySelector('[data-property-map]');
  if (v.map) {
    set(map, { 'data-lat': v.map.lat, 'data-lng': v.map.lng, 'aria-label': v.map.label });
    text('map-commune', v.map.commune);
    text('map-where', v.where);
    slot('no-map')?.remove();
  } else map?.remove();

  writeGallery(page, slot, v.media);

  const c = v.contact;
  if (c.photo) set(slot('photo'), { src: c.photo, alt: c.photoAlt });
  else slot('photo')?.remove();
  text('name', c.name);
  text('role', c.role);
  link('phone', c.tel, c.phone);
  link('email', c.mailto, c.email);
  set(slot('whatsapp'), { href: v.whatsapp });
  set(slot('share-facebook'), { href: v.share.facebook });
  set(slot('share-twitter'), { href: v.share.twitter });
  set(slot('share-whatsapp'), { href: v.share.whatsapp });
  set(page.querySelector('[data-fav]'), { 'data-fav': p.id });
  return { page, v };
}

async function fetchListing(id: number): Promise<Property | null> {
  try {
    const response = await fetch(apiUrl(`/properties/${id}`), {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(10_000), // spec §9
    });
    if (!response.ok) return null;
    const p = (await response.json()) as Property | null;
    return p?.id === id && typeof p.title === 'string' && Array.isArray(p.media) && Array.isArray(p.features)
      ? p
      : null;
  } catch {
    return null; // unreachable, timed out or not JSON: the same as not found (spec §8)
  }
}

async function main(html: HTMLElement, template: HTMLTemplateElement, id: number) {
  // 'load' tells the bootstrap's safety timer that this script did start.
  if (html.dataset.live === 'wait') html.dataset.live = 'load';
  const p = await fetchListing(id);
  if (!p) {
    sendView(id);
    delete html.dataset.live;
    return;
  }
  const config = JSON.parse(template.dataset.config ?? '{}') as LiveConfig;
  const { page, v } = render(template, p, config);
  document.querySelectorAll('[data-live-hide]').forEach((el) => el.remove());
  template.before(page);
  delete html.dataset.live;
  document.title = v.documentTitle;
  const visit = document.querySelector('[data-slot="visit-property"]');
  if (visit) visit.textContent = v.visitTitle;
  // The language switcher leads to this listing in the other languages.
  document.querySelectorAll<HTMLAnchorElement>('a[hreflang]').forEach((a) => {
    if (isLang(a.hreflang)) a.href = localizePath(location.pathname, a.hreflang);
  });
  paintHearts();
  setUpPropertyPage(document.querySelector<HTMLElement>('[data-property]')!);
}

const html = document.documentElement;
const template = document.querySelector<HTMLTemplateElement>('template[data-live-listing]');
const id = Number(html.dataset.liveId);
if (template && Number.isInteger(id) && id > 0) void main(html, template, id);
