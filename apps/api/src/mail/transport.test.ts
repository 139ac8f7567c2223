import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { aboutOf, recipientKey } from './mail-files.js';
import { createMailTransport } from './transport.js';

const mail = (to: string) => ({ to, subject: 'Test', text: 'Hallo', language: 'nl' as const });

describe('the .eml transport (no SMTP_URL)', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'balie-transport-'));
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('makes DATA_DIR/mail for the first mail, and again when it was removed meanwhile', async () => {
    const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(40) });
    const transport = createMailTransport(config, () => undefined);
    const dir = path.join(dataDir, 'mail');
    await transport.send(mail('a@example.org'));
    await transport.send(mail('b@example.org'));
    expect(readdirSync(dir)).toHaveLength(2);
    rmSync(dir, { recursive: true });
    const file = await transport.send(mail('c@example.org'));
    expect(readdirSync(dir)).toEqual([path.basename(file)]);
  });

  it('names each file by a keyed hash of the recipient address, never the address, and by its appointment', async () => {
    const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(40) });
    const transport = createMailTransport(config, () => undefined);
    const first = path.basename(await transport.send(mail('Jan.Jansen@Example.org'), { appointmentId: 42 }));
    const second = path.basename(await transport.send(mail(' jan.jansen@example.org')));
    const other = path.basename(await transport.send(mail('piet@example.org')));
    for (const name of [first, second, other]) expect(name).not.toMatch(/jan|piet|example/i);
    // One key per address whatever its case; another address, another key; another secret, another key.
    const key = recipientKey(config.secret, 'jan.jansen@example.org');
    expect(aboutOf(first)).toEqual({ recipient: key, appointmentId: 42 });
    expect(aboutOf(second)).toEqual({ recipient: key });
    expect(aboutOf(other).recipient).not.toBe(key);
    expect(recipientKey('y'.repeat(40), 'jan.jansen@example.org')).not.toBe(key);
    expect(readdirSync(path.join(dataDir, 'mail')).sort()).toEqual([first, second, other].sort());
  });
});
