import { describe, expect, it } from 'vitest';
import { whatsappChat } from './contact-links.ts';

describe('whatsappChat', () => {
  it('opens a chat with the international number, however the visitor typed it', () => {
    expect(whatsappChat('0812345678')).toBe('https://wa.me/243812345678');
    expect(whatsappChat('081 234 56 78')).toBe('https://wa.me/243812345678');
    expect(whatsappChat('+243 81 234 5678')).toBe('https://wa.me/243812345678');
    expect(whatsappChat('+33 6 12 34 56 78')).toBe('https://wa.me/33612345678');
  });
});
