import { DateTime } from 'luxon';
import { eq } from 'drizzle-orm';
import { appointments } from '../../../db/schema/index.js';
import type { AppointmentRowStatus } from '../../../db/schema/index.js';
import { escapeHtml, fill, htmlMail, htmlParagraph, mailTexts } from '../../../mail/i18n.js';
import { registerMailKind, type RenderContext, type RenderedMail } from '../../../mail/registry.js';
import { deriveToken } from '../../../security/tokens.js';
import { viewOf, type AppointmentView } from '../repository.js';
import { calendarInvite, parseAddress } from './ics.js';
import { appointmentTexts } from './texts.js';

export const APPOINTMENT_MAIL = {
  confirmation: 'appointment-confirmation',
  change: 'appointment-change',
  cancellation: 'appointment-cancellation',
  reminder: 'appointment-reminder',
} as const;
type Kind = keyof typeof APPOINTMENT_MAIL;

/** The states in which each mail still makes sense when the worker gets to it; otherwise it is skipped. */
const SENDABLE: Record<Kind, readonly AppointmentRowStatus[]> = {
  confirmation: ['confirmed', 'checked_in'],
  change: ['confirmed', 'checked_in'],
  cancellation: ['cancelled'],
  reminder: ['confirmed'],
};

/** Stable per appointment and installation, so every later .ics replaces the first one. */
export function calendarUid(id: number, publicUrl: string): string {
  return `appointment-${id}@${new URL(publicUrl).hostname}`;
}

function render(kind: Kind, view: AppointmentView, ctx: RenderContext): RenderedMail {
  const { row, desk, items } = view;
  const { config } = ctx;
  const language = row.language;
  const t = appointmentTexts(language);
  const base = mailTexts(language);
  const zone = config.providerTimezone;
  const start = DateTime.fromJSDate(row.during.from, { zone }).setLocale(language);
  const end = DateTime.fromJSDate(row.during.until, { zone }).setLocale(language);
  const date = start.toFormat('cccc d MMMM yyyy');
  const time = `${start.toFormat('HH:mm')}–${end.toFormat('HH:mm')}`;
  const name = [row.initials, row.suffix, row.lastName].filter(Boolean).join(' ');
  const products = items.map((i) => `${i.amount} x ${i.product.title}`).join(', ');
  const token = row.tokenNonce ? deriveToken(config.secret, row.tokenNonce) : null;
  const links =
    token && kind !== 'cancellation'
      ? [
          { label: t.links.edit, url: `${config.publicUrl}/edit-appointment/${token}` },
          { label: t.links.cancel, url: `${config.publicUrl}/cancel-appointment/${token}` },
        ]
      : [];
  const details: Array<[string, string]> = [
    [t.details.date, date],
    [t.details.time, time],
    [t.details.desk, desk.name],
    [t.details.products, products],
    [t.details.reference, String(row.id)],
  ];
  const greeting = name ? fill(base.greeting, { name }) : base.greetingAnonymous;
  const intro = t[kind].intro;
  const text = [
    greeting,
    intro,
    details.map(([k, v]) => `${k}: ${v}`).join('\n'),
    ...links.map((l) => `${l.label}: ${l.url}`),
    base.signature,
  ].join('\n\n');
  const html = htmlMail(
    language,
    greeting,
    [
      htmlParagraph(intro),
      `<table>${details.map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join('')}</table>`,
      ...links.map((l) => `<p><a href="${escapeHtml(l.url)}">${escapeHtml(l.label)}</a></p>`),
    ].join('\n'),
    base.signature,
  );
  const method = kind === 'cancellation' ? 'CANCEL' : 'REQUEST';
  const ics = calendarInvite({
    uid: calendarUid(row.id, config.publicUrl),
    sequence: row.sequence,
    method,
    start: row.during.from,
    end: row.during.until,
    title: t.calendarTitle,
    description: [products, ...links.map((l) => `${l.label}: ${l.url}`)].join('\n'),
    location: desk.name,
    organizer: parseAddress(config.mailFrom),
    attendee: { name: name || row.email!, email: row.email! },
  });
  return {
    to: row.email!,
    subject: fill(t[kind].subject, { date }),
    text,
    html,
    language,
    attachments: [
      { filename: 'afspraak.ics', content: ics, contentType: `text/calendar; method=${method}`, method },
    ],
  };
}

for (const kind of Object.keys(APPOINTMENT_MAIL) as Kind[]) {
  registerMailKind(APPOINTMENT_MAIL[kind], async (payload, ctx) => {
    const id = Number(payload.appointmentId);
    if (!Number.isInteger(id)) return null;
    const [row] = await ctx.db.select().from(appointments).where(eq(appointments.id, id));
    if (!row || !row.email || !SENDABLE[kind].includes(row.status)) return null;
    return render(kind, await viewOf(ctx.db, row), ctx);
  });
}
