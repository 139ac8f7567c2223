import { describe, expect, it } from 'vitest';
import {
  createClosureRequestSchema,
  openingHoursInputSchema,
  overflowPeriodsInputSchema,
  patchDeskRequestSchema,
} from './requests.js';
import { patchOrganisationRequestSchema } from '../organisation/schemas.js';

const issuesOf = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

describe('desk write schemas', () => {
  it('accepts several intervals a day and touching ones, and names the later of two overlapping', () => {
    const ok = [
      { weekday: 1, opens: '08:30', closes: '12:30' },
      { weekday: 1, opens: '12:30', closes: '17:00' },
      { weekday: 2, opens: '08:30', closes: '24:00' },
    ];
    expect(openingHoursInputSchema.parse(ok)).toEqual(ok);
    const clash = [
      { weekday: 3, opens: '13:00', closes: '17:00' },
      { weekday: 4, opens: '09:00', closes: '10:00' },
      { weekday: 3, opens: '09:00', closes: '13:01' },
    ];
    expect(issuesOf(openingHoursInputSchema.safeParse(clash))).toEqual(['2.opens: overlaps']);
  });

  it('lets overflow periods meet but not share a date', () => {
    const p = (from: string, until: string) => ({ from, until, morning: 10, afternoon: 0, evening: 0 });
    expect(
      overflowPeriodsInputSchema.safeParse([p('2031-01-01', '2031-01-31'), p('2031-02-01', '2031-02-02')])
        .success,
    ).toBe(true);
    expect(
      issuesOf(
        overflowPeriodsInputSchema.safeParse([p('2031-01-01', '2031-01-31'), p('2031-01-31', '2031-02-02')]),
      ),
    ).toEqual(['1.from: overlaps']);
  });

  it('ignores ids sent back with closures and periods, and knows only its own fields', () => {
    const body = patchDeskRequestSchema.parse({
      closures: [{ id: 7, date: '2031-01-01', type: 'whole_day' }],
      overflowPeriods: [
        { id: 3, from: '2031-01-01', until: '2031-01-02', morning: 0, afternoon: 0, evening: 0 },
      ],
    });
    expect(body.closures).toEqual([{ date: '2031-01-01', type: 'whole_day' }]);
    expect(body.overflowPeriods?.[0]).not.toHaveProperty('id');
    expect(patchDeskRequestSchema.safeParse({ id: 3 }).success).toBe(false);
  });

  it('checks a closure of every desk as a desk closure', () => {
    expect(
      issuesOf(
        createClosureRequestSchema.safeParse({
          date: '2031-01-01',
          type: 'partial',
          from: '12:00',
          until: '11:00',
        }),
      ),
    ).toEqual(['until: until_before_from']);
  });
});

describe('organisation schema', () => {
  it('takes http(s) websites only, real addresses, and empty strings to clear', () => {
    expect(
      patchOrganisationRequestSchema.safeParse({ website: 'https://example.org/x', email: '' }).success,
    ).toBe(true);
    expect(
      issuesOf(patchOrganisationRequestSchema.safeParse({ website: 'data:text/html,hi', email: 'a@' })),
    ).toEqual(['email: invalid_email', 'website: invalid_url']);
  });
});
