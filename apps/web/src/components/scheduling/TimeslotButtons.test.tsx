import { render, screen, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { groupSlotsByDayPart, sameInstant } from './groupSlots';
import { slot } from './test/fixtures';
import { TimeslotButtons } from './TimeslotButtons';

// The server may answer in UTC or with the Amsterdam offset; both must show Amsterdam wall-clock time.
const slots = [
  slot('2026-12-01T16:00:00Z', '2026-12-01T16:12:00Z'), // 17:00 Amsterdam: evening
  slot('2026-12-01T08:48:00+01:00', '2026-12-01T09:00:00+01:00'), // 08:48: morning
  slot('2026-12-01T10:48:00Z', '2026-12-01T11:00:00Z'), // 11:48: morning
  slot('2026-12-01T11:00:00Z', '2026-12-01T11:12:00Z'), // 12:00: afternoon
  slot('2026-12-01T15:48:00Z', '2026-12-01T16:00:00Z'), // 16:48: afternoon
];

let zoneBefore: string | undefined;
beforeAll(() => {
  // Like the e2e browser: a visitor whose own clock runs in New York.
  zoneBefore = process.env.TZ;
  process.env.TZ = 'America/New_York';
});
afterAll(() => {
  if (zoneBefore === undefined) delete process.env.TZ;
  else process.env.TZ = zoneBefore;
});

describe('slots in the provider zone', () => {
  it('runs in New York here (the check that the rest of the file means something)', () => {
    expect(new Date('2026-12-01T16:00:00Z').getHours()).toBe(11);
  });

  it('groups by Amsterdam day part, sorted within each part', () => {
    const groups = groupSlotsByDayPart(slots);
    expect(groups.map((g) => g.part)).toEqual(['morning', 'afternoon', 'evening']);
    expect(groups.map((g) => g.slots.map((s) => s.beginTime))).toEqual([
      ['2026-12-01T08:48:00+01:00', '2026-12-01T10:48:00Z'],
      ['2026-12-01T11:00:00Z', '2026-12-01T15:48:00Z'],
      ['2026-12-01T16:00:00Z'],
    ]);
  });

  it('leaves out empty day parts and keeps the right local time on a DST day', () => {
    // 28 March 2027, last Sunday of March: 10:00 Amsterdam is 08:00 UTC (+02:00 after 02:00).
    const groups = groupSlotsByDayPart([slot('2027-03-28T08:00:00Z', '2027-03-28T08:12:00Z')]);
    expect(groups).toHaveLength(1);
    expect(groups[0]?.part).toBe('morning');
  });

  it('renders HH:mm buttons in Amsterdam time under their day part, the chosen one pressed', () => {
    render(<TimeslotButtons slots={slots} selected="2026-12-01T12:00:00+01:00" onSelect={vi.fn()} />);
    const morning = screen.getByRole('region', { name: 'Morning' });
    expect(
      within(morning)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['08:48', '11:48']);
    const afternoon = screen.getByRole('region', { name: 'Afternoon' });
    expect(
      within(afternoon)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['12:00', '16:48']);
    const evening = screen.getByRole('region', { name: 'Evening' });
    expect(within(evening).getByRole('button', { name: '17:00 to 17:12' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    // 12:00+01:00 is the same instant as 11:00Z.
    expect(within(afternoon).getByRole('button', { name: '12:00 to 12:12' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('compares instants, not spellings', () => {
    expect(sameInstant('2026-12-01T11:00:00Z', '2026-12-01T12:00:00+01:00')).toBe(true);
    expect(sameInstant('2026-12-01T11:00:00Z', null)).toBe(false);
  });
});
