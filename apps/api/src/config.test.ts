import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, mailWarnings } from './config.js';

describe('loadConfig', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'balie-config-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('applies DESIGN §3 defaults', () => {
    const dir = tempDir();
    const c = loadConfig({ DATA_DIR: dir });
    expect(c).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      dataDir: dir,
      publicUrl: 'http://localhost:3000',
      smtpUrl: undefined,
      mailFrom: 'Balie <no-reply@localhost>',
      mailFromSet: false,
      providerTimezone: 'Europe/Amsterdam',
      demoData: true,
      reservationMinutes: 10,
      waitlistOfferMinutes: 15,
      slotStepMinutes: 12,
      changeCutoffMinutes: 0,
      trustProxy: false,
      holdMaxMinutes: 30,
      maxHoldsPerClient: 20,
      maxOpenAppointmentsPerEmail: 5,
    });
  });

  it('reads the limits against abuse, 0 turning one off, and refuses what is no count', () => {
    const c = loadConfig({
      DATA_DIR: tempDir(),
      HOLD_MAX_MINUTES: '0.5',
      MAX_HOLDS_PER_CLIENT: '0',
      MAX_OPEN_APPOINTMENTS_PER_EMAIL: '3',
    });
    expect(c).toMatchObject({ holdMaxMinutes: 0.5, maxHoldsPerClient: 0, maxOpenAppointmentsPerEmail: 3 });
    for (const [name, bad] of [
      ['HOLD_MAX_MINUTES', '-1'],
      ['HOLD_MAX_MINUTES', 'half an hour'],
      ['MAX_HOLDS_PER_CLIENT', '2.5'],
      ['MAX_OPEN_APPOINTMENTS_PER_EMAIL', '-5'],
    ] as const) {
      expect(() => loadConfig({ DATA_DIR: tempDir(), [name]: bad }), `${name}=${bad}`).toThrow(
        new RegExp(name),
      );
    }
  });

  it('reads TRUST_PROXY as off or the proxies’ addresses and networks', () => {
    const trust = (value: string) => loadConfig({ DATA_DIR: tempDir(), TRUST_PROXY: value }).trustProxy;
    for (const off of ['0', 'false', 'off', 'no']) expect(trust(off)).toBe(false);
    expect(trust('127.0.0.1')).toEqual(['127.0.0.1']);
    expect(trust(' 10.0.0.0/8, ::1 ,loopback,fd00::/8')).toEqual([
      '10.0.0.0/8',
      '::1',
      'loopback',
      'fd00::/8',
    ]);
  });

  it('refuses a TRUST_PROXY that would believe anyone, a hop count, or what is no address', () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), TRUST_PROXY: '1' })).toThrow(
      /TRUST_PROXY: a hop count cannot tell a proxy from a client/,
    );
    for (const bad of [
      'true',
      'yes',
      '*',
      '0.0.0.0/0',
      '::/0',
      '-1',
      '1.5',
      'nginx',
      '10.0.0.0/33',
      '10.0.0.1,',
      '300.1.1.1',
    ]) {
      expect(() => loadConfig({ DATA_DIR: tempDir(), TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });

  it('generates the secret once into DATA_DIR/secret and reuses it', () => {
    const dir = tempDir();
    const first = loadConfig({ DATA_DIR: dir }).secret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, 'secret'), 'utf8').trim()).toBe(first);
    expect(statSync(path.join(dir, 'secret')).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dir }).secret).toBe(first);
    expect(loadConfig({ DATA_DIR: dir, JWT_SECRET: 'x'.repeat(40) }).secret).toBe('x'.repeat(40));
  });

  it('turns demo data off for PostgreSQL unless DEMO_DATA asks for it', () => {
    const env = { DATA_DIR: tempDir(), DATABASE_URL: 'postgres://u@h/db', JWT_SECRET: 'y'.repeat(32) };
    expect(loadConfig(env).demoData).toBe(false);
    expect(loadConfig({ ...env, DEMO_DATA: '1' }).demoData).toBe(true);
    expect(loadConfig({ DATA_DIR: tempDir(), DEMO_DATA: 'off' }).demoData).toBe(false);
  });

  it('strips a trailing slash from PUBLIC_URL and treats empty values as unset', () => {
    const c = loadConfig({ DATA_DIR: tempDir(), PUBLIC_URL: 'https://balie.example.nl/', SMTP_URL: '' });
    expect(c.publicUrl).toBe('https://balie.example.nl');
    expect(c.smtpUrl).toBeUndefined();
  });

  it('sends from no-reply at PUBLIC_URL’s host unless MAIL_FROM says otherwise', () => {
    const from = (env: Record<string, string>) => loadConfig({ DATA_DIR: tempDir(), ...env }).mailFrom;
    expect(from({ PUBLIC_URL: 'https://afspraak.example.nl/' })).toBe('Balie <no-reply@afspraak.example.nl>');
    expect(from({ PUBLIC_URL: 'https://Balie.Example.NL:8443/loket' })).toBe(
      'Balie <no-reply@balie.example.nl>',
    );
    for (const local of [
      'http://localhost:3000',
      'http://127.0.0.1:3000',
      'http://[::1]:3000',
      'http://balie:3000',
    ])
      expect(from({ PUBLIC_URL: local })).toBe('Balie <no-reply@localhost>');
    const chosen = { PUBLIC_URL: 'https://afspraak.example.nl', MAIL_FROM: 'Gemeente <balie@example.nl>' };
    expect(from(chosen)).toBe('Gemeente <balie@example.nl>');
  });

  it('warns at start when production mail goes out without MAIL_FROM', () => {
    const smtp = {
      DATA_DIR: tempDir(),
      PUBLIC_URL: 'https://afspraak.example.nl',
      SMTP_URL: 'smtp://mail:25',
    };
    const [warning, ...more] = mailWarnings(loadConfig(smtp), 'production');
    expect(more).toEqual([]);
    expect(warning).toContain('MAIL_FROM is not');
    expect(warning).toContain("from no-reply@afspraak.example.nl under the organisation's name");
    // Not with MAIL_FROM, not outside production.
    expect(mailWarnings(loadConfig({ ...smtp, MAIL_FROM: 'G <b@example.nl>' }), 'production')).toEqual([]);
    expect(mailWarnings(loadConfig(smtp), 'test')).toEqual([]);
    expect(mailWarnings(loadConfig(smtp), 'development')).toEqual([]);
  });

  it('warns loudly at every production start without SMTP_URL: mail is written to files, not delivered', () => {
    const dataDir = tempDir();
    const files = { DATA_DIR: dataDir, PUBLIC_URL: 'https://afspraak.example.nl' };
    const [warning, ...more] = mailWarnings(loadConfig(files), 'production');
    expect(more).toEqual([]);
    // A block that stands out between the log lines: framed, several lines, what and where and what to do.
    const lines = warning!.split('\n');
    expect(lines.length).toBeGreaterThanOrEqual(4);
    expect(lines[0]).toMatch(/^[!*=#-]{20,}$/);
    expect(lines.at(-1)).toBe(lines[0]);
    expect(warning).toContain('NOT delivered');
    expect(warning).toContain(path.join(dataDir, 'mail'));
    expect(warning).toContain('SMTP_URL');
    // MAIL_FROM does not matter when nothing is sent; outside production files are the intended default.
    expect(mailWarnings(loadConfig({ ...files, MAIL_FROM: 'G <b@example.nl>' }), 'production')).toHaveLength(
      1,
    );
    expect(mailWarnings(loadConfig(files), 'test')).toEqual([]);
    expect(mailWarnings(loadConfig(files), 'development')).toEqual([]);
    expect(mailWarnings(loadConfig(files), undefined)).toEqual([]);
  });

  it('takes SETUP_TOKEN only when it is long enough and fits in a link', () => {
    const token = (value: string) => loadConfig({ DATA_DIR: tempDir(), SETUP_TOKEN: value }).setupToken;
    expect(loadConfig({ DATA_DIR: tempDir() }).setupToken).toBeUndefined();
    expect(token('Our-Own.Setup_Token~2026')).toBe('Our-Own.Setup_Token~2026');
    for (const bad of ['short', 'sixteen chars ok?', 'x'.repeat(201), 'with/slash-0123456789'])
      expect(() => token(bad)).toThrow(/SETUP_TOKEN: expected 16–200 characters/);
  });

  it('names every bad variable in one clear error', () => {
    const bad = {
      DATA_DIR: tempDir(),
      PORT: 'eighty',
      DATABASE_URL: 'mysql://x',
      PROVIDER_TIMEZONE: 'Mars/Olympus',
      JWT_SECRET: 'short',
      DEMO_DATA: 'maybe',
      SLOT_STEP_MINUTES: '0',
      TRUST_PROXY: 'everyone',
      SETUP_TOKEN: 'guessable',
    };
    expect(() => loadConfig(bad)).toThrow(ConfigError);
    try {
      loadConfig(bad);
    } catch (err) {
      const message = (err as Error).message;
      for (const name of Object.keys(bad).filter((k) => k !== 'DATA_DIR')) expect(message).toContain(name);
    }
  });
});
