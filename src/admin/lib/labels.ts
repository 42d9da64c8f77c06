import type {
  AccountRole,
  AuditAction,
  AuditEntity,
  MessageStatus,
  Property,
  PropertyStatus,
  VisitStatus,
} from '../../contract/index.ts';
import { createTranslator, formatAreaWith, formatPriceWith } from '../../i18n/core.ts';
import { fr } from '../../i18n/fr.ts';

/** Staff work in French: the admin reads the site's French dictionary for the labels both share. */
export const t = createTranslator(fr);

export const formatPrice = (p: Pick<Property, 'price' | 'currency' | 'type'>) =>
  formatPriceWith(t, p.price, p.currency, p.type);
export const formatArea = (area: number) => formatAreaWith(t, area);

export const PROPERTY_STATUS_LABELS: Record<PropertyStatus, string> = {
  available: t('status.available'),
  sold: t('status.sold'),
  unavailable: t('status.unavailable'),
  hot: t('status.hot'),
};

export const MESSAGE_STATUS_LABELS: Record<MessageStatus, string> = {
  new: 'Nouveau',
  read: 'Lu',
  replied: 'Répondu',
  closed: 'Fermé',
};

export const VISIT_STATUS_LABELS: Record<VisitStatus, string> = {
  new: 'À confirmer',
  confirmed: 'Confirmée',
  done: 'Effectuée',
  cancelled: 'Annulée',
};

export const ROLE_LABELS: Record<AccountRole, string> = { admin: 'Administrateur', agent: 'Agent' };

export const AUDIT_ENTITY_LABELS: Record<AuditEntity, string> = {
  property: 'Propriété',
  team: 'Équipe',
  message: 'Message',
  visit: 'Visite',
  account: 'Compte',
  site: 'Site public',
  demo: 'Démonstration',
  media: 'Média',
  data: 'Conservation des données',
  settings: "Paramètres de l'agence",
  rates: 'Taux de change',
  alert: 'Alerte',
};

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  create: 'Création',
  update: 'Modification',
  delete: 'Suppression',
  status: 'Statut',
  publish: 'Publication',
  verify: 'Vérification sur place',
};

/** The record fields an update's audit detail names, as staff call them. */
const FIELD_LABELS: Record<string, string> = {
  title: 'titre',
  description: 'description',
  price: 'prix',
  currency: 'devise',
  type: 'type',
  category: 'catégorie',
  bedrooms: 'chambres',
  bathrooms: 'salles de bain',
  area: 'surface',
  address: 'adresse',
  state: 'commune',
  lat: 'latitude',
  long: 'longitude',
  features: 'caractéristiques',
  media: 'médias',
  managerId: 'agent',
  status: 'statut',
  featured: 'vedette',
  name: 'nom',
  role: 'rôle',
  phone: 'téléphone',
  email: 'e-mail',
  photo: 'photo',
  joinDate: 'date d’arrivée',
  isActive: 'actif',
};

const STATUS_WORDS: Partial<Record<AuditEntity, Record<string, string>>> = {
  property: PROPERTY_STATUS_LABELS,
  message: MESSAGE_STATUS_LABELS,
  visit: VISIT_STATUS_LABELS,
};

/** The server records keys ("title, price", "available → sold"); staff read French words. */
export function auditDetail(entity: AuditEntity, action: AuditAction, detail: string | null): string | null {
  if (!detail) return null;
  if (action === 'update')
    return detail
      .split(', ')
      .map((key) => FIELD_LABELS[key] ?? key)
      .join(', ');
  if (action === 'status') {
    const words = STATUS_WORDS[entity];
    return words
      ? detail
          .split(' → ')
          .map((s) => words[s] ?? s)
          .join(' → ')
      : detail;
  }
  return detail;
}
