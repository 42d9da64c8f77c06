import type { MessagePropertyType, MessageStatus, VisitStatus } from '../contract/index.ts';
import type { messages, visitRequests } from '../db/schema.ts';
import { COMMUNE_INFO } from './communes.ts';
import { randomPerson } from './people.ts';
import { between, chance, int, pick, sample, skewed, weighted, type Rng } from './random.ts';
import { thousands } from './texts.ts';

type MessageRow = typeof messages.$inferInsert;
type VisitRow = typeof visitRequests.$inferInsert;

const DAY = 86_400_000;
const MINUTE = 60_000;

export interface ListingRef {
  id: number;
  title: string;
  state: string;
  status: string;
  viewCount: number;
}

const popularCommune = (rng: Rng) =>
  pick(
    rng,
    COMMUNE_INFO.filter((c) => c.level >= 1),
  ).name;

type MessageBody = { subject: string; content: string };

/** A question about the listing the visitor writes from. */
function listingQuestion(rng: Rng, kind: 'buy' | 'rent', listing: ListingRef): MessageBody {
  return pick(rng, [
    {
      subject: `Demande d'information – ${listing.title}`,
      content: `Bonjour, je suis intéressé par votre annonce « ${listing.title} ». Le prix est-il négociable ? Serait-il possible de visiter ${pick(rng, ['ce samedi', 'en début de semaine prochaine', 'demain en fin de journée'])} ? Merci d'avance.`,
    },
    {
      subject: `Visite – ${listing.title}`,
      content: `Bonsoir, l'annonce « ${listing.title} » m'intéresse beaucoup. Le bien est-il toujours disponible ? ${kind === 'rent' ? 'Quelles sont les conditions (garantie, avance sur loyer) ?' : 'Les documents (certificat d’enregistrement) sont-ils disponibles pour vérification ?'}`,
    },
    {
      subject: 'Question sur une annonce',
      content: `Bonjour, concernant « ${listing.title} » : y a-t-il un groupe électrogène et un forage ? L'eau de la REGIDESO est-elle régulière dans le quartier ? Je suis actuellement à l'étranger, une visite vidéo est-elle possible ?`,
    },
  ]);
}

/**
 * What a visitor writes of each kind, without a listing (or a report about one). `commune` and `budget` are
 * drawn for every message, used or not, so that the random sequence is the same whichever kind is written.
 */
const BODIES: Record<
  MessagePropertyType,
  (rng: Rng, commune: string, budget: string, listing: ListingRef | null) => MessageBody
> = {
  // What visitors report: someone else asking money for the house, or a house already taken.
  report: (rng, _commune, _budget, listing) =>
    pick(rng, [
      {
        subject: `Signalement : ${listing?.title ?? 'une annonce'}`,
        content: `Un homme se disant propriétaire de ce bien me demande 200 $ de « frais de dossier » par Airtel Money avant la visite. Est-ce bien votre agence ?`,
      },
      {
        subject: `Signalement : ${listing?.title ?? 'une annonce'}`,
        content: `Je suis passé devant cette maison hier : elle est déjà occupée par une famille. L'annonce est-elle encore valable ?`,
      },
    ]),
  rent: (rng, commune, budget) =>
    pick(rng, [
      {
        subject: `Recherche appartement à louer à ${commune}`,
        content: `Bonjour, je cherche un appartement de ${int(rng, 2, 3)} chambres à louer à ${commune} ou dans les environs, budget maximum ${budget} $ par mois. Avez-vous quelque chose de disponible pour le mois prochain ?`,
      },
      {
        subject: 'Maison à louer pour famille',
        content: `Bonjour, nous sommes une famille de cinq personnes et cherchons une maison de 3 ou 4 chambres avec cour, à ${commune} de préférence. Budget autour de ${budget} $. Merci de me contacter par WhatsApp.`,
      },
      {
        subject: 'Logement pour expatrié',
        content: `Good morning, je rejoins une ONG à Kinshasa le mois prochain et je cherche un appartement meublé et sécurisé à Gombe ou Ngaliema, avec groupe électrogène. Budget ${thousands(int(rng, 15, 35) * 100)} $ par mois.`,
      },
    ]),
  buy: (rng, commune) =>
    pick(rng, [
      {
        subject: `Achat d'une parcelle à ${commune}`,
        content: `Bonjour, je souhaite acheter une parcelle d'environ 20 x 25 m à ${commune} ou à Mont-Ngafula, avec titre foncier. Mon budget est de ${thousands(int(rng, 3, 9) * 10000)} $. Quelles sont vos offres ?`,
      },
      {
        subject: 'Achat maison – diaspora',
        content: `Bonjour, je vis à Bruxelles et je voudrais acheter une maison à Kinshasa pour ma mère, idéalement à ${commune}. Comment se passe l'achat à distance et la vérification des documents ?`,
      },
    ]),
  evaluation: (rng, commune) =>
    pick(rng, [
      {
        subject: `Évaluation de ma maison à ${commune}`,
        content: `Bonjour, je souhaite vendre ma maison de ${int(rng, 3, 5)} chambres sur une parcelle de 20 x 30 m à ${commune}. Pouvez-vous passer pour une estimation ? Je suis disponible en semaine après 16 h.`,
      },
      {
        subject: 'Estimation pour mise en location',
        content: `Bonjour, je viens de terminer la construction d'un immeuble de 4 appartements à ${commune}. J'aimerais connaître le loyer que je peux en attendre et vos conditions de gestion locative.`,
      },
    ]),
  general: (rng, commune) =>
    pick(rng, [
      {
        subject: "Frais d'agence",
        content:
          "Bonjour, quels sont vos frais d'agence pour une location ? Est-ce un mois de loyer, payé par le locataire ou le propriétaire ?",
      },
      {
        subject: 'Gestion locative',
        content: `Bonjour, je possède deux maisons à ${commune} et je cherche une agence sérieuse pour en assurer la gestion (loyers, entretien). Pouvons-nous en discuter ?`,
      },
      {
        subject: 'Horaires du bureau',
        content:
          'Bonjour, votre agence est-elle ouverte le samedi ? Je voudrais passer déposer des documents pour un dossier de location.',
      },
      {
        subject: 'Partenariat',
        content:
          'Bonjour, nous sommes une entreprise de construction basée à Limete et souhaiterions proposer nos services à vos clients acheteurs de parcelles.',
      },
    ]),
};

