import { describe, expect, it } from 'vitest';
import {
  closureDaysOf,
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

describe('POST /closures over several days', () => {
  const base = { type: 'whole_day' };
  it('takes a range from date through lastDate, at most 366 days', () => {
    expect(
      createClosureRequestSchema.safeParse({ ...base, date: '2031-01-01', lastDate: '2031-01-01' }).success,
    ).toBe(true);
    expect(
      createClosureRequestSchema.safeParse({ ...base, date: '2032-01-01', lastDate: '2032-12-31' }).success,
    ).toBe(true);
    expect(
      issuesOf(createClosureRequestSchema.safeParse({ ...base, date: '2031-01-02', lastDate: '2031-01-01' })),
    ).toEqual(['lastDate: before_date']);
    expect(
      issuesOf(createClosureRequestSchema.safeParse({ ...base, date: '2031-01-01', lastDate: '2032-01-02' })),
    ).toEqual(['lastDate: too_many_days']);
  });

  it('takes a list of days each with its own reason, instead of date', () => {
    const days = [{ date: '2031-04-14', reason: 'Tweede Paasdag' }, { date: '2031-04-26' }];
    expect(createClosureRequestSchema.parse({ ...base, days })).toMatchObject({ days });
    expect(
      issuesOf(
        createClosureRequestSchema.safeParse({
          ...base,
          days: [{ date: '2031-04-14' }, { date: '2031-04-14' }],
        }),
      ),
    ).toEqual(['days.1.date: duplicate']);
    expect(issuesOf(createClosureRequestSchema.safeParse({ ...base, date: '2031-04-14', days }))).toEqual([
      'days: not_with_date',
    ]);
    expect(issuesOf(createClosureRequestSchema.safeParse({ ...base, days: [] }))).toEqual([
      'days: too_small',
    ]);
    expect(issuesOf(createClosureRequestSchema.safeParse(base))).toEqual(['date: invalid_date']);
  });
});

describe('closureDaysOf', () => {
  it('lists every day of a range, inclusive, across a month end, with the common reason', () => {
    expect(closureDaysOf({ date: '2031-01-30', lastDate: '2031-02-02', reason: 'Verbouwing' })).toEqual([
      { date: '2031-01-30', reason: 'Verbouwing' },
      { date: '2031-01-31', reason: 'Verbouwing' },
      { date: '2031-02-01', reason: 'Verbouwing' },
      { date: '2031-02-02', reason: 'Verbouwing' },
    ]);
    expect(closureDaysOf({ date: '2031-01-30' })).toEqual([{ date: '2031-01-30' }]);
  });

  it('lists the given days in date order, each with its own reason or else the common one', () => {
    expect(
      closureDaysOf({
        days: [{ date: '2031-12-25', reason: 'Kerst' }, { date: '2031-04-26' }],
        reason: 'Dicht',
      }),
    ).toEqual([
      { date: '2031-04-26', reason: 'Dicht' },
      { date: '2031-12-25', reason: 'Kerst' },
    ]);
  });
});
