import { describe, expect, it } from 'vitest';
import { auditDetail } from './labels.ts';

describe('auditDetail', () => {
  it('names changed fields and statuses in French', () => {
    expect(auditDetail('property', 'update', 'title, price, managerId')).toBe('titre, prix, agent');
    expect(auditDetail('property', 'status', 'available → sold')).toBe('Disponible → Vendu');
    expect(auditDetail('message', 'status', 'new → replied')).toBe('Nouveau → Répondu');
    expect(auditDetail('team', 'status', 'actif → inactif')).toBe('actif → inactif');
    expect(auditDetail('property', 'update', null)).toBeNull();
  });
});
