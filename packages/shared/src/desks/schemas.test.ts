import { describe, expect, it } from 'vitest';
import { deskClosureSchema, deskSchema, openingHourSchema } from './schemas.js';

/** The dotted paths and messages of a failed parse, as the API's 400 names them. */
function issuesOf(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return (result.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);
}

describe('desk document schemas', () => {
  it('accepts a desk as DESIGN §5 writes it', () => {
    const desk = {
      id: 1,
      name: 'Balie 1',
      label: null,
      active: true,
      locationId: 1,
      productIds: [3, 5],
      openingHours: [{ weekday: 7, opens: '18:00', closes: '24:00' }],
      closures: [
        { id: 1, date: '2031-12-25', type: 'whole_day', reason: 'Eerste Kerstdag' },
        { id: 2, date: '2031-03-05', type: 'partial', from: '13:00', until: '15:00' },
      ],
      overflow: { morning: 0, afternoon: 50, evening: 100 },
      overflowPeriods: [
        { id: 1, from: '2031-01-01', until: '2031-01-01', morning: 10, afternoon: 0, evening: 0 },
      ],
    };
    expect(deskSchema.parse(desk)).toEqual(desk);
    // null: every product, also later ones.
    expect(deskSchema.parse({ ...desk, productIds: null }).productIds).toBeNull();
  });

  it('names the wrong field of an opening interval', () => {
    expect(issuesOf(openingHourSchema.safeParse({ weekday: 0, opens: '09:00', closes: '17:00' }))).toEqual([
      'weekday: invalid_weekday',
    ]);
    expect(issuesOf(openingHourSchema.safeParse({ weekday: 1, opens: '24:00', closes: '24:00' }))).toContain(
      'opens: invalid_time',
    );
    expect(issuesOf(openingHourSchema.safeParse({ weekday: 1, opens: '17:00', closes: '09:00' }))).toEqual([
      'closes: closes_before_opens',
    ]);
  });

  it('wants times for a partial closure only, from before until', () => {
    const base = { id: 1, date: '2031-03-05' };
    expect(issuesOf(deskClosureSchema.safeParse({ ...base, type: 'partial', from: '13:00' }))).toEqual([
      'until: required',
    ]);
    expect(
      issuesOf(deskClosureSchema.safeParse({ ...base, type: 'partial', from: '15:00', until: '13:00' })),
    ).toEqual(['until: until_before_from']);
    expect(issuesOf(deskClosureSchema.safeParse({ ...base, type: 'whole_day', from: '09:00' }))).toEqual([
      'from: whole_day_has_no_times',
    ]);
  });

  it('keeps overflow percentages within 0–100', () => {
    const desk = deskSchema.shape.overflow.safeParse({ morning: 101, afternoon: -1, evening: 1.5 });
    expect(issuesOf(desk)).toEqual([
      'morning: invalid_percentage',
      'afternoon: invalid_percentage',
      'evening: invalid_percentage',
    ]);
  });
});
