import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { holdOk, someSlots } from '../features/booking/test-support/helpers.js';
import { secretsIn, testDatabases, useTestApp } from '../test/index.js';
import { describeError } from '../security/logged-errors.js';

/** A 256-bit link token or nonce (base64url) or its SHA-256 hash (hex), standing alone. */
const TOKEN_LIKE = /(?<![\w-])([A-Za-z0-9_-]{43}|[0-9a-f]{64})(?![\w-])/;

/**
 * DESIGN §6: secrets never reach the log. A failing query used to be logged with every parameter value
 * (Drizzle puts them in the error message, PostgreSQL in its `detail`): the password hash and e-mail of a
 * registration, the token hash and nonce, name, e-mail and phone of a booking. The failures here are real:
 * a trigger makes the database refuse rows for the test's own addresses.
 */
describe.each(testDatabases)('failed queries are logged without their values (%s)', (kind) => {
  const t = useTestApp(kind, { captureLog: true });

  beforeAll(async () => {
    await t.database.db.execute(
      sql.raw(`
        CREATE FUNCTION refuse_test_rows() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF NEW.email LIKE '%@refused.example' THEN
            RAISE EXCEPTION 'refused row' USING DETAIL = 'Key (email)=(' || NEW.email || ') is refused.';
          END IF;
          RETURN NEW;
        END $$`),
    );
    for (const table of ['users', 'appointments'])
      await t.database.db.execute(
        sql.raw(
          `CREATE TRIGGER refuse_test_rows BEFORE INSERT OR UPDATE ON ${table} ` +
            'FOR EACH ROW EXECUTE FUNCTION refuse_test_rows()',
        ),
      );
  });

  it('logs a failed registration with SQLSTATE and statement, not the hash, e-mail or name', async () => {
    t.clearLog();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { email: 'hidden.person@refused.example', password: 'Geheim123!', lastName: 'Verborgenaam' },
    });
    expect(res.statusCode).toBe(500);
    expect(t.log).toContain('P0001');
    expect(t.log).toMatch(/insert into \\"users\\"/i);
    expect(secretsIn(t.log, ['hidden.person@refused.example', 'Verborgenaam', 'Geheim123!'])).toEqual([]);
  });

  it('logs a failed booking without the token hash, nonce, name, e-mail or phone', async () => {
    const { slots } = await someSlots(t.app, 2);
    const held = await holdOk(t.app, slots[0]!.beginTime);
    t.clearLog();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/appointment',
      payload: {
        reservationId: held.id,
        initials: 'Q.',
        lastName: 'Onzichtbaar',
        email: 'visitor@refused.example',
        phone: '+31 6 99887766',
      },
    });
    expect(res.statusCode).toBe(500);
    expect(t.log).toContain('P0001');
    expect(t.log).toMatch(/update \\"appointments\\"/i);
    expect(secretsIn(t.log, ['visitor@refused.example', 'Onzichtbaar', '+31 6 99887766'])).toEqual([]);
    expect(t.log).not.toMatch(TOKEN_LIKE);
  });

  it('describes a failed query in one line for the mail worker and the console', async () => {
    const err = await t.database.db
      .execute(sql`SELECT ${'secret-value'}::int`)
      .then(() => undefined)
      .catch((e: unknown) => e);
    const line = describeError(err);
    expect(line).toContain('22P02');
    expect(line).toMatch(/select \$1::int/i);
    expect(line).not.toContain('secret-value');
  });
});
