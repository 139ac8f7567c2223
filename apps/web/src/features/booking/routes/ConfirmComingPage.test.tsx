import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../../test/renderRoute';
import { apiError, fakeApi } from '../../../components/scheduling/test/fakeApi';
import { appointment } from '../../../components/scheduling/test/fixtures';

describe('"I will come" from a reminder', () => {
  it('confirms on opening and says so, with the way to cancel after all', async () => {
    const calls: string[] = [];
    fakeApi(({ path }) => {
      calls.push(path);
      if (path === '/api/appointment/by-token/tok-1/confirm')
        return { status: 200, body: appointment({ visitorConfirmedAt: '2026-11-30T10:00:00+01:00' }) };
      return apiError(404, 'not_found');
    });
    await renderRoute('/confirm-appointment/tok-1');
    expect(
      await screen.findByText(
        'Thank you. You have let us know you are coming; we look forward to seeing you.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('2 x Passport')).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: "Can't come after all? Cancel the appointment" }),
    ).toHaveAttribute('href', '/cancel-appointment/tok-1');
    expect(calls).toContain('/api/appointment/by-token/tok-1/confirm');
  });

  it('says in words that a cancelled or past appointment cannot be confirmed', async () => {
    fakeApi(() => apiError(409, 'change_not_possible'));
    await renderRoute('/confirm-appointment/tok-2');
    expect(
      await screen.findByText('This appointment can no longer be confirmed: it was cancelled or has passed.'),
    ).toBeInTheDocument();
  });

  it('says the link is no good for an unknown token', async () => {
    fakeApi(() => apiError(404, 'not_found'));
    await renderRoute('/confirm-appointment/nope');
    expect(await screen.findByRole('alert')).toBeInTheDocument();
  });
});
