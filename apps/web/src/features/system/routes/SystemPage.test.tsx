import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { backupListSchema, backupSchema, type Backup } from '@balie/shared';
import { apiError, fakeApi } from '../../../components/scheduling/test/fakeApi';
import { aUser, renderRoute } from '../../../test/renderRoute';

vi.setConfig({ testTimeout: 60_000 });

const admin = aUser({ roles: ['ROLE_ADMIN'] });
const NOW = new Date('2031-03-05T12:00:00Z');
const backup = (createdAt: string, size: number): Backup =>
  backupSchema.parse({ file: `balie-${createdAt.replace(/[:.]/g, '-')}.tar.gz`, size, createdAt });

function serve(backups: Backup[], database: 'pglite' | 'postgres' = 'pglite') {
  const list = backups.slice();
  const made = backup('2031-03-05T12:00:00.000Z', 2_400_000);
  fakeApi(({ method, path }) => {
    if (method === 'GET' && path === '/api/backups')
      return {
        status: 200,
        body: backupListSchema.parse({
          database,
          keep: 7,
          at: '02:30',
          timezone: 'Europe/Amsterdam',
          backups: list,
        }),
      };
    if (method === 'POST' && path === '/api/backups') {
      list.unshift(made);
      return { status: 201, body: made };
    }
    return apiError(404, 'not_found');
  });
}

// The Systeem screen (DESIGN §4c, issue 40 item 1): the backups with size and age, a button, a warning.
describe('the Systeem screen', () => {
  afterEach(() => vi.useRealTimers());

  it('lists the backups with their age and size, and warns when the last is older than two days', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: NOW });
    serve([backup('2031-03-02T01:30:00.000Z', 3_456_789), backup('2031-03-01T01:30:00.000Z', 3_400_000)]);
    await renderRoute('/system', { user: admin });
    expect(await screen.findByRole('heading', { name: 'System', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText(/The last backup is more than two days old/)).toBeInTheDocument();
    const rows = screen.getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('3 days ago');
    expect(rows[1]).toHaveTextContent('3.5 MB');
    expect(
      screen.getByText(/every night at 02:30 \(Europe\/Amsterdam\); the last 7 are kept/),
    ).toBeInTheDocument();
  });

  it('makes one on the button, lists it, and the warning goes', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: NOW });
    const user = userEvent.setup({ delay: null });
    serve([]);
    await renderRoute('/system', { user: admin });
    expect(await screen.findByText('No backup has been made yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Make a backup now' }));
    expect(await screen.findByText(/was made and checked/)).toBeInTheDocument();
    expect(await screen.findByText('2.4 MB')).toBeInTheDocument();
    expect(screen.queryByText('No backup has been made yet.')).not.toBeInTheDocument();
  });

  it('on PostgreSQL points to the database’s own tools and offers no button', async () => {
    serve([], 'postgres');
    await renderRoute('/system', { user: admin });
    expect(await screen.findByText(/uses PostgreSQL/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Make a backup now' })).not.toBeInTheDocument();
  });
});