function messageBody(rng: Rng, kind: MessagePropertyType, listing: ListingRef | null): MessageBody {
  const commune = popularCommune(rng);
  const budget = thousands(pick(rng, [300, 400, 500, 600, 800, 1000, 1500, 2500]));
  if (listing && (kind === 'buy' || kind === 'rent')) return listingQuestion(rng, kind, listing);
  return BODIES[kind](rng, commune, budget, listing);
}

/** About 32 messages over the last two months; the most recent are still unread. */
export function buildMessages(rng: Rng, now: number, listings: readonly ListingRef[]): MessageRow[] {
  const count = 32;
  const dates = Array.from({ length: count }, () => now - skewed(rng, 0.02, 60, 1.3) * DAY).sort(
    (a, b) => b - a,
  );
  const statuses: MessageStatus[] = sample(
    rng,
    [
      ...Array<MessageStatus>(8).fill('read'),
      ...Array<MessageStatus>(10).fill('replied'),
      ...Array<MessageStatus>(5).fill('closed'),
    ],
    23,
  );
  return dates.map((created, i) => {
    const status: MessageStatus = i < 9 ? 'new' : (statuses[i - 9] ?? 'read');
    const kind = weighted<MessagePropertyType>(rng, [
      ['buy', 30],
      ['rent', 35],
      ['evaluation', 15],
      ['general', 20],
      ['report', listings.length > 0 ? 4 : 0],
    ]);
    const listing =
      listings.length > 0 && (kind === 'report' || ((kind === 'buy' || kind === 'rent') && chance(rng, 0.6)))
        ? pick(rng, listings)
        : null;
    const person = randomPerson(rng);
    const replied =
      status === 'replied' || (status === 'closed' && chance(rng, 0.6))
        ? Math.min(now, created + between(rng, 1, 30) * 3_600_000)
        : null;
    return {
      senderName: person.name,
      senderEmail: person.email,
      senderPhone: chance(rng, 0.8) ? person.phone : null,
      ...messageBody(rng, kind, listing),
      propertyType: kind,
      propertyId: listing?.id ?? null,
      status,
      repliedAt: replied === null ? null : new Date(replied),
      createdAt: new Date(created),
      updatedAt: new Date(replied ?? created),
    };
  });
}

const pad = (v: number) => String(v).padStart(2, '0');
/** Local Kinshasa date and time as the date picker sends it: 2025-06-14T10:30. */
function localDateTime(t: number): string {
  const d = new Date(t + 3_600_000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

export function buildVisits(
  rng: Rng,
  now: number,
  listings: readonly ListingRef[],
  siteUrl: string,
): VisitRow[] {
  const open = listings.filter((l) => l.status === 'available' || l.status === 'hot');
  const candidates = open.length > 0 ? open : listings;
  if (candidates.length === 0) return [];
  const plan: VisitStatus[] = [
    'new',
    'new',
    'new',
    'new',
    'new',
    'confirmed',
    'confirmed',
    'confirmed',
    'confirmed',
    'done',
    'done',
    'done',
    'done',
    'done',
    'cancelled',
  ];
  return plan.map((status) => {
    const listing = pick(rng, candidates);
    const person = randomPerson(rng);
    const slot = (int(rng, 9, 16) - 1) * 3_600_000 + pick(rng, [0, 30]) * MINUTE;
    const day = Math.floor(now / DAY) * DAY;
    const visit = status === 'done' ? day - int(rng, 2, 40) * DAY + slot : day + int(rng, 1, 25) * DAY + slot;
    const created = status === 'done' ? visit - between(rng, 1, 10) * DAY : now - between(rng, 0.1, 7) * DAY;
    return {
      name: person.name,
      visitDate: localDateTime(visit),
      telephone: person.phone,
      email: chance(rng, 0.7) ? person.email : null,
      url: `${siteUrl}/property/${listing.id}`,
      propertyId: listing.id,
      status,
      createdAt: new Date(created),
      updatedAt: new Date(Math.min(now, Math.max(created, status === 'done' ? visit : created))),
    };
  });
}
