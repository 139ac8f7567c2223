import { afterEach, describe, expect, it } from 'vitest';
import { installTestClock, TestClockError } from './test-clock.js';

const RealDate = Date;

describe('BALIE_TEST_NOW', () => {
  afterEach(() => {
    globalThis.Date = RealDate;
  });

  it('starts the clock at the moment given and keeps dates made before it dates', () => {
    const before = new RealDate(0);
    installTestClock({ BALIE_TEST_NOW: '2030-03-12T10:00:00+01:00' });
    const target = RealDate.parse('2030-03-12T09:00:00Z');
    expect(Math.abs(Date.now() - target)).toBeLessThan(5_000);
    expect(Math.abs(new Date().getTime() - target)).toBeLessThan(5_000);
    expect(new Date('2001-02-03T04:05:06Z').toISOString()).toBe('2001-02-03T04:05:06.000Z');
    expect(new Date(86_400_000).getTime()).toBe(86_400_000);
    expect(before instanceof Date).toBe(true);
    expect(new Date() instanceof RealDate).toBe(true);
  });

  it('changes nothing when unset, and refuses a bad moment or production', () => {
    installTestClock({});
    expect(Date).toBe(RealDate);
    expect(() => installTestClock({ BALIE_TEST_NOW: 'tomorrow' })).toThrow(TestClockError);
    expect(() => installTestClock({ BALIE_TEST_NOW: '2030-03-12' })).toThrow(TestClockError);
    expect(() =>
      installTestClock({ BALIE_TEST_NOW: '2030-03-12T10:00:00+01:00', NODE_ENV: 'production' }),
    ).toThrow(/production/);
    expect(Date).toBe(RealDate);
  });
});
