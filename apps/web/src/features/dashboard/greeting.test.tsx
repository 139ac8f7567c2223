import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { DateTime } from 'luxon';
import { aUser, renderRoute } from '../../test/renderRoute';
import { greetingAt } from './greeting';

describe('dashboard greeting (spec §9, provider zone)', () => {
  it.each([
    ['2026-06-01T09:59:00Z', 'good_morning'], // 11:59 in Amsterdam (summer time)
    ['2026-06-01T10:00:00Z', 'good_afternoon'], // 12:00
    ['2026-12-01T16:59:00Z', 'good_afternoon'], // 17:59 (winter time)
    ['2026-12-01T17:00:00Z', 'good_evening'], // 18:00
    ['2026-12-01T23:30:00Z', 'good_morning'], // 00:30 the next day
  ])('at %s it is %s', (iso, expected) => {
    expect(greetingAt(DateTime.fromISO(iso))).toBe(expected);
  });

  it('greets the signed-in user by first name on /home', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-01T18:30:00Z')); // 19:30 in Amsterdam
    await renderRoute('/home', { user: aUser({ firstName: 'Anna' }) });
    expect(await screen.findByText('Good evening Anna')).toBeInTheDocument();
  });
});
