import { describe, expect, it } from 'vitest';
import { readViews, recordView, viewToSend } from './property-views.ts';

describe('propertyViews', () => {
  it('counts views per property and per day, keeping the last 30 days', () => {
    const day = (n: number) => new Date(Date.UTC(2026, 10, 1 + n, 10));
    let views = recordView({}, 7, day(0));
    views = recordView(views, 7, day(0));
    views = recordView(views, 7, day(1));
    expect(views['7']).toEqual({
      count: 3,
      lastViewed: day(1).toISOString(),
      dailyViews: [
        { date: '2026-11-01', views: 2 },
        { date: '2026-11-02', views: 1 },
      ],
    });
    views = recordView(views, 7, day(31));
    expect(views['7']?.dailyViews.map((d) => d.date)).toEqual(['2026-12-02']);
    expect(views['7']?.count).toBe(4);
  });

  it('reads malformed storage as empty', () => {
    expect(readViews('nope')).toEqual({});
    expect(readViews('[1]')).toEqual({});
    expect(readViews(null)).toEqual({});
  });
});

describe('viewToSend', () => {
  it('sends a listing once a day and forgets the other days', () => {
    const first = viewToSend(null, 7, '2026-11-23');
    expect(first).toEqual({ send: true, stored: '{"7":"2026-11-23"}' });
    expect(viewToSend(first.stored, 7, '2026-11-23').send).toBe(false);
    const other = viewToSend(first.stored, 8, '2026-11-23');
    expect(other.send).toBe(true);
    expect(JSON.parse(other.stored)).toEqual({ 7: '2026-11-23', 8: '2026-11-23' });
    const tomorrow = viewToSend(other.stored, 7, '2026-11-24');
    expect(tomorrow).toEqual({ send: true, stored: '{"7":"2026-11-24"}' });
  });

  it('sends when the storage is malformed', () => {
    for (const raw of ['nope', '[1]', 'null', '{"7":1}'])
      expect(viewToSend(raw, 7, '2026-11-23')).toEqual({ send: true, stored: '{"7":"2026-11-23"}' });
  });
});
