import { createServer, type Server } from 'node:http';
import { crc32, deflateSync } from 'node:zlib';
import type { Frame, Locator, Page } from '@playwright/test';
import { adminHeaders } from '../support/api.js';
import { CHROMIUM_LAUNCH } from '../support/chromium.js';
import {
  chooseProduct,
  expectNoSeriousA11yViolations,
  enabledDays,
  fillDetails,
  PRODUCT,
  slotButtons,
  STADHUIS,
} from '../support/booking.js';
import { DEMO_ADMIN, expect, logIn, test } from '../support/fixtures.js';
import { waitForMail } from '../support/mail.js';
import { screenshots } from '../support/screens.js';
import { freePort } from '../support/server.js';

// Issue 23: the organisation's own booking page (DESIGN §4b, §5 Branding).

const ORGANISATION = 'Gemeente Voorbeeldstad';
const GREEN = '#1a5e20';
const GREEN_RGB = 'rgb(26, 94, 32)';
/** Hosts of the organisation's website and of some other site, both served by this spec on 127.0.0.1. */
const OWN_SITE = 'www.voorbeeldstad.test';
const OTHER_SITE = 'elders.test';

test.use({
  launchOptions: {
    ...CHROMIUM_LAUNCH,
    args: [
      ...CHROMIUM_LAUNCH.args,
      `--host-resolver-rules=MAP ${OWN_SITE} 127.0.0.1, MAP ${OTHER_SITE} 127.0.0.1`,
    ],
  },
});

/**
 * The first click into the cross-origin frame. It once waited 3 minutes on Playwright's "stable" check in
 * a CI run and never since (issue 16); should it stall again, the failure says whether the framed page
 * was painting at all (Playwright's check needs two of its animation frames) or its button was moving.
 */
async function firstClickInFrame(button: Locator, frame: () => Frame): Promise<void> {
  try {
    await button.click({ timeout: 30_000 });
  } catch (error) {
    const painting = await Promise.race([
      frame().evaluate(
        () =>
          new Promise<string>((done) =>
            requestAnimationFrame(() => requestAnimationFrame(() => done('painted frames'))),
          ),
      ),
      new Promise<string>((done) =>
        setTimeout(() => done('painted no frame (requestAnimationFrame did not run in 5 s)'), 5_000),
      ),
    ]);
    const boxes = [await button.boundingBox(), await button.boundingBox()];
    throw new Error(
      `The click in the frame did not happen: the framed page ${painting}; the button's box twice: ${JSON.stringify(boxes)}`,
      { cause: error },
    );
  }
}

/** A real PNG: a white plate with a band of the colour (what a municipality's logo file is, roughly). */
function pngLogo(width: number, height: number): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3, 0xff);
    row[0] = 0;
    for (let x = 0; x < width; x++)
      if (y > height / 3 && y < (2 * height) / 3) row.set([0x1a, 0x5e, 0x20], 1 + x * 3);
    rows.push(row);
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A titled part of an admin page (components/Section: a section with an h2). */
const section = (page: Page, title: string) =>
  page.locator('section', { has: page.getByRole('heading', { level: 2, name: title }) });

/** Whether an image has loaded and has pixels (not a broken image). */
const imageLoaded = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);

test.describe.configure({ mode: 'serial' });

