import { describe, expect, it } from 'vitest';
import { dueReport } from './weekly-report.ts';

describe('dueReport', () => {
  it('is due from Monday 08:00 Kinshasa time (07:00 UTC), for the seven days before', () => {
    // Monday 30 November 2026, 07:59 in Kinshasa: last week's report is the one due.
    expect(dueReport(new Date('2026-11-30T06:59:00Z'))).toEqual({
      week: '2026-11-23',
      firstDay: '2026-11-16',
    });
    expect(dueReport(new Date('2026-11-30T07:00:00Z'))).toEqual({
      week: '2026-11-30',
      firstDay: '2026-11-23',
    });
    // Any time in the week after, until the next Monday 08:00.
    expect(dueReport(new Date('2026-12-03T15:00:00Z')).week).toBe('2026-11-30');
    expect(dueReport(new Date('2026-12-06T23:30:00Z')).week).toBe('2026-11-30');
    expect(dueReport(new Date('2026-12-07T07:00:00Z')).week).toBe('2026-12-07');
  });
});
