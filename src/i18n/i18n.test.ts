import { describe, expect, it } from 'vitest';
import {
  PROPERTY_CATEGORIES,
  PROPERTY_STATUSES,
  PROPERTY_TYPES,
  MEDIA_TYPES,
  TEAM_ROLES,
} from '../contract/enums.ts';
import {
  DICTIONARIES,
  LANGS,
  LANG_META,
  createTranslator,
  formatArea,
  formatPrice,
  isLang,
  langFromPath,
  localizePath,
  pluralKey,
  TEAM_ROLE_KEYS,
  translator,
} from './index.ts';
import type { MessageKey } from './index.ts';
import { fr } from './fr.ts';

const frKeys = Object.keys(fr).sort();
const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('dictionaries', () => {
  it.each(LANGS)('%s has exactly the keys of fr, none empty', (lang) => {
    const dict = DICTIONARIES[lang];
    expect(Object.keys(dict).sort()).toEqual(frKeys);
    for (const [key, value] of Object.entries(dict)) {
      expect(typeof value, key).toBe('string');
      expect(value.trim(), key).not.toBe('');
      expect(value, key).toBe(value.trim());
    }
  });

  it.each(LANGS)('%s keeps the placeholders of fr for every key', (lang) => {
    for (const key of frKeys) {
      const reference = placeholders(fr[key as MessageKey]);
      expect(placeholders(DICTIONARIES[lang][key as MessageKey]), `${lang} ${key}`).toEqual(reference);
    }
  });

  it('keys are dotted lowerCamel segments and no key is the prefix of another', () => {
    for (const key of frKeys) {
      expect(key).toMatch(/^[a-z][a-zA-Z0-9]*(\.[a-z0-9][a-zA-Z0-9]*)+$/);
      expect(
        frKeys.some((other) => other.startsWith(`${key}.`)),
        key,
      ).toBe(false);
    }
  });

  it('Lingala is written, not copied: it differs from French and English for at least 80% of keys', () => {
    const own = frKeys.filter((k) => {
      const key = k as MessageKey;
      return DICTIONARIES.ln[key] !== fr[key] && DICTIONARIES.ln[key] !== DICTIONARIES.en[key];
    });
    expect(own.length / frKeys.length).toBeGreaterThanOrEqual(0.8);
  });

  it('French uses the exact texts of the spec', () => {
    const values = new Set<string>(Object.values(fr));
    for (const text of [
      'Favoris',
      'Vendre ma maison',
      'Connexion',
      'Propriétés Vedettes',
      'Aucune propriété trouvée',
      'Erreur lors du chargement des propriétés',
      'Erreur lors du chargement des favoris',
      'Propriété non trouvée',
      'Nom complet',
      'Numéro WhatsApp',
      'Message envoyé !',
      "Erreur lors de l'envoi du message. Veuillez réessayer.",
      'Visite programmée avec succès!',
      "Echec d'enregistrement ! Veuillez reéssayer",
      'Excellence',
      'Passion',
      'Confiance',
      'Affichage de {from} à {to} sur {total} propriétés',
    ]) {
      expect(values.has(text), text).toBe(true);
    }
    expect(fr['toast.propertyShared']).toBeTruthy();
  });

  it('covers every category, type, status, media type and team role of the contract', () => {
    const t = translator('en');
    for (const c of PROPERTY_CATEGORIES) expect(t(`category.${c}`)).not.toBe(`category.${c}`);
    for (const ty of PROPERTY_TYPES) expect(t(`type.${ty}`)).not.toBe(`type.${ty}`);
    for (const s of PROPERTY_STATUSES) expect(t(`status.${s}`)).not.toBe(`status.${s}`);
    for (const m of MEDIA_TYPES) expect(t(`media.${m}`)).not.toBe(`media.${m}`);
    for (const role of TEAM_ROLES) expect(fr[TEAM_ROLE_KEYS[role]]).toBe(role);
  });
});