test('the admin sets a logo and a colour; /new (server-rendered and hydrated), the success page and the mail show them', async ({
  page,
  browser,
  server,
  baseURL,
}) => {
  test.slow();
  await logIn(page, DEMO_ADMIN);
  await page.goto('/organisation');
  const branding = section(page, 'Huisstijl');

  // The colour: checked live against white text, refused below 4.5:1.
  const colour = branding.getByRole('textbox', { name: 'Hoofdkleur', exact: true });
  await colour.fill('#ffcc00');
  await expect(branding.getByRole('status')).toContainText('te weinig, minimaal 4,5:1');
  await expect(branding.getByRole('button', { name: 'Kleur toepassen' })).toBeDisabled();
  await colour.fill(GREEN);
  await expect(branding.getByRole('status')).toContainText('voldoende');
  await branding.getByRole('button', { name: 'Kleur toepassen' }).click();
  await expect(page.getByText('Opgeslagen')).toBeVisible();

  // The logo: a program with a .png name is refused, a PNG is previewed and then saved.
  await page.getByTestId('logo-input').setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]),
  });
  await branding.getByRole('button', { name: 'Dit logo gebruiken' }).click();
  await expect(branding.getByText('logo.png is geen PNG-, JPEG- of WebP-afbeelding')).toBeVisible();
  await branding.getByRole('button', { name: 'Annuleren' }).click();
  await page
    .getByTestId('logo-input')
    .setInputFiles({ name: 'wapen.png', mimeType: 'image/png', buffer: pngLogo(180, 60) });
  await expect(branding.getByText('Gekozen: wapen.png')).toBeVisible();
  await expect(branding.getByRole('img', { name: 'Voorbeeld van de bovenbalk' })).toHaveCSS(
    'background-color',
    GREEN_RGB,
  );
  await branding.getByRole('button', { name: 'Dit logo gebruiken' }).click();
  await expect(page.getByText('Logo opgeslagen')).toBeVisible();
  await screenshots(page, 'branding-organisation');
  const { logoFileId } = (await (await page.request.get('/api/organisation')).json()) as {
    logoFileId: number;
  };
  const logoPath = `/api/organisation/logo/${logoFileId}`;

  // The server's HTML of /new is the organisation's before any script runs: title, bar colour, logo.
  const html = await (await page.request.get('/new', { headers: { accept: 'text/html' } })).text();
  for (const part of [
    `<title>Afspraak maken — ${ORGANISATION}</title>`,
    `<meta name="theme-color" content="${GREEN}"`,
    `--AppBar-background:${GREEN}`,
    `src="${logoPath}"`,
  ])
    expect(html.includes(part), part).toBe(true);
  expect(html.includes('--AppBar-background:#0b2d5b'), 'the product’s blue bar').toBe(false);

  // Before hydration (no scripts at all): the page as the server drew it.
  const noScripts = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const first = await noScripts.newPage();
  await first.goto('/new');
  await expect(first).toHaveTitle(`Afspraak maken — ${ORGANISATION}`);
  await expect(first.getByRole('banner')).toHaveCSS('background-color', GREEN_RGB);
  await expect(
    first.getByRole('banner').getByRole('link', { name: `${ORGANISATION}, naar de startpagina` }),
  ).toBeVisible();
  await expect(first.getByTestId('organisation-logo')).toBeVisible();
  await noScripts.close();

  // A visitor: hydrated, the same; then a booking to the success page.
  const visitor = await browser.newContext({ baseURL });
  const guest = await visitor.newPage();
  await guest.goto('/new');
  await expect(guest).toHaveTitle(`Afspraak maken — ${ORGANISATION}`);
  await expect(guest.getByRole('banner')).toHaveCSS('background-color', GREEN_RGB);
  expect(await imageLoaded(guest, '[data-testid="organisation-logo"]')).toBe(true);
  await expect(guest.getByRole('banner')).not.toContainText('Balie');
  await expect(guest.getByRole('contentinfo')).toContainText('Mogelijk gemaakt door Balie');
  await screenshots(guest, 'branding-new');
  await expectNoSeriousA11yViolations(guest, 'branded /new');
  await chooseProduct(guest, PRODUCT, STADHUIS);
  await enabledDays(guest).first().click();
  await slotButtons(guest).first().click();
  await guest.getByRole('button', { name: 'Volgende', exact: true }).click();
  const email = `branded-${Date.now()}@example.com`;
  await fillDetails(guest, email);
  await guest.getByRole('button', { name: 'Volgende', exact: true }).click();
  await guest.getByRole('button', { name: 'Afspraak bevestigen' }).click();
  await expect(guest.getByRole('heading', { name: 'Uw afspraak is bevestigd' })).toBeVisible();
  const badge = guest.getByTestId('organisation-badge');
  await expect(badge).toContainText(ORGANISATION);
  expect(await imageLoaded(guest, '[data-testid="organisation-badge"] img')).toBe(true);
  await expect(guest.getByRole('button', { name: 'Toevoegen aan agenda' })).toHaveCSS(
    'background-color',
    GREEN_RGB,
  );
  await screenshots(guest, 'branding-success');
  await expectNoSeriousA11yViolations(guest, 'branded success page');

  // The confirmation mail as a mail program draws it: the logo (loaded from the product) and the colour.
  const mail = await waitForMail(server.dataDir, email);
  expect(mail.html).toContain(`src="${server.url}${logoPath}"`);
  await guest.setContent(mail.html);
  expect(await imageLoaded(guest, `img[src$="${logoPath}"]`)).toBe(true);
  await expect(guest.getByRole('heading', { level: 1 })).toHaveCSS('color', GREEN_RGB);
  await expect(guest.getByRole('link', { name: 'Afspraak wijzigen' })).toHaveCSS(
    'background-color',
    GREEN_RGB,
  );
  await screenshots(guest, 'branding-mail');
  await visitor.close();
});

