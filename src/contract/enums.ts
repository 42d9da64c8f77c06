import { z } from 'zod';

export const CURRENCIES = ['USD', 'CDF', 'EUR'] as const;
export const PROPERTY_TYPES = ['sale', 'rent'] as const;
export const PROPERTY_CATEGORIES = ['apartment', 'house', 'villa', 'office', 'land'] as const;
export const PROPERTY_STATUSES = ['available', 'sold', 'unavailable', 'hot'] as const;
export const MEDIA_TYPES = ['image', 'video', '3d'] as const;
export const UPLOAD_MEDIA_TYPES = ['image', 'video'] as const;
export const MESSAGE_STATUSES = ['new', 'read', 'replied', 'closed'] as const;
export const MESSAGE_PROPERTY_TYPES = ['buy', 'rent', 'evaluation', 'general'] as const;
export const VISIT_STATUSES = ['new', 'confirmed', 'done', 'cancelled'] as const;
export const ACCOUNT_ROLES = ['admin', 'agent'] as const;
/** `recently_viewed`: the admin's Views page, most recently viewed first, never-viewed last. */
export const PROPERTY_SORTS = ['newest', 'price_asc', 'price_desc', 'views', 'recently_viewed'] as const;

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

export const TEAM_ROLES = [
  'Directeur Général',
  'Directeur Commercial',
  'Agent Senior',
  'Agent Junior',
  'Responsable Marketing',
  'Assistant',
] as const;

export const Currency = z.enum(CURRENCIES);
export const PropertyType = z.enum(PROPERTY_TYPES);
export const PropertyCategory = z.enum(PROPERTY_CATEGORIES);
export const PropertyStatus = z.enum(PROPERTY_STATUSES);
export const MediaType = z.enum(MEDIA_TYPES);
export const UploadMediaType = z.enum(UPLOAD_MEDIA_TYPES);
export const MessageStatus = z.enum(MESSAGE_STATUSES);
export const MessagePropertyType = z.enum(MESSAGE_PROPERTY_TYPES);
export const VisitStatus = z.enum(VISIT_STATUSES);
export const AccountRole = z.enum(ACCOUNT_ROLES);
export const PropertySort = z.enum(PROPERTY_SORTS);
export const Commune = z.enum(COMMUNES);
export const TeamRole = z.enum(TEAM_ROLES);

export type Currency = z.infer<typeof Currency>;
export type PropertyType = z.infer<typeof PropertyType>;
export type PropertyCategory = z.infer<typeof PropertyCategory>;
export type PropertyStatus = z.infer<typeof PropertyStatus>;
export type MediaType = z.infer<typeof MediaType>;
export type MessageStatus = z.infer<typeof MessageStatus>;
export type MessagePropertyType = z.infer<typeof MessagePropertyType>;
export type VisitStatus = z.infer<typeof VisitStatus>;
export type AccountRole = z.infer<typeof AccountRole>;
export type PropertySort = z.infer<typeof PropertySort>;
export type Commune = z.infer<typeof Commune>;
export type TeamRole = z.infer<typeof TeamRole>;
