import { z } from 'zod';
import {
  CURRENCIES,
  PROPERTY_TYPES,
  PROPERTY_CATEGORIES,
  PROPERTY_STATUSES,
  MEDIA_TYPES,
  UPLOAD_MEDIA_TYPES,
  MESSAGE_STATUSES,
  MESSAGE_PROPERTY_TYPES,
  VISIT_STATUSES,
  ACCOUNT_ROLES,
  PROPERTY_SORTS,
  COMMUNES,
  TEAM_ROLES,
  AMENITIES,
  VERIFICATION_FILTERS,
  FILTER_CURRENCIES,
  ALERT_STATUSES,
  LEAD_CHANNELS,
  FOLLOW_UPS,
  REQUEST_KINDS,
} from '../shared/enums.ts';

// The value lists live in src/shared (browser code needs them without zod); the contract re-exports them.
export * from '../shared/enums.ts';

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
export const Amenity = z.enum(AMENITIES);
export const VerificationFilter = z.enum(VERIFICATION_FILTERS);
export const FilterCurrency = z.enum(FILTER_CURRENCIES);
export const AlertStatus = z.enum(ALERT_STATUSES);
export const LeadChannel = z.enum(LEAD_CHANNELS);
export const FollowUp = z.enum(FOLLOW_UPS);
export const RequestKind = z.enum(REQUEST_KINDS);

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
export type Amenity = z.infer<typeof Amenity>;
export type FilterCurrency = z.infer<typeof FilterCurrency>;
export type AlertStatus = z.infer<typeof AlertStatus>;
export type LeadChannel = z.infer<typeof LeadChannel>;
export type FollowUp = z.infer<typeof FollowUp>;
export type RequestKind = z.infer<typeof RequestKind>;