test('every public page has the footer; its links open the privacy page and a filled accessibility statement in nl and en', async ({
  page,
}) => {
  for (const path of ['/new', '/login', '/register', '/forgot-password', '/accessibility', '/404']) {
    await page.goto(path);
    const footer = page.getByRole('contentinfo');
    await expect(footer, path).toContainText('Stadhuisplein 1, 1234 AB Voorbeeldstad');
    await expect(footer.getByRole('link', { name: '14 020' }), path).toHaveAttribute('href', 'tel:14020');
    await expect(footer.getByRole('link', { name: 'info@voorbeeldstad.example' }), path).toBeVisible();
    await expect(footer.getByRole('link', { name: 'Privacyverklaring' }), path).toHaveAttribute(
      'href',
      '/privacy',
    );
    await expect(footer.getByRole('link', { name: /Terug naar de website/ }), path).toHaveAttribute(
      'href',
      'https://www.voorbeeldstad.example',
    );
  }
  // The footer's privacy link opens the filled statement, with the retention period.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacyverklaring' }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Privacyverklaring' })).toBeVisible();
  await expect(page.getByText(/automatisch gewist/)).toContainText(/\d+ dagen na de afspraak/);

  await page.goto('/new');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Toegankelijkheidsverklaring' }).click();
  await expect(page).toHaveURL(/\/accessibility$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Toegankelijkheidsverklaring' })).toBeVisible();
  await expect(page).toHaveTitle(`Toegankelijkheidsverklaring — ${ORGANISATION}`);
  const main = page.getByRole('main');
  for (const text of [
    `${ORGANISATION} wil dat iedereen online een afspraak kan maken`,
    'B: voldoet gedeeltelijk',
    '25 november 2026',
    'axe-core',
    'het inchecken en de wachtrij (kiezen van de balie, roepen en helpen) zijn helemaal met het toetsenbord doorlopen',
    'U krijgt binnen 5 werkdagen een reactie.',
    'Nationale ombudsman',
  ])
    await expect(main).toContainText(text);
  for (const heading of [
    'Nalevingsstatus',
    'Hoe is dit onderzocht?',
    'Wat nog niet voldoet of nog niet is onderzocht',
    'Contact',
    'Klachtenprocedure',
  ])
    await expect(main.getByRole('heading', { level: 2, name: heading })).toBeVisible();
  await expect(main.getByRole('link', { name: 'toegankelijkheid@voorbeeldstad.example' })).toHaveAttribute(
    'href',
    'mailto:toegankelijkheid@voorbeeldstad.example',
  );
  // No phone of its own: the organisation's.
  await expect(main.getByRole('link', { name: '14 020' })).toBeVisible();
  await expect(
    main.getByRole('link', { name: /klachtenprocedure van Gemeente Voorbeeldstad/ }),
  ).toHaveAttribute('href', 'https://www.voorbeeldstad.example/klachten');
  await screenshots(page, 'accessibility-nl');
  await expectNoSeriousA11yViolations(page, '/accessibility (nl)');

  await page.getByRole('button', { name: /Kies een taal/ }).click();
  await page.getByRole('menuitem', { name: /English/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Accessibility statement' })).toBeVisible();
  await expect(page).toHaveTitle(`Accessibility statement — ${ORGANISATION}`);
  for (const text of [
    'B: partially compliant',
    '25 November 2026',
    'You will get an answer within 5 working days.',
    'National Ombudsman',
  ])
    await expect(page.getByRole('main')).toContainText(text);
  await expect(
    page.getByRole('contentinfo').getByRole('link', { name: 'Privacy statement' }),
  ).toHaveAttribute('href', '/privacy');
  await expect(
    page.getByRole('contentinfo').getByRole('link', { name: 'Accessibility statement' }),
  ).toBeVisible();
  await screenshots(page, 'accessibility-en');
  await expectNoSeriousA11yViolations(page, '/accessibility (en)');
  // The footer's privacy link opens the filled statement, in English here…
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy statement' }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy statement' })).toBeVisible();
  await expect(page.getByText(/erased automatically/)).toContainText(/\d+ days after the appointment/);

  // The admin edits the contact parts; the statement says them at once.
  await page.evaluate(() => window.localStorage.setItem('ui_language', 'nl'));
  const headers = await adminHeaders(page.request);
  const patched = await page.request.patch('/api/organisation', {
    headers,
    data: {
      accessibilityPhone: '14 020 (keuze 3)',
      accessibilityResponseDays: 1,
      accessibilityComplaintsUrl: '',
    },
  });
  expect(patched.status(), await patched.text()).toBe(200);
  await page.goto('/accessibility');
  await expect(page.getByRole('main').getByRole('link', { name: '14 020 (keuze 3)' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('U krijgt binnen 1 werkdag een reactie.');
  await expect(page.getByRole('main')).toContainText('vraag naar de klachtenprocedure');
  await page.request.patch('/api/organisation', {
    headers,
    data: {
      accessibilityPhone: '',
      accessibilityResponseDays: 5,
      accessibilityComplaintsUrl: 'https://www.voorbeeldstad.example/klachten',
    },
  });
});

test.describe('embedded in the organisation’s website', () => {
  // No retry (it had one from 2026-11-25 to 11-28): in one fresh-clone CI run of 2026-11-25 the first
  // click inside the cross-origin frame waited 3 minutes for Playwright's "stable" check on a button that
  // was on screen. It never came back: every CI run since, and 50 repeats on 2026-11-28 (half of them
  // beside a CPU hog), passed. If it does, `firstClickInFrame` fails after 30 s saying whether the framed
  // page still painted frames and whether the button moved.
  let site: Server;
  let port = 0;
  let hostPage = '';

  test.beforeAll(async () => {
    port = await freePort();
    site = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(hostPage);
    });
    await new Promise<void>((ok) => site.listen(port, '127.0.0.1', ok));
  });
  test.afterAll(() => new Promise<void>((ok) => site.close(() => ok())));

  test('/new?embed=1 books end to end in an iframe of the organisation’s site, grows with it, and is refused elsewhere', async ({
    page,
  }) => {
    test.slow();
    const headers = await adminHeaders(page.request);
    const ownOrigin = `http://${OWN_SITE}:${port}`;
    expect(
      (
        await page.request.patch('/api/organisation', { headers, data: { website: `${ownOrigin}/afspraak` } })
      ).status(),
    ).toBe(200);

    // The snippet, copied from the organisation screen as an admin would.
    await logIn(page, DEMO_ADMIN);
    // The section shows once the screen has read the organisation, after a full load of the app, its
    // translations and the screen's own chunk: on a loaded machine more than the 10 s an expectation waits,
    // which ran from the navigation (issue 34 item 15: a CI run never saw the section). So wait, on the
    // test's clock, for the organisation the section is made of, and only then for the section.
    const organisationRead = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/organisation' && r.request().method() === 'GET',
    );
    await page.goto('/organisation');
    const read = (await (await organisationRead).json()) as { website: string };
    expect(read.website).toBe(`${ownOrigin}/afspraak`);
    const embed = section(page, 'Boeken op uw eigen website');
    await expect(embed).toContainText(`Alleen pagina’s op ${ownOrigin} mogen de boekingspagina tonen`);
    const snippet = (await embed.locator('pre').textContent()) ?? '';
    expect(snippet).toContain('/new?embed=1');
    hostPage = `<!doctype html><html lang="nl"><head><meta charset="utf-8"><title>Gemeente Voorbeeldstad</title></head><body style="margin:0"><h1>Afspraak maken</h1>${snippet}<p id="below">Onder het formulier</p></body></html>`;
    await page.evaluate(() => window.localStorage.clear());

    await page.goto(`${ownOrigin}/afspraak`);
    // This Chromium blocks third-party storage, as many visitors' browsers do: the framed page works without it.
    const framed = () => page.frames().find((f) => f.url().includes('embed=1'))!;
    await expect
      .poll(() =>
        framed()?.evaluate(() => {
          try {
            return typeof window.sessionStorage;
          } catch {
            return 'blocked';
          }
        }),
      )
      .toBe('blocked');
    const frame = page.frameLocator('#balie-afspraak');
    await expect(frame.getByRole('heading', { level: 1, name: 'Afspraak maken' })).toBeVisible();
    // The page alone: no top bar, no footer.
    await expect(frame.getByRole('banner')).toHaveCount(0);
    await expect(frame.getByRole('contentinfo')).toHaveCount(0);

    /** The frame is as high as its page: no second scroll bar. */
    const expectFitted = async () => {
      const inner = page.frames().find((f) => f.url().includes('embed=1'))!;
      await expect
        .poll(async () => {
          const frameHeight = await page
            .locator('#balie-afspraak')
            .evaluate((el) => el.getBoundingClientRect().height);
          const { scroll, client } = await inner.evaluate(() => ({
            scroll: document.documentElement.scrollHeight,
            client: document.documentElement.clientHeight,
          }));
          return Math.abs(frameHeight - scroll) <= 1 && scroll <= client;
        })
        .toBe(true);
    };
    await expectFitted();
    const startHeight = await page
      .locator('#balie-afspraak')
      .evaluate((el) => el.getBoundingClientRect().height);

    await firstClickInFrame(frame.getByRole('button', { name: `${PRODUCT} toevoegen` }), framed);
    await frame.getByRole('button', { name: 'Kies een vestiging' }).click();
    await frame.getByRole('radio', { name: STADHUIS, exact: true }).check();
    await frame.getByRole('button', { name: 'Kies datum en tijd' }).click();
    await expect(frame.getByRole('heading', { name: 'Kies een datum en tijd' })).toBeVisible();
    await expectFitted();
    await frame
      .locator(
        '[role="grid"] [role="rowgroup"]:not(.MuiPickersSlideTransition-slideExit) button[role="gridcell"]:not([disabled])',
      )
      .first()
      .click();
    await frame
      .getByRole('button', { name: /^\d\d:\d\d (.+, )?tot \d\d:\d\d$/ })
      .first()
      .click();
    await frame.getByRole('button', { name: 'Volgende', exact: true }).click();
    await frame.getByLabel('Voorletters').fill('E.');
    await frame.getByLabel('Achternaam').fill('Ingebed');
    await frame.getByLabel('E-mailadres').fill(`embedded-${Date.now()}@example.com`);
    await frame.getByLabel('Telefoonnummer').fill('0612345678');
    await frame.getByRole('button', { name: 'Volgende', exact: true }).click();
    await frame.getByRole('button', { name: 'Afspraak bevestigen' }).click();
    await expect(frame.getByRole('heading', { name: 'Uw afspraak is bevestigd' })).toBeVisible();
    await expectFitted();
    const successHeight = await page
      .locator('#balie-afspraak')
      .evaluate((el) => el.getBoundingClientRect().height);
    expect(successHeight).not.toBe(startHeight);
    await expect(page.locator('#below')).toBeVisible();
    await screenshots(page, 'branding-embedded');

    // Another site's page: the browser refuses to show the booking page in its frame.
    const framedAnswer = page.waitForResponse((r) => r.url().includes('/new?embed=1'));
    await page.goto(`http://${OTHER_SITE}:${port}/afspraak`);
    expect((await framedAnswer).headers()['content-security-policy']).toMatch(
      new RegExp(`frame-ancestors ${ownOrigin.replace(/[.]/g, '\\.')}$`),
    );
    // The browser shows its error page in the frame instead of the booking page.
    await expect.poll(() => page.frames().map((f) => f.url())).toContain('chrome-error://chromewebdata/');
    await expect(frame.getByRole('heading', { name: 'Afspraak maken' })).toHaveCount(0);

    await page.request.patch('/api/organisation', {
      headers,
      data: { website: 'https://www.voorbeeldstad.example' },
    });
  });
});
