import { describe, expect, it } from 'vitest';
import { formatPhone, normalizePhone, PHONE_MESSAGES, telHref, whatsappDigits } from './phone.ts';

describe('normalizePhone', () => {
  it.each([
    '0812345678',
    '812345678',
    '+243 81 234 5678',
    '+243812345678',
    '00243 81 234 56 78',
    '00243812345678',
    '243812345678',
    '081.234.56.78',
    '(081) 234-5678',
    '+243 0812345678',
    '  0812345678  ',
  ])('reads %s as +243812345678', (typed) => {
    expect(normalizePhone(typed)).toEqual({ ok: true, value: '+243812345678' });
  });

  it('keeps numbers of other countries in E.164', () => {
    expect(normalizePhone('+33 6 12 34 56 78')).toEqual({ ok: true, value: '+33612345678' });
    expect(normalizePhone('0033612345678')).toEqual({ ok: true, value: '+33612345678' });
  });

  it.each([
    ['', PHONE_MESSAGES.empty],
    ['   ', PHONE_MESSAGES.empty],
    ['081234567', PHONE_MESSAGES.congo],
    ['08123456789', PHONE_MESSAGES.congo],
    ['+243 12345', PHONE_MESSAGES.congo],
    ['0012345', PHONE_MESSAGES.international],
    ['+1 234', PHONE_MESSAGES.international],
    ['+0 812 345 678', PHONE_MESSAGES.international],
    ['081 ABC 5678', PHONE_MESSAGES.characters],
    ['81+2345678', PHONE_MESSAGES.characters],
    ['appelez-nous', PHONE_MESSAGES.characters],
  ])('refuses %j with a French message', (typed, message) => {
    expect(normalizePhone(typed)).toEqual({ ok: false, message });
  });
});

describe('formatPhone, whatsappDigits, telHref', () => {
  it('shows a Congolese number in groups and others as stored', () => {
    expect(formatPhone('+243812345678')).toBe('+243 81 234 5678');
    expect(formatPhone('+33612345678')).toBe('+33612345678');
  });
  it('gives wa.me the international digits, even for a number typed the national way', () => {
    expect(whatsappDigits('0812345678')).toBe('243812345678');
    expect(whatsappDigits('+243 81 234 5678')).toBe('243812345678');
    expect(whatsappDigits('12 34')).toBe('1234');
  });
  it('links a call to the E.164 number', () => {
    expect(telHref('+243 81 234 5678')).toBe('tel:+243812345678');
  });
});
