import { describe, expect, it } from 'vitest';
import { Email, Phone, VisitDate } from '../contract/index.ts';
import { EMAIL, PHONE, senderChecks, senderOf, visitDateInRange } from './form-rules.ts';

// The browser's copies must agree with the contract on what people really type.
describe('form rules agree with the contract', () => {
  it('on e-mails and phone numbers', () => {
    for (const v of ['a@b.cd', 'jean.mukendi@example.com', 'x@y', 'nope', 'a b@c.d']) {
      expect(EMAIL.test(v), v).toBe(Email.safeParse(v).success);
    }
    for (const v of ['+243 81 234 5678', '0812345678', '(+243) 99-123-4567', 'abc', '12']) {
      expect(PHONE.test(v), v).toBe(Phone.safeParse(v).success);
    }
  });

  it('on visit dates', () => {
    const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
    for (const n of [-10, -3, 0, 1, 30, 365, 400]) {
      expect(visitDateInRange(day(n)), String(n)).toBe(VisitDate.safeParse(day(n)).success);
    }
  });
});

// The contact form and the report dialog check their sender with this one function.
describe('senderChecks', () => {
  const text = { required: 'Champ requis', email: 'E-mail invalide', phone: 'Téléphone invalide' };
  const checksOf = (fields: Record<string, string>, required: string[]) =>
    Object.fromEntries(senderChecks((name) => fields[name] ?? '', text, required));

  it('passes a complete sender, with or without a phone', () => {
    const fields = { senderName: 'Jean', senderEmail: 'jean@example.com', content: 'Bonjour' };
    expect(checksOf(fields, ['content'])).toEqual({
      senderName: null,
      senderEmail: null,
      senderPhone: null,
      content: null,
    });
    expect(checksOf({ ...fields, senderPhone: '+243 81 234 5678' }, ['content']).senderPhone).toBeNull();
  });

  it('names each missing or invalid field, in the form order', () => {
    const checks = senderChecks((name) => ({ senderEmail: 'nope', senderPhone: '12' })[name] ?? '', text, [
      'subject',
      'content',
    ]);
    expect(checks).toEqual([
      ['senderName', 'Champ requis'],
      ['senderEmail', 'E-mail invalide'],
      ['senderPhone', 'Téléphone invalide'],
      ['subject', 'Champ requis'],
      ['content', 'Champ requis'],
    ]);
    expect(checksOf({}, []).senderEmail).toBe('Champ requis');
  });

  it('sends the sender without an empty phone', () => {
    const fields: Record<string, string> = {
      senderName: 'Jean',
      senderEmail: 'jean@example.com',
      senderPhone: '',
    };
    expect(senderOf((name) => fields[name] ?? '')).toEqual({
      senderName: 'Jean',
      senderEmail: 'jean@example.com',
      senderPhone: undefined,
    });
    fields.senderPhone = '0812345678';
    expect(senderOf((name) => fields[name] ?? '').senderPhone).toBe('0812345678');
  });
});
