// @vitest-environment node
// Node, as on the server: emotion keeps the styles it renders for extraction only where there is no document.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FRONT_DOOR_NAMESPACES, FRONT_DOOR_STATE_ID, type FrontDoorState, type Product } from '@balie/shared';
import { renderFrontDoor } from './renderFrontDoor';

const TEMPLATE =
  '<!doctype html><html lang="nl"><head><meta name="theme-color" content="#0b2d5b" /><title>Balie</title></head><body><div id="root"></div></body></html>';
const HOSTILE_TITLE = 'Paspoort </script><script>alert(1)</script> $& $1 aanvragen';

const translations = Object.fromEntries(
  FRONT_DOOR_NAMESPACES.map((ns) => [
    ns,
    JSON.parse(
      readFileSync(new URL(`../../../public/locales/nl/${ns}.json`, import.meta.url), 'utf8'),
    ) as Record<string, unknown>,
  ]),
);

const category = { id: 1, name: 'Reisdocumenten', position: 1 };
const product = (id: number, title: string): Product => ({
  id,
  title,
  description: 'Een nieuw paspoort.',
  notice: '',
  category,
  timeUnit: 12,
  extraTimeUnit: 6,
  maxAmount: 4,
  active: true,
  files: [],
});
const state: FrontDoorState = {
  language: 'nl',
  translations,
  products: [product(1, HOSTILE_TITLE), product(2, 'Rijbewijs ophalen')],
  categories: [category],
  organisation: {
    name: 'Gemeente <Oost> & West',
    street: '',
    postcode: '',
    city: '',
    phone: '',
    email: '',
    website: 'https://example.org',
    registrationOpen: true,
    registerFields: ['birthDay', 'serviceBookNr', 'cardNumber'],
    requireMfaForAdmins: false,
    retentionDays: 30,
    reminders: [{ hoursBefore: 24 }],
    privacyStatement: { nl: '', en: '', de: '' },
    logoFileId: 7,
    primaryColour: '#1a5e20',
    accessibilityEmail: '',
    accessibilityPhone: '',
    accessibilityResponseDays: 5,
    accessibilityComplaintsUrl: '',
    oin: '',
    staffSignIn: null,
  },
};

/** The text of the embedded state script: up to the first '</script>', as the HTML parser reads it. */
function embedded(html: string): string {
  const open = `<script type="application/json" id="${FRONT_DOOR_STATE_ID}">`;
  const start = html.indexOf(open) + open.length;
  return html.slice(start, html.indexOf('</script>', start));
}

describe('renderFrontDoor', () => {
  const html = renderFrontDoor(TEMPLATE, state) ?? '';

  it("renders /new's products step with the given texts and data inside #root", () => {
    const root = html.slice(html.indexOf('<div id="root">'), html.indexOf('<script'));
    expect(root).toContain('Wat wilt u regelen?');
    expect(root).toContain('Rijbewijs ophalen');
    expect(root).toContain('Reisdocumenten');
    // The organisation's website link of the top bar.
    expect(root).toContain('href="https://example.org"');
  });

  it("is the organisation's page from the first byte: its title, logo, name and colour", () => {
    expect(html).toContain('<title>Afspraak maken — Gemeente &#60;Oost&#62; &#38; West</title>');
    expect(html).toContain('<meta name="theme-color" content="#1a5e20"');
    const root = html.slice(html.indexOf('<div id="root">'), html.indexOf('<script'));
    expect(root).toContain('src="/api/organisation/logo/7"');
    expect(root).toContain('Gemeente &lt;Oost&gt; &amp; West');
    expect(root).not.toContain('>Balie<');
    // The top bar's colour is in the styles sent with the page, not only after the scripts ran.
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('--AppBar-background:#1a5e20');
    expect(head).not.toContain('#0b2d5b');
  });

  it('puts the styles the markup uses into <head>', () => {
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toMatch(/<style data-emotion="css [^"]+">[^<]*\{/);
  });

  it('embeds the state so that no text can end its script element, and takes no "$" as a pattern', () => {
    expect(JSON.parse(embedded(html))).toEqual(state);
    expect(html).toContain(
      'Paspoort &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; $&amp; $1 aanvragen',
    );
    expect(html.match(/<script/g)).toHaveLength(1);
  });
});
