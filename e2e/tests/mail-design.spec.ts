import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import {
  adminHeaders,
  availableDays,
  bookThroughApi,
  moveByLink,
  slotsOn,
  type Booked,
  type Items,
} from '../support/api.js';
import { passportItems } from '../support/booking.js';
import { DEMO_USER, expect, test } from '../support/fixtures.js';
import { waitForMail, type Mail } from '../support/mail.js';
import { startServer } from '../support/server.js';

const NOTICE_EN = 'Bring a recent passport photo and your current passport or identity card.';

/**
 * Each mail kind drawn by Chromium from the .eml the product wrote, at phone and desktop width, the inline
 * QR part shown as a mail program shows it. The PNGs are kept as test artefacts (and copied to
 * SCREENS_DIR when set) to look at; the test itself checks what can be measured: nothing scrolls
 * sideways on a phone, the QR image loaded, and the buttons are big enough to tap.
 */
test('every mail kind reads well on a phone and a desktop', async ({ page, request, server }, testInfo) => {
  test.slow();
  const admin = await adminHeaders(request);
  const { items } = await passportItems(request);
  const translated = await request.patch(`/api/product/${items[0]!.productId}`, {
    headers: admin,
    data: { translations: { en: { title: 'Passport application', notice: NOTICE_EN } } },
  });
  expect(translated.status()).toBe(200);
  const days = await availableDays(request, items);
  expect(days.length).toBeGreaterThan(4);

  const book = (date: string, language: string, email: string) =>
    bookThirdSlot(request, items, date, language, email);
  const stamp = Date.now();
  const mails: Array<{ name: string; mail: Mail }> = [];
  const mailTo = async (name: string, to: string, subject: RegExp) =>
    mails.push({ name, mail: await waitForMail(server.dataDir, to, (m) => subject.test(m.subject)) });

  // Confirmation in each language; the Dutch one is then changed and cancelled.
  for (const [i, language] of (['nl', 'en', 'de'] as const).entries()) {
    const email = `mail-${language}-${stamp}@example.com`;
    const booked = await book(days[i + 1]!, language, email);
    await mailTo(`confirmation-${language}`, email, /Bevestiging|Confirmation|Bestätigung/);
    if (language !== 'nl') continue;
    await moveByLink(request, items, booked, await thirdSlot(request, items, days[4]!));
    await mailTo('change-nl', email, /gewijzigd/);
    expect((await request.get(`/api/appointment/by-token/${booked.token}/cancel`)).status()).toBe(200);
    await mailTo('cancellation-nl', email, /geannuleerd/);
  }

  // A closure no other desk can absorb: the apology with the rebooking button.
  const closedDay = days[5] ?? days.at(-1)!;
  const email = `mail-closure-${stamp}@example.com`;
  const booked = await book(closedDay, 'nl', email);
  await mailTo('confirmation-closure', email, /Bevestiging/);
  mails.pop();
  for (const deskId of [booked.desk.id === 1 ? 2 : 1, booked.desk.id]) {
    const desk = (await (await request.get(`/api/desk/${deskId}`, { headers: admin })).json()) as {
      closures: unknown[];
    };
    const closed = await request.patch(`/api/desk/${deskId}`, {
      headers: admin,
      data: {
        closures: [...desk.closures, { date: closedDay, type: 'whole_day', reason: 'Verbouwing' }],
        affectedAppointments: 'reassign',
      },
    });
    expect(closed.status()).toBe(200);
  }
  await mailTo('schedule-cancellation-nl', email, /kan helaas niet doorgaan/);

  await request.post('/api/forgotpassword', { data: { email: DEMO_USER.email } });
  await mailTo('password-reset-nl', DEMO_USER.email, /Wachtwoord/);

  for (const { name, mail } of mails) await drawAndMeasure(page, name, mail, testInfo);
});

