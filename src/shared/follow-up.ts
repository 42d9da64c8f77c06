import type { FollowUp } from './enums.ts';

/** The inbox's follow-up statuses as the agency reads them : the admin and the CSV export. */
export const FOLLOW_UP_LABELS: Record<FollowUp, string> = {
  new: 'Nouvelle',
  contacted: 'Contactée',
  visit_planned: 'Visite prévue',
  closed: 'Conclue',
  dropped: 'Sans suite',
};
