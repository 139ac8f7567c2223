import { DateTime } from 'luxon';
import { productTextsIn, uiLanguageOf } from '@balie/shared';
import { eq, inArray } from 'drizzle-orm';
import {
  appointments,
  desks,
  locations,
  products,
  waitlistOffers,
  waitlistPlaces,
} from '../../db/schema/index.js';
import { brandOf, lookOf } from '../../mail/design/content.js';
import { renderMail } from '../../mail/design/render.js';
import { fill, greetingOf, longDate, mailTexts, organisationFooter } from '../../mail/i18n.js';
import { registerMailKind, type RenderContext, type RenderedMail } from '../../mail/registry.js';
import { deriveToken } from '../../security/tokens.js';
import { getOrganisation } from '../organisation/repository.js';
import { waitlistTexts } from './mail-texts.js';
import type { PlaceRow } from './repository.js';

export const WAITLIST_MAIL = {
  /** To a new place's address: the only mail before its holder clicked (DESIGN §4c). */
  confirm: 'waitlist-confirm',
  offer: 'waitlist-offer',
} as const;

/** "2 x Paspoort, 1 x ID-kaart" in the place's language. */
async function productsOf(db: RenderContext['db'], place: PlaceRow): Promise<string> {
  const ids = place.items.map((i) => i.productId);
  const rows = await db.select().from(products).where(inArray(products.id, ids));
  const language = uiLanguageOf(place.language);
  return place.items
    .map((i) => {
      const row = rows.find((r) => r.id === i.productId);
      return `${i.amount} x ${row ? productTextsIn(row, language).title : i.productId}`;
    })
    .join(', ');
}

async function compose(
  ctx: RenderContext,
  place: PlaceRow,
  parts: {
    subject: string;
    heading: string;
    intro: string;
    actions: Array<{ label: string; url: string }>;
    notes: string[];
  },
): Promise<RenderedMail> {
  const language = uiLanguageOf(place.language);
  const t = mailTexts(language);
  const organisation = await getOrganisation(ctx.db);
  const brand = brandOf(organisation);
  const token = deriveToken(ctx.config.secret, place.tokenNonce!);
  // Every waitlist mail lets its reader leave the list (DESIGN §4c).
  const actions = [
    ...parts.actions,
    { label: waitlistTexts(language).leave, url: `${ctx.config.publicUrl}/waitlist-leave/${token}` },
  ];
  const { html, text } = await renderMail({
    language,
    brand,
    look: lookOf(organisation, ctx.config.publicUrl),
    preview: parts.intro,
    heading: parts.heading,
    greeting: greetingOf(t, ''),
    paragraphs: [parts.intro],
    actions,
    notes: parts.notes,
    signature: fill(t.signature, { organisation: brand }),
    footer: organisationFooter(t, organisation),
  });
  return { to: place.email!, subject: parts.subject, text, html, language };
}

async function placeOf(db: RenderContext['db'], id: number): Promise<PlaceRow | undefined> {
  const [row] = await db.select().from(waitlistPlaces).where(eq(waitlistPlaces.id, id));
  return row;
}

/** Payload `{ placeId }`: sent only while the place still awaits its confirmation. */
registerMailKind(WAITLIST_MAIL.confirm, async (payload, ctx) => {
  const place = await placeOf(ctx.db, Number(payload.placeId));
  if (!place || place.status !== 'pending' || !place.email || !place.tokenNonce) return null;
  const language = uiLanguageOf(place.language);
  const w = waitlistTexts(language).confirm;
  let where = waitlistTexts(language).anywhere;
  if (place.locationId !== null) {
    const [loc] = await ctx.db.select().from(locations).where(eq(locations.id, place.locationId));
    where = loc?.name ?? where;
  }
  const zone = ctx.config.providerTimezone;
  const day = (d: string) =>
    longDate(DateTime.fromISO(d, { zone }).set({ hour: 12 }).toJSDate(), language, zone);
  const token = deriveToken(ctx.config.secret, place.tokenNonce);
  return compose(ctx, place, {
    subject: w.subject,
    heading: w.heading,
    intro: fill(w.intro, {
      products: await productsOf(ctx.db, place),
      where,
      from: day(place.fromDate),
      until: day(place.untilDate),
    }),
    actions: [{ label: w.button, url: `${ctx.config.publicUrl}/waitlist-confirm/${token}` }],
    notes: [w.ignore],
  });
});

/** Payload `{ offerId }`: sent only while the offer is open and its place still waits. */
registerMailKind(WAITLIST_MAIL.offer, async (payload, ctx) => {
  const [offer] = await ctx.db
    .select()
    .from(waitlistOffers)
    .where(eq(waitlistOffers.id, Number(payload.offerId)));
  if (!offer || offer.status !== 'open' || !offer.tokenNonce || offer.appointmentId === null) return null;
  const place = await placeOf(ctx.db, offer.placeId);
  if (!place || place.status !== 'active' || !place.email || !place.tokenNonce) return null;
  const [hold] = await ctx.db
    .select({ during: appointments.during, desk: desks.name, location: locations.name })
    .from(appointments)
    .innerJoin(desks, eq(desks.id, appointments.deskId))
    .innerJoin(locations, eq(locations.id, desks.locationId))
    .where(eq(appointments.id, offer.appointmentId));
  if (!hold) return null;
  const language = uiLanguageOf(place.language);
  const w = waitlistTexts(language).offer;
  const zone = ctx.config.providerTimezone;
  const time = (d: Date) => DateTime.fromJSDate(d, { zone }).toFormat('HH:mm');
  const date = longDate(hold.during.from, language, zone);
  const token = deriveToken(ctx.config.secret, offer.tokenNonce);
  const url = `${ctx.config.publicUrl}/waitlist-offer/${token}`;
  return compose(ctx, place, {
    subject: fill(w.subject, { date }),
    heading: w.heading,
    intro: fill(w.intro, {
      products: await productsOf(ctx.db, place),
      date,
      time: `${time(hold.during.from)}–${time(hold.during.until)}`,
      place: `${hold.location}, ${hold.desk}`,
      validTill: time(offer.validTill),
    }),
    actions: [
      { label: w.button, url },
      { label: w.decline, url: `${url}?decline=1` },
    ],
    notes: [w.note],
  });
});
