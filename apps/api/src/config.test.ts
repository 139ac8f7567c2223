import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

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
      providerTimezone: 'Europe/Amsterdam',
      demoData: true,
      reservationMinutes: 10,
      slotStepMinutes: 12,
      changeCutoffMinutes: 0,
      trustProxy: false,
    });
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
