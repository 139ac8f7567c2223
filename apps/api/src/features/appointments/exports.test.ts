import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { appointmentItems, appointments, auditEvents, locations } from '../../db/schema/index.js';
import { testDatabases, useTestApp } from '../../test/index.js';
import { newCheckInCode } from './check-in-code.js';
import { PDF_FONTS } from './exports.js';

/** Tuesday 12 March 2030, 07:00 in Amsterdam: every appointment below is today. */
const NOW = new Date('2030-03-12T06:00:00Z');
const MINUTE = 60_000;
/** Visitors in every script the PDF must print (DESIGN §4 *Exports*). */
const NAMES = [
  { initials: 'L.', lastName: 'Wałęsa' },
  { initials: 'T.', lastName: 'Nguyễn' },
  { initials: 'E.', lastName: 'Öztürk' },
  { initials: 'Κ.', lastName: 'Παπαδόπουλος' },
  { initials: 'И.', lastName: 'Петров' },
  { initials: '', lastName: 'محمد' },
];

/** The text of every page, as a reader would copy it (pdf.js puts right-to-left runs in logical order). */
async function pdfText(pdf: Uint8Array): Promise<string> {
  const doc = await getDocument({ data: pdf, useSystemFonts: false }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join('\n'));
  }
  await doc.destroy();
  // Arabic is drawn with its joined (presentation) forms; NFKC maps them back to the letters.
  return pages.join('\n').normalize('NFKC');
}

