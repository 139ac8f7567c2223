import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { auditEvents } from '../../db/schema/index.js';
import { backupListSchema, backupSchema, type Timeslot } from '@balie/shared';
import { checkBackupTar } from '../../backups/check.js';
import { backupName, readBackupTar } from '../../backups/files.js';
import { freshClientAddress, testDatabases, useTestApp } from '../../test/index.js';
import { ITEMS, PERSON, slotsOn, availableDays } from '../booking/test-support/helpers.js';
import { desc, eq } from 'drizzle-orm';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { nightlyBackup } from './service.js';

/** Backups of the embedded database (DESIGN §4c, §5 *Operations*, issue 40 item 1). */
describe('backups of the embedded database (pglite)', () => {
  const t = useTestApp('pglite', {
    sessions: ['admin', 'user'],
    env: { MAX_HOLDS_PER_CLIENT: '0', MAX_OPEN_APPOINTMENTS_PER_EMAIL: '0', BACKUP_KEEP: '3' },
    now: new Date('2030-03-11T10:00:00+01:00'),
  });
  /** The app's clock a little over a minute on: an admin gets one backup a minute. */
  const nextMinute = () => vi.setSystemTime(Date.now() + 61_000);

  async function slots(count: number): Promise<Timeslot[]> {
    const found: Timeslot[] = [];
    for (const day of (await availableDays(t.app)).slice(2)) {
      found.push(...(await slotsOn(t.app, day)));
      if (found.length >= count) return found.slice(0, count);
    }
    throw new Error(`only ${found.length} slots`);
  }

  /** A hold and its confirmation, each from an address of its own; the appointment's id. */
  async function book(slot: Timeslot, i: number): Promise<number> {
    const held = await t.app.inject({
      method: 'POST',
      url: '/api/appointment/make-reservation',
      payload: { appointmentItems: ITEMS, fromDateTime: slot.beginTime },
      remoteAddress: freshClientAddress(),
    });
    expect(held.statusCode, held.body).toBe(201);
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/appointment',
      payload: { reservationId: held.json<{ id: string }>().id, ...PERSON, email: `v${i}@example.org` },
      remoteAddress: freshClientAddress(),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    return confirmed.json<{ id: number }>().id;
  }

  it('makes a backup on an admin’s request: 201 { file, size, createdAt }, read back, listed, audited', async () => {
    const res = await t.call('POST', '/api/backups', t.admin);
    expect(res.statusCode, res.body).toBe(201);
    const made = backupSchema.strict().parse(res.json());
    expect(made.file).toMatch(/^balie-.*\.tar\.gz$/);
    const file = path.join(t.config.backupDir, made.file);
    expect(existsSync(file)).toBe(true);
    // No temporary file is left beside it.
    expect(readdirSync(t.config.backupDir).filter((f) => f.includes('partial'))).toEqual([]);
    const contents = await checkBackupTar(await readBackupTar(file));
    expect(contents.users).toBeGreaterThan(0);

    const list = backupListSchema.parse((await t.call('GET', '/api/backups', t.admin)).json());
    expect(list).toMatchObject({ database: 'pglite', keep: 3, at: '02:30', backups: [made] });
    const [audit] = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'backup_created'))
      .orderBy(desc(auditEvents.id));
    expect(audit).toMatchObject({
      actorUserId: t.admin.userId,
      details: { file: made.file, trigger: 'admin' },
    });
    expect(made.createdAt).toBe(new Date(Date.now()).toISOString());

    // A second click within the minute adds nothing.
    vi.setSystemTime(Date.now() + 59_000);
    const again = await t.call('POST', '/api/backups', t.admin);
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({ code: 'too_many_requests' });
  });

  it('refuses guests and non-admins', async () => {
    expect((await t.call('POST', '/api/backups')).statusCode).toBe(401);
    expect((await t.call('POST', '/api/backups', t.user)).statusCode).toBe(403);
    expect((await t.call('GET', '/api/backups', t.user)).statusCode).toBe(403);
  });

  it('keeps booking while a backup is made: 200 holds and confirms, none fails, the backup holds all before it', async () => {
    const free = await slots(100);
    const before = await Promise.all(free.slice(0, 30).map((slot, i) => book(slot, i)));
    // The backup starts now, with the other 70 hold-and-confirms under way beside it.
    nextMinute();
    const during = free.slice(30).map((slot, i) => book(slot, 30 + i));
    const backup = t.call('POST', '/api/backups', t.admin);
    const [res, after] = await Promise.all([backup, Promise.all(during)]);
    expect(res.statusCode, res.body).toBe(201);
    expect(after).toHaveLength(70);

    const tar = await readBackupTar(path.join(t.config.backupDir, res.json<{ file: string }>().file));
    const pg = await PGlite.create('memory://', { extensions: { btree_gist }, loadDataDir: new Blob([tar]) });
    try {
      const { rows } = await pg.query<{ id: number }>(
        `SELECT id FROM appointments WHERE status = 'confirmed' AND id = ANY($1)`,
        [before],
      );
      expect(rows.map((r) => r.id).sort((a, b) => a - b)).toEqual([...before].sort((a, b) => a - b));
    } finally {
      await pg.close();
    }
  }, 120_000);

  it('keeps the newest BACKUP_KEEP and ignores what is not a backup', async () => {
    writeFileSync(path.join(t.config.backupDir, 'notes.txt'), 'mine');
    writeFileSync(path.join(t.config.backupDir, `.${backupName(new Date())}.partial`), 'half');
    for (let i = 0; i < 3; i++) {
      nextMinute();
      expect((await t.call('POST', '/api/backups', t.admin)).statusCode).toBe(201);
    }
    const list = backupListSchema.parse((await t.call('GET', '/api/backups', t.admin)).json());
    expect(list.backups).toHaveLength(3);
    expect(
      readdirSync(t.config.backupDir).filter((f) => f.endsWith('.tar.gz') && !f.startsWith('.')),
    ).toHaveLength(3);
    expect(existsSync(path.join(t.config.backupDir, 'notes.txt'))).toBe(true);
  }, 120_000);

  it('makes the first backup of a new data folder at the first BACKUP_AT after the start, not at the start', async () => {
    const start = Date.parse('2030-03-12T09:00:00+01:00');
    // The app as it is, with a backup folder that holds nothing yet.
    const app = Object.create(t.app, {
      config: { value: { ...t.config, backupDir: path.join(t.config.dataDir, 'no-backups-yet') } },
    }) as typeof t.app;
    // The start, and an hour later: no backup (the last 02:30 was before the start).
    expect(await nightlyBackup(app, start, undefined, start)).toBeNull();
    expect(await nightlyBackup(app, start + 3600_000, undefined, start)).toBeNull();
    // After the next 02:30 it is made.
    const nextNight = nextAt(start, '02:30');
    expect(await nightlyBackup(app, nextNight + 60_000, undefined, start)).not.toBeNull();
  }, 60_000);

  it('makes the nightly backup once after BACKUP_AT, and not again until the next night', async () => {
    const newest = backupListSchema.parse((await t.call('GET', '/api/backups', t.admin)).json()).backups[0]!;
    // The job is asked around the next night's BACKUP_AT after the newest backup.
    const created = Date.parse(newest.createdAt);
    const nextNight = nextAt(created, '02:30');
    expect(await nightlyBackup(t.app, nextNight - 60_000)).toBeNull();
    const made = await nightlyBackup(t.app, nextNight + 60_000);
    expect(made?.createdAt).toBe(new Date(nextNight + 60_000).toISOString());
    expect(await nightlyBackup(t.app, nextNight + 3 * 3600_000)).toBeNull();
    const [audit] = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'backup_created'))
      .orderBy(desc(auditEvents.id));
    expect(audit).toMatchObject({ actorUserId: null, details: { trigger: 'nightly' } });
  }, 60_000);
});

/** The next moment after `ms` at which Amsterdam's clock shows `at`. */
function nextAt(ms: number, at: string): number {
  const [h, m] = at.split(':').map(Number) as [number, number];
  for (let probe = ms; ; probe += 60_000) {
    const parts = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Amsterdam',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(new Date(probe));
    if (parts === `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`)
      return Math.floor(probe / 60_000) * 60_000;
  }
}

describe.each(testDatabases.filter((k) => k === 'postgres'))('backups on PostgreSQL (%s)', (kind) => {
  const t = useTestApp(kind, { sessions: ['admin'] });

  it('answers 409 backups_not_embedded to POST and an empty list to GET', async () => {
    const res = await t.call('POST', '/api/backups', t.admin);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'backups_not_embedded' });
    const list = backupListSchema.parse((await t.call('GET', '/api/backups', t.admin)).json());
    expect(list).toMatchObject({ database: 'postgres', backups: [] });
  });
});
