import { DateTime } from 'luxon';
import {
  addressOf,
  appointmentLocation,
  locationNoticeIn,
  mapUrlOf,
  productTextsIn,
  type Organisation,
} from '@balie/shared';
import { eq, inArray } from 'drizzle-orm';
import { appointments, locations, products } from '../../../db/schema/index.js';
import type { AppointmentRowStatus } from '../../../db/schema/index.js';
import { brandOf, lookOf, type MailContent } from '../../../mail/design/content.js';
import { renderMail } from '../../../mail/design/render.js';
import {
  fill,
  greetingOf,
  longDate,
  mailTexts,
  organisationFooter,
  shortDateTime,
} from '../../../mail/i18n.js';
import { registerMailKind, type RenderContext, type RenderedMail } from '../../../mail/registry.js';
import { senderOf } from '../../../mail/sender.js';
import { deriveToken } from '../../../security/tokens.js';
import { getOrganisation } from '../../organisation/repository.js';
import { viewOf, type AppointmentView } from '../repository.js';
import { checkInQrPng, QR_CID, QR_SIZE } from './check-in-qr.js';
import { calendarInvite } from './ics.js';
import { appointmentTexts } from './texts.js';
import type { AppointmentTexts } from './locales/nl.js';

export const APPOINTMENT_MAIL = {
  confirmation: 'appointment-confirmation',
  change: 'appointment-change',
  cancellation: 'appointment-cancellation',
  reminder: 'appointment-reminder',
  /** Cancelled by a schedule change no other desk could absorb (DESIGN §4): apology, reason, rebook link. */
  scheduleCancellation: 'appointment-schedule-cancellation',
} as const;
type Kind = keyof typeof APPOINTMENT_MAIL;

/** The states in which each mail still makes sense when the worker gets to it; otherwise it is skipped. */
const SENDABLE: Record<Kind, readonly AppointmentRowStatus[]> = {
  confirmation: ['confirmed', 'checked_in'],
  change: ['confirmed', 'checked_in'],
  cancellation: ['cancelled'],
  reminder: ['confirmed'],
  scheduleCancellation: ['cancelled'],
};

const CANCELLING: readonly Kind[] = ['cancellation', 'scheduleCancellation'];

/** What a schedule cancellation says about its cause (payload `cause`, optional closure `reason`). */
function scheduleReason(t: AppointmentTexts, payload: Record<string, unknown>): string {
  const reasons = t.scheduleCancellation.reasons;
  const cause = typeof payload.cause === 'string' && payload.cause in reasons ? payload.cause : 'closure';
  const base = reasons[cause as keyof typeof reasons];
  return typeof payload.reason === 'string' && payload.reason ? `${base} (${payload.reason})` : base;
}

/**
 * A change mail sent by a reassignment (payload `reassigned`, decision 0422) names what changed, since the
 * day and time did not: another location (its name and street in the subject, its whole address first in
 * the body) or another desk at the same address; and why — the admin's reason for a closure, else the
 * cause's own sentence. Null for any other change mail (a visitor's or staff's move).
 */
function reassignmentOf(
  t: AppointmentTexts,
  view: AppointmentView,
  payload: Record<string, unknown>,
  when: string,
): { heading: string; subject: string; intro: string; preview: string } | null {
  const moved = payload.reassigned;
  if (moved !== 'location' && moved !== 'desk') return null;
  const texts = t.reassigned[moved];
  const { location } = view.desk;
  const address = addressOf(location);
  const vars = {
    name: location.name,
    address,
    place: [location.name, location.street].filter(Boolean).join(', '),
    desk: view.desk.name,
    when,
  };
  const admin = typeof payload.reason === 'string' ? payload.reason.trim() : '';
  const reasons = t.scheduleCancellation.reasons;
  const cause = typeof payload.cause === 'string' && payload.cause in reasons ? payload.cause : null;
  const reason = admin || (cause ? reasons[cause as keyof typeof reasons] : '');
  const intro = fill(texts.intro, vars).replace(/, \./g, '.');
  return {
    heading: texts.heading,
    subject: fill(texts.subject, vars),
    intro: reason ? `${intro}\n${t.reassigned.reasonLabel}: ${reason}` : intro,
    preview: intro,
  };
}

/**
 * "Today", "tomorrow" or the date: counted when the mail is rendered, in the desks' time zone, since a
 * reminder may go two weeks ahead or catch up on the day itself.
 */
function reminderIntro(t: AppointmentTexts, start: DateTime, date: string): string {
  const today = DateTime.now().setZone(start.zone).startOf('day');
  const days = Math.round(start.startOf('day').diff(today, 'days').days);
  if (days <= 0) return t.reminder.introToday;
  if (days === 1) return t.reminder.intro;
  return fill(t.reminder.introLater, { date });
}

