/**
 * The value lists of the domain, zod-free so browser code can ship them: the contract builds its zod enums
 * from these (src/contract/enums.ts), and the catalogue's URL parsing and listing index read them directly.
 */
export const CURRENCIES = ['USD', 'CDF', 'EUR'] as const;
export const PROPERTY_TYPES = ['sale', 'rent'] as const;
export const PROPERTY_CATEGORIES = ['apartment', 'house', 'villa', 'office', 'land'] as const;
export const PROPERTY_STATUSES = ['available', 'sold', 'unavailable', 'hot'] as const;
export const MEDIA_TYPES = ['image', 'video', '3d'] as const;
export const UPLOAD_MEDIA_TYPES = ['image', 'video'] as const;
export const MESSAGE_STATUSES = ['new', 'read', 'replied', 'closed'] as const;
/** `report`: a visitor's "Signaler cette annonce", sent through the contact form's route. */
export const MESSAGE_PROPERTY_TYPES = ['buy', 'rent', 'evaluation', 'general', 'report'] as const;
export const VISIT_STATUSES = ['new', 'confirmed', 'done', 'cancelled'] as const;
export const ACCOUNT_ROLES = ['admin', 'agent'] as const;
/**
 * What the site counts per listing, visitor and day (decision 0048): a page view, a tap on a WhatsApp button,
 * a tap on a telephone number.
 */
export const LEAD_CHANNELS = ['view', 'whatsapp', 'call'] as const;
/** Where a request of the inbox stands (nouvelle → contactée → visite prévue → conclue / sans suite). */
export const FOLLOW_UPS = ['new', 'contacted', 'visit_planned', 'closed', 'dropped'] as const;
/** The inbox's kinds of request: a message (a listing report is one), a visit request. */
export const REQUEST_KINDS = ['message', 'visit'] as const;
/** `recently_viewed`: the admin's Views page, most recently viewed first, never-viewed last. */
export const PROPERTY_SORTS = ['newest', 'price_asc', 'price_desc', 'views', 'recently_viewed'] as const;

/**
 * What a house has: what Kinshasa renters ask before a visit. The order is part of the listing
 * index's format (bit i of its amenities mask is AMENITIES[i]): append, never reorder.
 */
export const AMENITIES = [
  'generator',
  'solar',
  'waterTank',
  'borehole',
  'guard',
  'pavedRoad',
  'parking',
  'furnished',
  'airConditioning',
  'prepaidMeter',
  'garden',
  'pool',
] as const;
/** The amenities a card shows, most asked first (power and water cuts are daily): the first three present. */
export const CARD_AMENITIES = ['generator', 'solar', 'borehole', 'waterTank', 'guard', 'pool'] as const;
export const CARD_AMENITY_COUNT = 3;
/** A staff check of a listing (a visit) is shown publicly this many days, then it must be renewed. */
export const VERIFICATION_DAYS = 90;
/** The admin's filter of listings by their check: `due` never checked or older than VERIFICATION_DAYS. */
export const VERIFICATION_FILTERS = ['due', 'recent'] as const;

export const COMMUNES = [
  'Bandalungwa',
  'Barumbu',
  'Bumbu',
  'Gombe',
  'Kalamu',
  'Kasa-Vubu',
  'Kimbanseke',
  'Kinshasa',
  'Kintambo',
  'Kisenso',
  'Lemba',
  'Limete',
  'Lingwala',
  'Makala',
  'Maluku',
  'Masina',
  'Matete',
  'Mont-Ngafula',
  'Ndjili',
  'Ngaba',
  'Ngaliema',
  'Ngiri-Ngiri',
  'Nsele',
  'Selembao',
] as const;

/** The currency the catalogue's price bounds are typed in (decision 0021): a listing in any currency is
 *  compared in it. */
export const FILTER_CURRENCIES = ['USD', 'CDF'] as const;
/** A saved search's life (decision 0028): pending until its e-mail link is pressed, then confirmed until the
 *  visitor unsubscribes. */
export const ALERT_STATUSES = ['pending', 'confirmed', 'unsubscribed'] as const;

export const TEAM_ROLES = [
  'Directeur Général',
  'Directeur Commercial',
  'Agent Senior',
  'Agent Junior',
  'Responsable Marketing',
  'Assistant',
] as const;

export type Currency = (typeof CURRENCIES)[number];
export type PropertyType = (typeof PROPERTY_TYPES)[number];
export type PropertyCategory = (typeof PROPERTY_CATEGORIES)[number];
export type PropertyStatus = (typeof PROPERTY_STATUSES)[number];
export type MediaType = (typeof MEDIA_TYPES)[number];
export type Commune = (typeof COMMUNES)[number];
export type Amenity = (typeof AMENITIES)[number];
export type FilterCurrency = (typeof FILTER_CURRENCIES)[number];
export type AlertStatus = (typeof ALERT_STATUSES)[number];
export type LeadChannel = (typeof LEAD_CHANNELS)[number];
export type FollowUp = (typeof FOLLOW_UPS)[number];
export type RequestKind = (typeof REQUEST_KINDS)[number];
