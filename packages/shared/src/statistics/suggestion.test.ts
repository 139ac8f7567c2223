import { describe, expect, it } from 'vitest';
import { suggestWalkInShare } from './suggestion.js';

const base = {
  days: 10,
  openMinutes: 2400,
  walkIns: 0,
  walkInMinutes: 0,
  checkedIn: 0,
  noShow: 0,
  noShowMinutes: 0,
};

describe('suggestWalkInShare', () => {
  it('holds back the walk-in minutes that no-shows do not cover, rounded up to 5 %', () => {
    // 240 open minutes a day, 60 walk-in minutes, 43 idle no-show minutes: 17 / 240 = 7.1 % → 10 %.
    const s = suggestWalkInShare({
      ...base,
      walkIns: 50,
      walkInMinutes: 600,
      checkedIn: 82,
      noShow: 18,
      noShowMinutes: 430,
    });
    expect(s).toMatchObject({
      suggested: 10,
      walkInsPerDay: 5,
      walkInMinutesPerDay: 60,
      noShowRate: 0.18,
      noShowMinutesPerDay: 43,
      openMinutesPerDay: 240,
    });
  });

  it('suggests nothing held back when no-shows leave more idle than walk-ins need', () => {
    expect(
      suggestWalkInShare({ ...base, walkIns: 5, walkInMinutes: 60, noShow: 20, noShowMinutes: 480 })
        ?.suggested,
    ).toBe(0);
  });

  it('stops at 100 % and exact multiples of 5 stay', () => {
    expect(suggestWalkInShare({ ...base, walkInMinutes: 5000 })?.suggested).toBe(100);
    expect(suggestWalkInShare({ ...base, walkInMinutes: 240 })?.suggested).toBe(10);
  });

  it('has no suggestion for a part the desk was never open in, and no rate without arrivals recorded', () => {
    expect(suggestWalkInShare({ ...base, days: 0, openMinutes: 0 })).toBeNull();
    expect(suggestWalkInShare(base)?.noShowRate).toBeNull();
  });
});
