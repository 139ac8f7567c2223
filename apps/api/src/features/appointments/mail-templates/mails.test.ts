import { eq, sql } from 'drizzle-orm';
import { DomUtils, parseDocument } from 'htmlparser2';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { addressOf, mapUrlOf, type Appointment, type UiLanguage } from '@balie/shared';
import { appointments, locations, outbox } from '../../../db/schema/index.js';
import { DEMO_LOCATIONS, DEMO_ORGANISATION } from '../../../demo/seed.js';
import { enqueueMail } from '../../../mail/outbox.js';
import { rendererOf, type RenderedMail } from '../../../mail/registry.js';
import { testDatabases, useTestApp } from '../../../test/index.js';
import { availableDays, confirm, holdOk, slotsOn, someSlots } from '../../booking/test-support/helpers.js';
import { APPOINTMENT_MAIL } from './kinds.js';

const LANGUAGES: UiLanguage[] = ['nl', 'en', 'de'];

/** Product 1's notice per language: Dutch from the demo data, en and de set by this test. */
const NOTICE = {
  nl: 'Neem een recente pasfoto en uw huidige paspoort of identiteitskaart mee.',
  en: 'Bring a recent passport photo & your current passport.',
  de: 'Bringen Sie ein aktuelles Passfoto und Ihren Reisepass mit.',
} satisfies Record<UiLanguage, string>;

const TITLE = { nl: 'Paspoort aanvragen', en: 'Passport application', de: 'Reisepass beantragen' };

const HEADING = {
  nl: { confirmation: 'Uw afspraak is bevestigd', cancellation: 'Uw afspraak is geannuleerd' },
  en: { confirmation: 'Your appointment is confirmed', cancellation: 'Your appointment has been cancelled' },
  de: { confirmation: 'Ihr Termin ist bestätigt', cancellation: 'Ihr Termin wurde abgesagt' },
};

/** The organisation's address: the footer of every mail. */
const ORGANISATION_ADDRESS = 'Stadhuisplein 1, 1234 AB Voorbeeldstad';
/** Where Balie 2 is: the demo's district office, with a notice in every language. */
const NOORD = DEMO_LOCATIONS.noord;
const NOORD_ADDRESS = 'Noorderplein 12, 1235 CD Voorbeeldstad';
const NOORD_NOTICE = {
  nl: 'Ingang naast de bibliotheek; lift aanwezig.',
  en: 'Entrance next to the library; lift available.',
  de: 'Eingang neben der Bibliothek; Aufzug vorhanden.',
} satisfies Record<UiLanguage, string>;
const PHONE_LABEL = { nl: 'Telefoon', en: 'Phone', de: 'Telefon' } satisfies Record<UiLanguage, string>;

/** The ICS invitation of a mail, its content lines unfolded (RFC 5545 §3.1). */
function icsLines(mail: RenderedMail): string[] {
  const ics = mail.attachments?.find((a) => a.filename.endsWith('.ics'))?.content;
  expect(ics, 'an .ics part').toBeDefined();
  return String(ics)
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n');
}

/** The HTML part read as a mail program would show it: its language, visible text, links, images, heading. */
function dom(mail: RenderedMail) {
  const doc = parseDocument(mail.html!);
  const all = (tag: string) => DomUtils.getElementsByTagName(tag, doc, true);
  return {
    lang: all('html')[0]?.attribs.lang,
    text: DomUtils.textContent(all('body')).replace(/\s+/g, ' '),
    hrefs: all('a').map((a) => a.attribs.href ?? ''),
    images: all('img').map((i) => i.attribs),
    heading: DomUtils.textContent(all('h1')),
  };
}