describe('translator', () => {
  it('shows the key itself for a key missing at run time, in every language', () => {
    for (const lang of LANGS) {
      expect(translator(lang)('nope.missing' as MessageKey)).toBe('nope.missing');
    }
    expect(createTranslator({ 'nav.home': 'Home' })('nav.about')).toBe('nav.about');
  });

  it('fills placeholders from params, then from defaults, and leaves unknown ones', () => {
    const t = translator('fr');
    expect(t('catalogue.pagination.showing', { from: 1, to: 9, total: 42 })).toBe(
      'Affichage de 1 à 9 sur 42 propriétés',
    );
    expect(t('footer.copyright', { year: 2026, agency: 'Ndako' })).toBe(
      '© 2026 Ndako. Tous droits réservés.',
    );
    expect(translator('en', { agency: 'Ndako' })('about.title')).toBe('About Ndako');
    expect(translator('en', { agency: 'Ndako' })('about.title', { agency: 'X' })).toBe('About X');
    expect(t('catalogue.pagination.page')).toBe('Page {n}');
    expect(translator('ln')('nav.home')).toBe('Ebandeli');
  });

  it('chooses plural forms by language', () => {
    expect(translator('fr')(pluralKey('catalogue.count', 'fr', 0), { count: 0 })).toBe('0 propriété trouvée');
    expect(translator('fr')(pluralKey('catalogue.count', 'fr', 2), { count: 2 })).toBe(
      '2 propriétés trouvées',
    );
    expect(translator('en')(pluralKey('catalogue.count', 'en', 0), { count: 0 })).toBe('0 properties found');
    expect(translator('en')(pluralKey('facts.bedrooms', 'en', 1), { count: 1 })).toBe('1 bedroom');
    expect(translator('ln')(pluralKey('catalogue.count', 'ln', 12), { count: 12 })).toBe(
      'Ba propriété 12 ezwami',
    );
  });
});

describe('paths', () => {
  it('reads the language from the path', () => {
    expect(langFromPath('/')).toBe('fr');
    expect(langFromPath('/properties')).toBe('fr');
    expect(langFromPath('/en')).toBe('en');
    expect(langFromPath('/en/')).toBe('en');
    expect(langFromPath('/ln/property/5')).toBe('ln');
    expect(langFromPath('/english')).toBe('fr');
    expect(langFromPath('/lnx/a')).toBe('fr');
  });

  it('localizes a path and switches its language', () => {
    expect(localizePath('/', 'fr')).toBe('/');
    expect(localizePath('/', 'en')).toBe('/en/');
    expect(localizePath('/properties', 'en')).toBe('/en/properties');
    expect(localizePath('/properties?x=1#y', 'ln')).toBe('/ln/properties?x=1#y');
    expect(localizePath('/en/', 'fr')).toBe('/');
    expect(localizePath('/en', 'ln')).toBe('/ln/');
    expect(localizePath('/ln/property/5', 'en')).toBe('/en/property/5');
    expect(localizePath('/english', 'en')).toBe('/en/english');
    expect(localizePath('https://ndako.cd/en/about?a=b', 'fr')).toBe('https://ndako.cd/about?a=b');
  });

  it.each(['/', '/properties?x=1#y', '/en/', '/ln/property/5'])('round trips %s', (path) => {
    const original = langFromPath(path);
    for (const lang of LANGS) {
      const there = localizePath(path, lang);
      expect(langFromPath(there)).toBe(lang);
      expect(localizePath(there, original)).toBe(localizePath(path, original));
    }
    expect(localizePath(path, original)).toBe(path);
  });

  it('knows each language', () => {
    expect(LANGS.every(isLang)).toBe(true);
    expect(isLang('de')).toBe(false);
    expect(isLang(undefined)).toBe(false);
    expect(LANG_META.ln).toMatchObject({ name: 'Lingála', htmlLang: 'ln', flag: '🇨🇩' });
  });
});

describe('formatting', () => {
  it('formats prices with en-US separators, the currency and the per-month suffix', () => {
    expect(formatPrice(1500, 'USD', 'rent', 'fr')).toBe('1,500 USD/mois');
    expect(formatPrice(1500, 'USD', 'rent', 'en')).toBe('1,500 USD/month');
    expect(formatPrice(1500, 'USD', 'rent', 'ln')).toBe('1,500 USD/sanza');
    expect(formatPrice(250000, 'USD', 'sale', 'fr')).toBe('250,000 USD');
    expect(formatPrice(1_250_000_000, 'CDF', 'sale', 'ln')).toBe('1,250,000,000 CDF');
    expect(formatPrice(2_850_000, 'CDF', 'rent', 'en')).toBe('2,850,000 CDF/month');
    expect(formatPrice(950.5, 'EUR', 'sale', 'fr')).toBe('950.5 EUR');
    expect(formatPrice(Number.NaN, 'USD', 'sale', 'fr')).toBe('0 USD');
  });

  it('formats areas in square metres', () => {
    expect(formatArea(120, 'fr')).toBe('120 m²');
    expect(formatArea(12500, 'en')).toBe('12,500 m²');
  });
});