describe.each(testDatabases)("today's exports on %s", (kind) => {
  const t = useTestApp(kind, { now: NOW, sessions: ['admin', 'user'] });
  const ids: number[] = [];
  beforeAll(async () => {
    const people = [
      ...NAMES,
      { initials: '', lastName: '=HYPERLINK("http://evil")' },
      { initials: '', lastName: 'Gone', status: 'cancelled' as const },
    ];
    for (const [i, p] of people.entries()) {
      // Later people first, alternating desks: the exports must sort them.
      const from = new Date(NOW.getTime() + (180 - i * 12) * MINUTE);
      const [row] = await t.database.db
        .insert(appointments)
        .values({
          reservationId: crypto.randomUUID(),
          status: 'status' in p ? p.status : 'confirmed',
          deskId: (i % 2) + 1,
          during: { from, until: new Date(from.getTime() + 12 * MINUTE) },
          groupKey: crypto.randomUUID(),
          initials: p.initials,
          lastName: p.lastName,
          email: `v${i}@example.org`,
          phone: i === 0 ? '+31 20 1234567' : '020 1234567',
          checkInCode: newCheckInCode(),
          // The first visitor said "Ik kom" in a reminder (DESIGN §4c): the CSV shows who will come.
          visitorConfirmedAt: i === 0 ? NOW : null,
        })
        .returning();
      await t.database.db
        .insert(appointmentItems)
        .values({ appointmentId: row!.id, productId: 1, amount: 1 });
      ids.push(row!.id);
    }
  });
  const get = (url: string, headers: Record<string, string> = t.admin.headers) =>
    t.app.inject({ method: 'GET', url, headers });
  const locationIdOf = async (name: string) =>
    (await t.database.db.select().from(locations).where(eq(locations.name, name)))[0]!.id;

  it('writes afspraken.csv: BOM, semicolons, a header, one row per non-cancelled appointment in time order', async () => {
    const res = await get('/api/appointments/today/csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="afspraken.csv"');
    const bytes = res.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const records: string[][] = parse(bytes.subarray(3).toString('utf8'), { delimiter: ';' });
    expect(records[0]).toEqual([
      'Tijd',
      'Tot',
      'Locatie',
      'Balie',
      'Naam',
      'E-mail',
      'Telefoon',
      'Producten',
      'Status',
      'Incheckcode',
      'Komst bevestigd',
    ]);
    const rows = records.slice(1);
    expect(rows).toHaveLength(NAMES.length + 1);
    expect(rows.map((r) => r[0])).toEqual(rows.map((r) => r[0]).sort());
    expect(rows.map((r) => r[4])).not.toContain('Gone');
    expect(rows.map((r) => r[4])).toEqual(expect.arrayContaining(['L. Wałęsa', 'И. Петров', 'محمد']));
    // A formula or a leading + would run in a spreadsheet: both get an apostrophe.
    expect(rows.map((r) => r[4])).toContain(`'=HYPERLINK("http://evil")`);
    expect(rows.find((r) => r[4] === 'L. Wałęsa')![6]).toBe("'+31 20 1234567");
    const wałęsa = rows.find((r) => r[4] === 'L. Wałęsa')!;
    expect(wałęsa.slice(2, 4)).toEqual(['Stadhuis', 'Balie 1']);
    expect(wałęsa[8]).toBe('bevestigd');
    expect(wałęsa[9]).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);
    expect(wałęsa[10]).toBe('ja');
    expect(rows.filter((r) => r[10] === 'ja')).toHaveLength(1);
    // Each row's location is its desk's: Balie 1 at the town hall, Balie 2 at Stadswinkel Noord.
    expect(new Set(rows.map((r) => `${r[3]} @ ${r[2]}`))).toEqual(
      new Set(['Balie 1 @ Stadhuis', 'Balie 2 @ Stadswinkel Noord']),
    );
    const english = parse((await get('/api/appointments/today/csv?language=en')).body.slice(1), {
      delimiter: ';',
    }) as string[][];
    expect(english[0]![2]).toBe('Location');
    expect(english[0]![9]).toBe('Check-in code');
    expect(english[0]![10]).toBe('Confirmed coming');
    expect((await get('/api/appointments/today/csv', t.user.headers)).statusCode).toBe(403);
    expect((await get('/api/appointments/today/csv?language=fr')).json().errors[0].property).toBe('language');
  });

  it('exports one location on request, and names an unknown one', async () => {
    const noord = await locationIdOf('Stadswinkel Noord');
    const csv = await get(`/api/appointments/today/csv?locationId=${noord}`);
    expect(csv.statusCode).toBe(200);
    const rows = (parse(csv.rawPayload.subarray(3).toString('utf8'), { delimiter: ';' }) as string[][]).slice(
      1,
    );
    // People 1, 3 and 5 are at Balie 2; the cancelled one (7) is not on the day's list.
    expect(rows.map((r) => r[4]).sort()).toEqual(['T. Nguyễn', 'Κ. Παπαδόπουλος', 'محمد'].sort());
    expect(new Set(rows.map((r) => r[2]))).toEqual(new Set(['Stadswinkel Noord']));

    const pdf = await get(`/api/appointments/today/pdf?locationId=${noord}`);
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(new Uint8Array(pdf.rawPayload));
    expect(text).toContain('Stadswinkel Noord');
    expect(text).toContain('Noorderplein 12, 1235 CD Voorbeeldstad');
    expect(text).toContain('Nguyễn'.normalize('NFKC'));
    expect(text).not.toContain('Stadhuis');
    expect(text).not.toContain('Wałęsa');

    for (const format of ['csv', 'pdf']) {
      const unknown = await get(`/api/appointments/today/${format}?locationId=99999`);
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().errors).toEqual([{ property: 'locationId', message: 'object/not-found' }]);
      const bad = await get(`/api/appointments/today/${format}?locationId=north`);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors[0].property).toBe('locationId');
    }
  });

  it('writes afspraken.pdf with an embedded font that prints every script, per desk in time order', async () => {
    const res = await get('/api/appointments/today/pdf?language=en');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="afspraken.pdf"');
    const text = await pdfText(new Uint8Array(res.rawPayload));
    expect(text).toContain('Tuesday 12 March 2030');
    for (const { lastName } of NAMES) expect(text).toContain(lastName.normalize('NFKC'));
    expect(text).not.toContain('Gone');
    // Per location (by name) its name and address, then per desk its heading and its own appointments
    // in time order.
    const stadhuis = text.indexOf('Stadhuis\n');
    const noord = text.indexOf('Stadswinkel Noord');
    expect(stadhuis).toBeGreaterThanOrEqual(0);
    expect(text.indexOf('Stadhuisplein 1, 1234 AB Voorbeeldstad')).toBeGreaterThan(stadhuis);
    const desk1 = text.indexOf('Balie 1');
    const desk2 = text.indexOf('Balie 2');
    expect(desk1).toBeGreaterThan(stadhuis);
    expect(noord).toBeGreaterThan(desk1);
    expect(text.indexOf('Noorderplein 12, 1235 CD Voorbeeldstad')).toBeGreaterThan(noord);
    expect(desk2).toBeGreaterThan(noord);
    const at = (name: string) => text.indexOf(name.normalize('NFKC'));
    // Desk 1 holds people 0, 2, 4, 6 (booked later to earlier): Петров before Öztürk before Wałęsa.
    expect(at('Петров')).toBeLessThan(at('Öztürk'));
    expect(at('Öztürk')).toBeLessThan(at('Wałęsa'));
    expect(at('Wałęsa')).toBeLessThan(desk2);
    expect(at('Nguyễn')).toBeGreaterThan(desk2);
    // The font is embedded (a subset), never one of pdfkit's standard 14.
    const raw = res.rawPayload.toString('latin1');
    expect(raw).toMatch(/\/FontFile2/);
    expect(raw).not.toMatch(/\/BaseFont \/Helvetica/);
  });

  it('answers a failed generation with a JSON 500 the client shows as "Generation failed", never half a file', async () => {
    // A font file that is not a font makes pdfkit throw half-way, like any real failure would.
    const bad = path.join(t.config.dataDir, 'not-a-font.ttf');
    writeFileSync(bad, 'not a font');
    const good = PDF_FONTS.regular;
    PDF_FONTS.regular = bad;
    try {
      const res = await get('/api/appointments/today/pdf');
      expect(res.statusCode).toBe(500);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['content-disposition']).toBeUndefined();
      expect(res.json()).toEqual({ code: 'internal_error', message: 'Generation failed' });
    } finally {
      PDF_FONTS.regular = good;
    }
    expect((await get('/api/appointments/today/pdf')).statusCode).toBe(200);
  });

  it('records who made an export, when and how many rows, never their content (DESIGN §4b)', async () => {
    const rows = (await get('/api/appointments/today')).json<unknown[]>().length;
    const before = await exportEvents();
    for (const format of ['csv', 'pdf'] as const)
      expect((await get(`/api/appointments/today/${format}?locationId=1`)).statusCode).toBe(200);
    const made = (await exportEvents()).slice(before.length);
    const rowsAt1 = (await get('/api/appointments/today?locationId=1')).json<unknown[]>().length;
    expect(rowsAt1).toBeLessThanOrEqual(rows);
    expect(made.map((e) => [e.actorUserId, e.details])).toEqual([
      [t.admin.userId, { format: 'csv', rows: rowsAt1, date: '2030-03-12', locationId: 1 }],
      [t.admin.userId, { format: 'pdf', rows: rowsAt1, date: '2030-03-12', locationId: 1 }],
    ]);
    expect(made.every((e) => e.at.getTime() === NOW.getTime())).toBe(true);
    expect(JSON.stringify(made)).not.toContain('Wałęsa');
  });

  const exportEvents = () =>
    t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'appointments_exported'))
      .orderBy(auditEvents.id);
});
