import { describe, expect, it } from 'vitest';
import type { AgencySettings } from '../../contract/index.ts';
import { PHONE_MESSAGES } from '../../shared/phone.ts';
import { checkDraft, toDraft } from './draft.ts';

const stored: AgencySettings = {
  name: 'Ndako Immobilier',
  logo: null,
  phone: '+243812345678',
  whatsapp: '+243812345678',
  email: 'contact@ndako.cd',
  address: '12, avenue du Commerce, Gombe, Kinshasa',
  lat: null,
  long: null,
  hours: { weekdays: '8:00 – 18:00', saturday: '9:00 – 15:00', sunday: '' },
  social: { facebook: null, instagram: null, linkedin: null, x: null, tiktok: null, youtube: null },
  figures: { clients: 22, foundedYear: null },
  updatedAt: null,
};

describe('the settings form draft', () => {
  it('round-trips the stored settings into the body the API takes', () => {
    const draft = toDraft(stored);
    expect(draft.phone).toBe('+243 81 234 5678');
    const checked = checkDraft(draft);
    const { updatedAt: _a, ...body } = stored;
    expect(checked).toEqual({ ok: true, body });
  });

  it('reads numbers typed with a French comma, and national phone numbers', () => {
    const checked = checkDraft({ ...toDraft(stored), lat: '-4,3105', long: ' 15.3136', phone: '0899000111' });
    expect(checked.ok && checked.body).toMatchObject({ lat: -4.3105, long: 15.3136, phone: '+243899000111' });
  });

  it('keys the contract messages by the form field they belong to', () => {
    const draft = toDraft(stored);
    const checked = checkDraft({
      ...draft,
      phone: '0812',
      lat: 'nord',
      sunday: 'x'.repeat(41),
      social: { ...draft.social, x: 'http://x.com/ndako' },
      foundedYear: '1800',
    });
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.errors).toMatchObject({
      phone: PHONE_MESSAGES.congo,
      lat: 'Latitude : un nombre est attendu',
      sunday: 'Les horaires tiennent en 40 caractères',
      'social.x': 'Adresse de page invalide : elle commence par https://',
      foundedYear: 'Année de création : 1900 ou après',
    });
  });
});
