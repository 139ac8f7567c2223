import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
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
});