/** The text part with what changes per run (dates, times, ids, tokens, codes) replaced, for the snapshot. */
function normalised(mail: RenderedMail, a: Appointment & { token: string }, date: string): string {
  return mail.text
    .replaceAll(a.token, '<token>')
    .replaceAll(a.checkInCode ?? '<none>', '<code>')
    .replaceAll(date, '<date>')
    .replace(/\d{2}:\d{2}–\d{2}:\d{2}/g, '<time>')
    .replace(/Balie \d/g, '<desk>')
    .replace(/: \d+$/m, ': <id>')
    .replace(/items=\d+x\d+/, 'items=<items>');
}

describe.each(testDatabases)('appointment mails on %s', (kind) => {
  const t = useTestApp(kind, { sessions: ['admin'] });
  let day = 2;
  beforeAll(async () => {
    const res = await t.call('PATCH', '/api/product/1', t.admin, {
      translations: {
        en: { title: TITLE.en, notice: NOTICE.en },
        de: { title: TITLE.de, notice: NOTICE.de },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  /** Renders the newest queued mail of `kind` for an appointment, as the worker would send it now. */
  async function rendered(mailKind: string, id: number): Promise<RenderedMail> {
    const [row] = await t.database.db
      .select()
      .from(outbox)
      .where(sql`${outbox.kind} = ${mailKind} AND ${outbox.payload}->>'appointmentId' = ${String(id)}`)
      .orderBy(sql`${outbox.id} DESC`)
      .limit(1);
    expect(row, `${mailKind} queued for ${id}`).toBeDefined();
    const mail = await rendererOf(row!.kind)!(row!.payload, { db: t.database.db, config: t.config });
    expect(mail, `${mailKind} rendered`).not.toBeNull();
    return mail!;
  }

  /** The demo's location ids by name. */
  async function locationId(name: string): Promise<number> {
    const [row] = await t.database.db.select().from(locations).where(eq(locations.name, name));
    return row!.id;
  }

  let visitor = 0;
  async function confirmed(beginTime: string, language: UiLanguage, extra: Record<string, unknown>) {
    const hold = await holdOk(t.app, beginTime, extra);
    // One address each: an address holds at most five appointments ahead (DESIGN §6).
    const email = `visitor.${++visitor}@example.org`;
    const res = await confirm(t.app, hold.id, { language, email });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Appointment & { token: string }>();
  }

  /**
   * An appointment at the town hall: the first slot of a day nobody booked yet, which the desk rule
   * (fewest booked minutes, then id) gives Balie 1.
   */
  async function book(language: UiLanguage) {
    const { date, slots } = await someSlots(t.app, day++);
    const a = await confirmed(slots[0]!.beginTime, language, {
      locationId: await locationId(DEMO_LOCATIONS.stadhuis.name),
    });
    expect(a.location.name).toBe(DEMO_LOCATIONS.stadhuis.name);
    return { a, date };
  }

  /** A free Thursday-evening slot: only Balie 2, in Stadswinkel Noord, is open then. */
  async function eveningSlotInNoord(): Promise<string> {
    for (const date of await availableDays(t.app)) {
      if (new Date(`${date}T12:00:00Z`).getUTCDay() !== 4) continue;
      const evening = (await slotsOn(t.app, date)).find((s) => s.beginTime.slice(11, 16) >= '18:00');
      if (evening) return evening.beginTime;
    }
    throw new Error('no free Thursday evening');
  }

  /** An appointment at Stadswinkel Noord (Balie 2). */
  async function bookInNoord(language: UiLanguage) {
    const beginTime = await eveningSlotInNoord();
    const a = await confirmed(beginTime, language, { locationId: await locationId(NOORD.name) });
    expect(a.location).toMatchObject({ name: NOORD.name, street: NOORD.street, city: NOORD.city });
    return { a, date: beginTime.slice(0, 10) };
  }

  /** The date as the mail writes it, read back from the subject's detail line. */
  const dateIn = (mail: RenderedMail, label: string) =>
    new RegExp(`^${label}: (.+)$`, 'm').exec(mail.text)![1]!;

  it.each(LANGUAGES)(
    'confirmation, change and reminder in %s carry everything needed to arrive',
    async (lang) => {
      const { a } = await bookInNoord(lang);
      expect(a.checkInCode).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);
      await enqueueMail(t.database.db, APPOINTMENT_MAIL.reminder, { appointmentId: a.id });
      // Moved to another evening: still at Stadswinkel Noord, as every mail below says.
      const move = await holdOk(t.app, await eveningSlotInNoord(), { appointmentId: a.id, token: a.token });
      const moved = await t.app.inject({
        method: 'PATCH',
        url: `/api/appointment/${a.id}`,
        payload: { reservationId: move.id, newStatus: 'confirmed', token: a.token },
      });
      expect(moved.statusCode, moved.body).toBe(200);

      for (const mailKind of [
        APPOINTMENT_MAIL.confirmation,
        APPOINTMENT_MAIL.change,
        APPOINTMENT_MAIL.reminder,
      ]) {
        const mail = await rendered(mailKind, a.id);
        expect(mail.language).toBe(lang);
        const doc = dom(mail);
        const text = doc.text;
        expect(doc.lang).toBe(lang);
        // Where to go: the location's name, address, phone, its notice in the visitor's language and a
        // map link to its address, in both parts.
        for (const part of [text, mail.text]) {
          expect(part).toContain(NOORD.name);
          expect(part).toContain(NOORD_ADDRESS);
          expect(part).toContain(`${PHONE_LABEL[lang]}: ${NOORD.phone}`);
          expect(part).toContain(NOORD_NOTICE[lang]);
        }
        expect(doc.hrefs).toContain(mapUrlOf(NOORD));
        expect(mail.text).toContain(mapUrlOf(NOORD));
        expect(mapUrlOf(NOORD)).toContain(encodeURIComponent(NOORD_ADDRESS));
        // The organisation signs the mail and stays in the footer with its own address.
        expect(text).toContain(DEMO_ORGANISATION.name);
        const footer = mail.text.slice(mail.text.lastIndexOf('\n--\n'));
        expect(footer).toContain(DEMO_ORGANISATION.name);
        expect(footer).toContain(ORGANISATION_ADDRESS);
        expect(footer).not.toContain(NOORD_ADDRESS);
        // The calendar entry: the desk and the location's address.
        expect(icsLines(mail)).toContain(`LOCATION:Balie 2\\, Noorderplein 12\\, 1235 CD Voorbeeldstad`);
        // The appointment: desk, products (title in the visitor's language), the check-in code and its QR.
        expect(text).toContain('Balie 2');
        expect(mail.text).toContain('Balie 2');
        expect(text).toContain(`1 x ${TITLE[lang]}`);
        expect(text).toContain(a.checkInCode!);
        expect(mail.text).toContain(a.checkInCode!);
        const qrPart = mail.attachments?.find((p) => p.contentType === 'image/png');
        expect(doc.images).toHaveLength(1);
        expect(doc.images[0]).toMatchObject({ src: `cid:${qrPart?.cid}`, alt: expect.stringMatching(/QR/) });
        // What to bring, in the visitor's language.
        expect(text).toContain(NOTICE[lang]);
        expect(mail.text).toContain(NOTICE[lang]);
        // Edit and cancel buttons that lead to the appointment.
        const links = [
          `http://balie.test/edit-appointment/${a.token}`,
          `http://balie.test/cancel-appointment/${a.token}`,
        ];
        expect(doc.hrefs).toEqual(expect.arrayContaining(links));
        for (const link of links) expect(mail.text).toContain(link);
      }
      const confirmation = await rendered(APPOINTMENT_MAIL.confirmation, a.id);
      expect(dom(confirmation).heading).toBe(HEADING[lang].confirmation);
      const dateLabel = { nl: 'Datum', en: 'Date', de: 'Datum' }[lang];
      expect(normalised(confirmation, a, dateIn(confirmation, dateLabel))).toMatchSnapshot();
    },
  );

  /** The place's heading: one word for it in every mail, the one the booking page uses. */
  const PLACE = { nl: 'Vestiging', en: 'Location', de: 'Standort' } satisfies Record<UiLanguage, string>;
  const ICS_FILE = { nl: 'afspraak.ics', en: 'appointment.ics', de: 'termin.ics' } satisfies Record<
    UiLanguage,
    string
  >;
  const CALENDAR_TITLE = {
    nl: `Afspraak bij ${DEMO_ORGANISATION.name}: ${TITLE.nl}`,
    en: `Appointment at ${DEMO_ORGANISATION.name}: ${TITLE.en}`,
    de: `Termin bei ${DEMO_ORGANISATION.name}: ${TITLE.de}`,
  } satisfies Record<UiLanguage, string>;
  /** Tuesday 2 December 2031 as each language writes a date (German with its comma and ordinal dot). */
  const TUESDAY = {
    nl: 'dinsdag 2 december 2031',
    en: 'Tuesday 2 December 2031',
    de: 'Dienstag, 2. Dezember 2031',
  } satisfies Record<UiLanguage, string>;

  it.each(LANGUAGES)(
    'in %s the calendar entry, its file, the date and the place are the organisation’s, in the visitor’s language',
    async (lang) => {
      const { a } = await book(lang);
      // A known day, at an hour of its own per language (the desk holds one appointment at a time).
      const from = new Date(`2031-12-02T${{ nl: '09', en: '10', de: '11' }[lang]}:00:00+01:00`);
      await t.database.db
        .update(appointments)
        .set({ during: { from, until: new Date(from.getTime() + 12 * 60_000) } })
        .where(eq(appointments.id, a.id));
      for (const mailKind of [APPOINTMENT_MAIL.confirmation, APPOINTMENT_MAIL.cancellation]) {
        if (mailKind === APPOINTMENT_MAIL.cancellation) {
          const cancelled = await t.app.inject({ url: `/api/appointment/by-token/${a.token}/cancel` });
          expect(cancelled.statusCode, cancelled.body).toBe(200);
        }
        const mail = await rendered(mailKind, a.id);
        // Named in the visitor's language, and the only .ics part.
        expect(mail.attachments?.filter((p) => p.filename.endsWith('.ics')).map((p) => p.filename)).toEqual([
          ICS_FILE[lang],
        ]);
        const lines = icsLines(mail);
        // The organisation invites, under its own name and address; the product's name appears nowhere.
        expect(lines.find((l) => l.startsWith('ORGANIZER'))).toBe(
          `ORGANIZER;CN="${DEMO_ORGANISATION.name}":MAILTO:${DEMO_ORGANISATION.email}`,
        );
        expect(lines.find((l) => l.startsWith('SUMMARY'))).toBe(`SUMMARY:${CALENDAR_TITLE[lang]}`);
        // The date as the language writes it, in the details and in the subject.
        expect(dateIn(mail, { nl: 'Datum', en: 'Date', de: 'Datum' }[lang])).toBe(TUESDAY[lang]);
        expect(mail.subject).toContain(TUESDAY[lang]);
        // The place under the same heading whether the visit happens or not.
        expect(mail.text).toContain(`${PLACE[lang]}:\n${DEMO_LOCATIONS.stadhuis.name}\n`);
      }
    },
  );

  it('sends the town hall’s visitors there, with the Dutch notice where their language has none', async () => {
    const stadhuis = await locationId(DEMO_LOCATIONS.stadhuis.name);
    const { a } = await book('en');
    const town = { ...DEMO_LOCATIONS.stadhuis };
    const townAddress = addressOf(town);
    // No notice at all: the place without one.
    let mail = await rendered(APPOINTMENT_MAIL.confirmation, a.id);
    expect(mail.text).toContain(
      `Location:\n${town.name}\n${townAddress}\nPhone: ${town.phone}\nShow on the map: `,
    );
    expect(dom(mail).hrefs).toContain(mapUrlOf(town));
    expect(mail.text).not.toContain(NOORD.name);
    expect(icsLines(mail)).toContain(`LOCATION:Balie 1\\, ${townAddress.replace(/,/g, '\\,')}`);
    // A Dutch notice without an English one: the English mail shows the Dutch one; with one, that one.
    const notice = { nl: 'Meld u bij de receptie in de hal.', en: 'Please report to the reception desk.' };
    try {
      await t.database.db.update(locations).set({ notice: notice.nl }).where(eq(locations.id, stadhuis));
      mail = await rendered(APPOINTMENT_MAIL.confirmation, a.id);
      expect(dom(mail).text).toContain(notice.nl);
      expect(mail.text).toContain(notice.nl);
      await t.database.db
        .update(locations)
        .set({ translations: { en: { notice: notice.en } } })
        .where(eq(locations.id, stadhuis));
      mail = await rendered(APPOINTMENT_MAIL.confirmation, a.id);
      expect(mail.text).toContain(notice.en);
      expect(mail.text).not.toContain(notice.nl);
    } finally {
      await t.database.db
        .update(locations)
        .set({ notice: '', translations: {} })
        .where(eq(locations.id, stadhuis));
    }
  });

  it.each(LANGUAGES)('cancellations in %s drop the code, the links and what to bring', async (lang) => {
    const { a } = await bookInNoord(lang);
    const cancelled = await t.app.inject({
      method: 'GET',
      url: `/api/appointment/by-token/${a.token}/cancel`,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await enqueueMail(t.database.db, APPOINTMENT_MAIL.scheduleCancellation, {
      appointmentId: a.id,
      cause: 'closure',
      reason: 'Stroomstoring',
    });
    for (const mailKind of [APPOINTMENT_MAIL.cancellation, APPOINTMENT_MAIL.scheduleCancellation]) {
      const mail = await rendered(mailKind, a.id);
      const doc = dom(mail);
      const text = doc.text;
      expect(text).toContain(DEMO_ORGANISATION.name);
      expect(text).toContain('Balie 2');
      // Which appointment it was: the place named, but neither its notice nor the way there.
      expect(mail.text).toContain(`${NOORD.name}\n${NOORD_ADDRESS}`);
      expect(text).not.toContain(NOORD_NOTICE[lang]);
      expect(doc.hrefs.some((h) => h.includes('google.com/maps'))).toBe(false);
      expect(icsLines(mail)).toContain(`LOCATION:Balie 2\\, Noorderplein 12\\, 1235 CD Voorbeeldstad`);
      expect(text).not.toContain(a.checkInCode!);
      expect(mail.text).not.toContain(a.checkInCode!);
      expect(doc.images).toEqual([]);
      expect(text).not.toContain(NOTICE[lang]);
      expect(doc.hrefs.some((h) => h.includes(a.token))).toBe(false);
      expect(mail.text).not.toContain(a.token);
      if (mailKind === APPOINTMENT_MAIL.scheduleCancellation) {
        expect(text).toContain('(Stroomstoring)');
        expect(doc.hrefs).toContain('http://balie.test/new?items=1x1');
        expect(mail.text).toContain('http://balie.test/new?items=1x1');
      } else {
        expect(doc.heading).toBe(HEADING[lang].cancellation);
      }
    }
    const mail = await rendered(APPOINTMENT_MAIL.scheduleCancellation, a.id);
    const dateLabel = { nl: 'Datum', en: 'Date', de: 'Datum' }[lang];
    expect(normalised(mail, a, dateIn(mail, dateLabel))).toMatchSnapshot();
  });

  // The causes that came with locations (decision 0333) each say what happened, in every language.
  const LOCATION_CAUSES = {
    location_inactive: {
      nl: 'Deze vestiging is gesloten.',
      en: 'This location has closed.',
      de: 'Dieser Standort ist geschlossen.',
    },
    desk_moved: {
      nl: 'De balie is naar een andere vestiging verhuisd.',
      en: 'The desk has moved to another location.',
      de: 'Der Schalter ist an einen anderen Standort umgezogen.',
    },
    product_not_served: {
      nl: 'De balie behandelt dit product niet meer.',
      en: 'The desk no longer handles this product.',
      de: 'Der Schalter bearbeitet dieses Produkt nicht mehr.',
    },
  } as const;

  it.each(LANGUAGES)(
    'a schedule cancellation in %s names a location, a move or a product as its cause',
    async (lang) => {
      const { a } = await bookInNoord(lang);
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/appointment/by-token/${a.token}/cancel` }))
          .statusCode,
      ).toBe(200);
      for (const [cause, texts] of Object.entries(LOCATION_CAUSES)) {
        await enqueueMail(t.database.db, APPOINTMENT_MAIL.scheduleCancellation, {
          appointmentId: a.id,
          cause,
        });
        const mail = await rendered(APPOINTMENT_MAIL.scheduleCancellation, a.id);
        expect(mail.text, cause).toContain(texts[lang]);
        expect(dom(mail).text, cause).toContain(texts[lang]);
      }
    },
  );

  it.each(LANGUAGES)('the password reset mail in %s has the same design and its one link', async (lang) => {
    const email = `reset.${lang}.${kind}@example.org`;
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { email, password: 'Geheim123!', language: lang },
    });
    expect(registered.statusCode, registered.body).toBeLessThan(300);
    await t.app.inject({ method: 'POST', url: '/api/forgotpassword', payload: { email } });
    await t.app.background.settled();
    const [row] = await t.database.db
      .select()
      .from(outbox)
      .where(sql`${outbox.kind} = 'password-reset'`)
      .orderBy(sql`${outbox.id} DESC`)
      .limit(1);
    const mail = (await rendererOf('password-reset')!(row!.payload, {
      db: t.database.db,
      config: t.config,
    }))!;
    expect(mail.to).toBe(email);
    const doc = dom(mail);
    const link = doc.hrefs.find((h) => h.startsWith('http://balie.test/reset-password/'));
    expect(link).toMatch(/\/reset-password\/[A-Za-z0-9_-]{43}$/);
    expect(mail.text).toContain(link);
    expect(doc.lang).toBe(lang);
    expect(doc.text).toContain(DEMO_ORGANISATION.name);
    expect(mail.text.replace(link!, '<link>')).toMatchSnapshot();
  });

  it('the reminder says "today" when it goes out on the day itself, "tomorrow" the day before', async () => {
    const { a } = await book('nl');
    await enqueueMail(t.database.db, APPOINTMENT_MAIL.reminder, { appointmentId: a.id });
    const startAt = async (iso: string) => {
      const from = new Date(iso);
      await t.database.db
        .update(appointments)
        .set({ during: { from, until: new Date(from.getTime() + 12 * 60_000) } })
        .where(eq(appointments.id, a.id));
    };
    // Sent on the day itself: a server that was down when the reminder came due catches up on start.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2031-03-12T07:00:00+01:00') });
    try {
      await startAt('2031-03-12T11:00:00+01:00');
      expect((await rendered(APPOINTMENT_MAIL.reminder, a.id)).text).toContain('uw afspraak van vandaag.');
      await startAt('2031-03-13T06:30:00+01:00');
      expect((await rendered(APPOINTMENT_MAIL.reminder, a.id)).text).toContain('uw afspraak van morgen.');
    } finally {
      vi.useRealTimers();
    }
  });

  it('never turns typed text into markup', async () => {
    const { a } = await book('en');
    await t.database.db.execute(
      sql`UPDATE appointments SET last_name = ${'<img src=x onerror=alert(1)>'} WHERE id = ${a.id}`,
    );
    const doc = dom(await rendered(APPOINTMENT_MAIL.confirmation, a.id));
    expect(doc.images).toHaveLength(1);
    expect(doc.text).toContain('<img src=x onerror=alert(1)>');
  });
});
