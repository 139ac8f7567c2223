import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { translationBackend } from './translationBackend';

let server: Server | undefined;
afterEach(() => new Promise<void>((done) => (server ? server.close(() => done()) : done())));

/** A real HTTP server: `statuses` are answered in turn (the last one repeats), 200 with a text file. */
async function serve(statuses: number[]) {
  const requests: string[] = [];
  server = createServer((request, response) => {
    requests.push(request.url ?? '');
    const status = statuses[Math.min(requests.length - 1, statuses.length - 1)]!;
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(status === 200 ? JSON.stringify({ title: 'Afspraak maken' }) : '{}');
  });
  await new Promise<void>((done) => server!.listen(0, '127.0.0.1', done));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
}

async function start(base: string) {
  const i18n = i18next.createInstance();
  await i18n.use(translationBackend(base)).init({
    lng: 'nl',
    fallbackLng: false,
    ns: ['booking'],
    defaultNS: 'booking',
    maxRetries: 5,
    retryTimeout: 1,
  });
  return i18n;
}

describe('translation backend', () => {
  it('loads /locales/{lng}/{ns}.json', async () => {
    const { base, requests } = await serve([200]);
    const i18n = await start(base);
    expect(i18n.t('title')).toBe('Afspraak maken');
    expect(requests).toEqual(['/locales/nl/booking.json']);
  });

  it('retries a server error (spec §9) until the file comes', async () => {
    const { base, requests } = await serve([503, 502, 200]);
    const i18n = await start(base);
    expect(i18n.t('title')).toBe('Afspraak maken');
    expect(requests).toHaveLength(3);
  });

  it('does not retry a missing file', async () => {
    const { base, requests } = await serve([404, 200]);
    const i18n = await start(base);
    expect(i18n.t('title')).toBe('title');
    expect(requests).toHaveLength(1);
  });
});