/** The booking page with the same products already chosen: `/new?items=<productId>x<amount>,…`. */
function rebookUrl(publicUrl: string, items: AppointmentView['items']): string {
  return `${publicUrl}/new?items=${items.map((i) => `${i.product.id}x${i.amount}`).join(',')}`;
}

/** Stable per appointment and installation, so every later .ics replaces the first one. */
export function calendarUid(id: number, publicUrl: string): string {
  return `appointment-${id}@${new URL(publicUrl).hostname}`;
}

/**
 * What to bring: each product's notice in the appointment's language (decision 0180: the Dutch notice
 * where the translation has none); products without a notice are left out.
 */
async function noticesOf(
  db: RenderContext['db'],
  view: AppointmentView,
): Promise<Array<{ title: string; notice: string }>> {
  const ids = view.items.map((i) => i.product.id);
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: products.id,
      title: products.title,
      description: products.description,
      notice: products.notice,
      translations: products.translations,
    })
    .from(products)
    .where(inArray(products.id, ids));
  return view.items.flatMap((item) => {
    const row = rows.find((r) => r.id === item.product.id);
    const notice = row ? productTextsIn(row, view.row.language).notice.trim() : '';
    return notice ? [{ title: item.product.title, notice }] : [];
  });
}

/** What a mail says of the appointment's location besides its name and address (read at send time). */
interface PlaceDetails {
  phone: string;
  /** In the appointment's language, Dutch where that language has none; '' for none. */
  notice: string;
}

async function placeDetailsOf(db: RenderContext['db'], view: AppointmentView): Promise<PlaceDetails> {
  const [row] = await db
    .select({ phone: locations.phone, notice: locations.notice, translations: locations.translations })
    .from(locations)
    .where(eq(locations.id, view.desk.location.id));
  return row
    ? { phone: row.phone.trim(), notice: locationNoticeIn(row, view.row.language).trim() }
    : { phone: '', notice: '' };
}

interface Extra {
  payload: Record<string, unknown>;
  organisation: Organisation;
  place: PlaceDetails;
  notices: Array<{ title: string; notice: string }>;
  qrPng: Buffer | null;
}

/**
 * Where the visitor goes (DESIGN §4b): the appointment's location with its address, and for a visit that
 * still happens its phone, its notice and a map link. A cancellation names the place only, so that the
 * visitor knows which appointment it was. The organisation itself stays in the footer.
 */
function placeOf(
  view: AppointmentView,
  t: AppointmentTexts,
  base: ReturnType<typeof mailTexts>,
  place: PlaceDetails,
  cancelling: boolean,
): MailContent['place'] {
  const { location } = view.desk;
  const address = addressOf(location);
  const lines = [location.name, address];
  if (cancelling) return { heading: t.place.heading, lines: lines.filter(Boolean) };
  const mapUrl = mapUrlOf(location);
  return {
    heading: t.place.heading,
    lines: [...lines, place.phone && `${base.footer.phone}: ${place.phone}`, place.notice].filter(Boolean),
    ...(mapUrl && { map: { label: t.place.map, url: mapUrl } }),
  };
}

