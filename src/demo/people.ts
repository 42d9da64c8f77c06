import type { TeamRole } from '../contract/index.ts';
import { int, pick, type Rng } from './random.ts';

export interface TeamSeed {
  name: string;
  role: TeamRole;
  gender: 'f' | 'm';
  /** Days before today the person joined. */
  joinedDaysAgo: number;
  isActive: boolean;
  /** Agents carry listings; the others do not. */
  handlesListings: boolean;
}

/** The agency: eight people, every role, one agent who has left. */
export const TEAM: readonly TeamSeed[] = [
  {
    name: 'Patrick Mbuyi',
    role: 'Directeur Général',
    gender: 'm',
    joinedDaysAgo: 2150,
    isActive: true,
    handlesListings: false,
  },
  {
    name: 'Grâce Nsimba',
    role: 'Directeur Commercial',
    gender: 'f',
    joinedDaysAgo: 1890,
    isActive: true,
    handlesListings: true,
  },
  {
    name: 'Jonathan Kabeya',
    role: 'Agent Senior',
    gender: 'm',
    joinedDaysAgo: 1560,
    isActive: true,
    handlesListings: true,
  },
  {
    name: 'Sarah Mulumba',
    role: 'Agent Senior',
    gender: 'f',
    joinedDaysAgo: 1230,
    isActive: true,
    handlesListings: true,
  },
  {
    name: 'Christian Lukusa',
    role: 'Agent Junior',
    gender: 'm',
    joinedDaysAgo: 610,
    isActive: true,
    handlesListings: true,
  },
  {
    name: 'Divine Mbombo',
    role: 'Agent Junior',
    gender: 'f',
    joinedDaysAgo: 905,
    isActive: false,
    handlesListings: true,
  },
  {
    name: 'Ruth Kalala',
    role: 'Responsable Marketing',
    gender: 'f',
    joinedDaysAgo: 980,
    isActive: true,
    handlesListings: false,
  },
  {
    name: 'Cédric Ngoy',
    role: 'Assistant',
    gender: 'm',
    joinedDaysAgo: 240,
    isActive: true,
    handlesListings: false,
  },
];

/** Vodacom (81, 82), Airtel (97, 99), Orange (84, 85, 89): "+243 81 234 5678". */
export function congolesePhone(rng: Rng): string {
  const prefix = pick(rng, ['81', '82', '84', '85', '89', '97', '99']);
  return `+243 ${prefix} ${int(rng, 100, 999)} ${int(rng, 1000, 9999)}`;
}

/** "Grâce Nsimba" → "grace.nsimba". */
export const emailLocal = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]+/g, '.')
    .replace(/^\.|\.$/g, '');

const FIRST_NAMES = [
  'Aimé',
  'Blaise',
  'Carine',
  'Dieudonné',
  'Espérance',
  'Fabrice',
  'Gloire',
  'Héritier',
  'Irène',
  'Jeanine',
  'Josué',
  'Merveille',
  'Nadège',
  'Olivier',
  'Prisca',
  'Rachel',
  'Serge',
  'Thérèse',
  'Trésor',
  'Yannick',
  'Arsène',
  'Benedicte',
  'Chancelvie',
  'Exaucé',
  'Fiston',
  'Guelord',
  'Joëlle',
  'Marlène',
  'Rodrigue',
  'Sandrine',
  'Jean-Marie',
  'Marie-Claire',
  'Papy',
  'Dorcas',
  'Emmanuel',
  'Sylvie',
];
const LAST_NAMES = [
  'Kabamba',
  'Tshimanga',
  'Mutombo',
  'Ilunga',
  'Kasongo',
  'Mukendi',
  'Kalonji',
  'Tshibanda',
  'Lumbala',
  'Makiese',
  'Mputu',
  'Nzuzi',
  'Matondo',
  'Lukombo',
  'Bokele',
  'Mbala',
  'Nkulu',
  'Kanku',
  'Mayala',
  'Kiala',
  'Bolamba',
  'Lokwa',
  'Mavungu',
  'Nlandu',
  'Kabongo',
  'Diambu',
  'Ekofo',
  'Mpiana',
  'Ngalula',
  'Kisimba',
  'Muamba',
];

export function randomPerson(rng: Rng): { name: string; email: string; phone: string } {
  const first = pick(rng, FIRST_NAMES);
  const last = pick(rng, LAST_NAMES);
  const domain = pick(rng, [
    'gmail.com',
    'gmail.com',
    'gmail.com',
    'yahoo.fr',
    'outlook.com',
    'hotmail.com',
    'icloud.com',
  ]);
  const local = pick(rng, [
    `${emailLocal(first)}.${emailLocal(last)}`,
    `${emailLocal(first)}${emailLocal(last)}${int(rng, 1, 99)}`,
    `${emailLocal(last)}.${emailLocal(first)}`,
  ]);
  return {
    name: `${first} ${last}`,
    email: `${local.replace(/\.+/g, '.')}@${domain}`,
    phone: congolesePhone(rng),
  };
}