/** Shows a mail's HTML part as a mail program would: inline cid: parts resolved, nothing else fetched. */
async function show(page: Page, mail: Mail): Promise<void> {
  expect(mail.html, `HTML part of "${mail.subject}"`).not.toBe('');
  const html = mail.html.replace(/cid:([^"'\s>]+)/g, (whole, cid: string) => mail.inline[cid] ?? whole);
  await page.setContent(html, { waitUntil: 'load' });
}

/**
 * Monday 09:00 in Amsterdam (decision 0231): the reminder test books from here, more than 24 hours ahead,
 * then restarts the product on a clock two hours before the appointment, when its reminder is due
 * (decision 0055) and the job that runs on start queues it at once.
 */
const BOOKED_AT = '2030-03-11T09:00:00+01:00';

/**
 * The reminder goes out within 24 hours of an appointment booked earlier than that, so its test needs the
 * clock to move a day on: a product of its own (the worker's keeps its clock for the other tests), booked
 * on one clock and restarted on a later one.
 */
test('the reminder reads well on a phone and a desktop', async ({ page, playwright }, testInfo) => {
  const server = await startServer({ BALIE_TEST_NOW: BOOKED_AT });
  const request = await playwright.request.newContext({ baseURL: server.url });
  try {
    const { items } = await passportItems(request);
    // Two days on at the earliest, so the booking is well over 24 hours before the appointment.
    const day = (await availableDays(request, items)).find((d) => d >= '2030-03-13');
    expect(day, 'an open day from Wednesday on').toBeDefined();
    const email = `mail-reminder-${Date.now()}@example.com`;
    const booked = await bookThirdSlot(request, items, day!, 'nl', email);
    const due = new Date(Date.parse(booked.fromDateTime) - 2 * 3600_000).toISOString();
    await server.restart({ BALIE_TEST_NOW: due });
    const mail = await waitForMail(server.dataDir, email, (m) => /Herinnering/.test(m.subject));
    expect(mail.body).toContain(booked.checkInCode);
    // Caught up on start, on the appointment's own day (decision 0240).
    expect(mail.body).toContain('uw afspraak van vandaag.');
    await drawAndMeasure(page, 'reminder-nl', mail, testInfo);
  } finally {
    await request.dispose();
    await server.stop();
  }
});

/** The start of the third slot of `date` (the first ones may be taken by an earlier booking of the test). */
async function thirdSlot(request: APIRequestContext, items: Items, date: string): Promise<string> {
  return (await slotsOn(request, items, date))[2]!.beginTime;
}

async function bookThirdSlot(
  request: APIRequestContext,
  items: Items,
  date: string,
  language: string,
  email: string,
): Promise<Booked> {
  return bookThroughApi(request, items, await thirdSlot(request, items, date), {
    initials: 'J.',
    lastName: 'de Vries-Öztürk',
    email,
    language,
  });
}

/**
 * Draws `mail` at phone and desktop width (PNG kept as an artefact, and copied to SCREENS_DIR when set)
 * and checks what can be measured: nothing scrolls sideways, the QR loaded, the buttons are big enough.
 */
async function drawAndMeasure(page: Page, name: string, mail: Mail, testInfo: TestInfo): Promise<void> {
  const dir = process.env.SCREENS_DIR;
  if (dir) mkdirSync(dir, { recursive: true });
  await show(page, mail);
  for (const [width, height, label] of [
    [390, 844, 'phone'],
    [1366, 900, 'desktop'],
  ] as const) {
    await page.setViewportSize({ width, height });
    const sideways = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(sideways, `${name} scrolls sideways at ${width} px`).toBeLessThanOrEqual(0);
    const file = testInfo.outputPath(`mail-${name}-${label}.png`);
    await page.screenshot({ path: file, fullPage: true });
    if (dir) copyFileSync(file, join(dir, `mail-${name}-${label}.png`));
  }
  // The QR part is there and drawn (an <img> whose cid: part were missing would have no width).
  const qr = page.locator('img');
  if (/^(confirmation|change|reminder)/.test(name)) {
    await expect(qr).toHaveCount(1);
    expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(100);
  } else {
    await expect(qr).toHaveCount(0);
  }
  // Buttons a thumb can hit (WCAG 2.5.8's 24 px, comfortably above).
  for (const box of await page
    .locator('a[href]')
    .evaluateAll((links) =>
      links
        .filter((a) => getComputedStyle(a).display === 'inline-block')
        .map((a) => a.getBoundingClientRect()),
    ))
    expect(box.height).toBeGreaterThanOrEqual(40);
}