async function render(
  kind: Kind,
  view: AppointmentView,
  ctx: RenderContext,
  extra: Extra,
): Promise<RenderedMail> {
  const { row, desk, items } = view;
  const { config } = ctx;
  const { organisation } = extra;
  const language = row.language;
  const t = appointmentTexts(language);
  const base = mailTexts(language);
  const zone = config.providerTimezone;
  const start = DateTime.fromJSDate(row.during.from, { zone }).setLocale(language);
  const end = DateTime.fromJSDate(row.during.until, { zone }).setLocale(language);
  const date = longDate(row.during.from, language, zone);
  const time = `${start.toFormat('HH:mm')}–${end.toFormat('HH:mm')}`;
  const name = [row.initials, row.suffix, row.lastName].filter(Boolean).join(' ');
  const products = items.map((i) => `${i.amount} x ${i.product.title}`).join(', ');
  const cancelling = CANCELLING.includes(kind);
  const token = row.tokenNonce ? deriveToken(config.secret, row.tokenNonce) : null;
  const links =
    token && kind === 'reminder'
      ? // The reminder asks (DESIGN §4c): "Ik kom" first, "Ik kan niet" the cancel page, then the change.
        [
          { label: t.reminder.confirm, url: `${config.publicUrl}/confirm-appointment/${token}` },
          { label: t.reminder.cannot, url: `${config.publicUrl}/cancel-appointment/${token}` },
          { label: t.links.edit, url: `${config.publicUrl}/edit-appointment/${token}` },
        ]
      : token && !cancelling
        ? [
            { label: t.links.edit, url: `${config.publicUrl}/edit-appointment/${token}` },
            { label: t.links.cancel, url: `${config.publicUrl}/cancel-appointment/${token}` },
          ]
        : [];
  if (kind === 'scheduleCancellation')
    links.push({ label: t.scheduleCancellation.rebook, url: rebookUrl(config.publicUrl, items) });
  const checkInCode = !cancelling ? row.checkInCode : null;
  // Rendered when sent: "today" or "tomorrow" is counted from that moment, in the desks' time zone.
  const intro =
    kind === 'scheduleCancellation'
      ? `${t[kind].intro}\n${t[kind].reasonLabel}: ${scheduleReason(t, extra.payload)}`
      : kind === 'reminder'
        ? reminderIntro(t, start, date)
        : t[kind].intro;
  const reassigned =
    kind === 'change'
      ? reassignmentOf(t, view, extra.payload, shortDateTime(row.during.from, language, zone))
      : null;
  const brand = brandOf(organisation);
  const { html, text } = await renderMail({
    language,
    brand,
    look: lookOf(organisation, config.publicUrl),
    preview: reassigned?.preview ?? `${t[kind].heading}: ${date}, ${time}`,
    heading: reassigned?.heading ?? t[kind].heading,
    greeting: greetingOf(base, name),
    paragraphs: [reassigned?.intro ?? intro, ...(kind === 'reminder' ? [t.reminder.ask] : [])],
    details: [
      [t.details.date, date],
      [t.details.time, time],
      [t.details.desk, desk.name],
      [t.details.products, products],
      [t.details.reference, String(row.id)],
    ],
    ...(checkInCode && {
      checkIn: {
        label: t.details.checkInCode,
        code: checkInCode,
        text: t.checkIn.text,
        ...(extra.qrPng && { qrCid: QR_CID }),
        qrAlt: t.checkIn.qrAlt,
        qrSize: QR_SIZE,
      },
    }),
    // A cancelled visit needs neither what to bring nor the way there.
    ...(!cancelling && { bring: { heading: t.whatToBring, items: extra.notices } }),
    place: placeOf(view, t, base, extra.place, cancelling),
    actions: links,
    signature: fill(base.signature, { organisation: brand }),
    footer: organisationFooter(base, organisation),
  });
  const method = cancelling ? 'CANCEL' : 'REQUEST';
  const ics = calendarInvite({
    uid: calendarUid(row.id, config.publicUrl),
    sequence: row.sequence,
    method,
    start: row.during.from,
    end: row.during.until,
    // The organisation's name and what the visit is for, never the product's name (decision 0427).
    title: fill(t.calendarTitle, {
      organisation: brand,
      products: items
        .map((i) => (i.amount > 1 ? `${i.amount} x ${i.product.title}` : i.product.title))
        .join(', '),
    }),
    description: [products, ...links.map((l) => `${l.label}: ${l.url}`)].join('\n'),
    location: appointmentLocation(desk.name, desk.location),
    // Whoever the visitor would answer: the organisation under its name, at its own address if it has one.
    organizer: { name: brand, email: organisation.email || senderOf(config, organisation).address },
    attendee: { name: name || row.email!, email: row.email! },
  });
  return {
    to: row.email!,
    subject: reassigned?.subject ?? fill(t[kind].subject, { date }),
    text,
    html,
    language,
    attachments: [
      { filename: t.calendarFile, content: ics, contentType: `text/calendar; method=${method}`, method },
      ...(checkInCode && extra.qrPng
        ? [{ filename: 'incheckcode.png', content: extra.qrPng, contentType: 'image/png', cid: QR_CID }]
        : []),
    ],
  };
}

/**
 * A reminder queued for one start time is pointless once the appointment moved (the new time gets its
 * own) or the visitor already said "Ik kom" (DESIGN §4c; decision 0460).
 */
function reminderStillDue(row: typeof appointments.$inferSelect, payload: Record<string, unknown>): boolean {
  if (row.visitorConfirmedAt) return false;
  if (typeof payload.startsAt !== 'string') return true;
  return Date.parse(payload.startsAt) === row.during.from.getTime();
}

for (const kind of Object.keys(APPOINTMENT_MAIL) as Kind[]) {
  registerMailKind(APPOINTMENT_MAIL[kind], async (payload, ctx) => {
    const id = Number(payload.appointmentId);
    if (!Number.isInteger(id)) return null;
    const [row] = await ctx.db.select().from(appointments).where(eq(appointments.id, id));
    if (!row || !row.email || !SENDABLE[kind].includes(row.status)) return null;
    if (kind === 'reminder' && !reminderStillDue(row, payload)) return null;
    const view = await viewOf(ctx.db, row);
    const organisation = await getOrganisation(ctx.db);
    // A cancellation shows neither the code nor what to bring.
    const cancelling = CANCELLING.includes(kind);
    const notices = cancelling ? [] : await noticesOf(ctx.db, view);
    const qrPng = row.checkInCode && !cancelling ? await checkInQrPng(row.checkInCode) : null;
    const place = await placeDetailsOf(ctx.db, view);
    return render(kind, view, ctx, { payload, organisation, place, notices, qrPng });
  });
}
