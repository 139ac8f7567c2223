import { arrayOverlaps, eq } from 'drizzle-orm';
import { uiLanguageOf, type UiLanguage } from '@balie/shared';
import type { DbOrTx } from '../../db/client.js';
import { languages, users, webhooks } from '../../db/schema/index.js';
import { brandOf, lookOf } from '../../mail/design/content.js';
import { renderMail } from '../../mail/design/render.js';
import { fill, greetingOf, mailTexts, organisationFooter } from '../../mail/i18n.js';
import { enqueueMail } from '../../mail/outbox.js';
import { registerMailKind, type RenderedMail } from '../../mail/registry.js';
import { getOrganisation } from '../organisation/repository.js';

export const WEBHOOK_PAUSED_MAIL = 'webhook-paused';

/** This feature's mail texts, kept beside it (nl, en, de). */
const TEXTS: Record<
  UiLanguage,
  { subject: string; heading: string; failing: string; gone: string; next: string; button: string }
> = {
  nl: {
    subject: 'Webhook gepauzeerd: {url}',
    heading: 'Een webhook is gepauzeerd',
    failing:
      'De webhook naar {url} van {organisation} is gepauzeerd: de ontvanger nam 24 uur lang geen gebeurtenis aan.',
    gone: 'De webhook naar {url} van {organisation} is gepauzeerd: de ontvanger antwoordde dat hij niet meer bestaat (410 Gone).',
    next: 'Gebeurtenissen worden bewaard. Zet de webhook weer aan zodra de ontvanger werkt; dan komen ze alsnog, in volgorde.',
    button: 'Naar de webhooks',
  },
  en: {
    subject: 'Webhook paused: {url}',
    heading: 'A webhook was paused',
    failing:
      'The webhook to {url} of {organisation} has been paused: the receiver accepted no event for 24 hours.',
    gone: 'The webhook to {url} of {organisation} has been paused: the receiver answered that it no longer exists (410 Gone).',
    next: 'Events are kept. Resume the webhook once the receiver works; they are then delivered, in order.',
    button: 'Go to the webhooks',
  },
  de: {
    subject: 'Webhook pausiert: {url}',
    heading: 'Ein Webhook wurde pausiert',
    failing:
      'Der Webhook an {url} von {organisation} wurde pausiert: Der Empfänger hat 24 Stunden lang kein Ereignis angenommen.',
    gone: 'Der Webhook an {url} von {organisation} wurde pausiert: Der Empfänger hat geantwortet, dass es ihn nicht mehr gibt (410 Gone).',
    next: 'Die Ereignisse bleiben erhalten. Setzen Sie den Webhook fort, sobald der Empfänger funktioniert; dann werden sie in der richtigen Reihenfolge zugestellt.',
    button: 'Zu den Webhooks',
  },
};

/** Where the admin screen of webhooks lives (the mail links to it). */
export const WEBHOOKS_SCREEN_PATH = '/integrations';

/** Queues the mail to every admin, in the transaction that paused the subscription. */
export async function mailAdminsOfPause(
  tx: DbOrTx,
  webhookId: number,
  reason: 'failing' | 'gone',
): Promise<void> {
  // Admins (a developer is one too): only they manage subscriptions.
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .where(arrayOverlaps(users.roles, ['ROLE_ADMIN', 'ROLE_DEVELOPER']));
  for (const admin of admins)
    await enqueueMail(tx, WEBHOOK_PAUSED_MAIL, { userId: admin.id, webhookId, reason });
}

/**
 * Payload `{ userId, webhookId, reason }`: a subscription stopped because its receiver kept failing or
 * answered 410 (DESIGN §4c). Nothing once the account or the subscription is gone.
 */
registerMailKind(WEBHOOK_PAUSED_MAIL, async (payload, { db, config }): Promise<RenderedMail | null> => {
  const [row] = await db
    .select({ user: users, languageCode: languages.code })
    .from(users)
    .leftJoin(languages, eq(languages.id, users.languageId))
    .where(eq(users.id, Number(payload.userId)));
  const [hook] = await db
    .select({ url: webhooks.url })
    .from(webhooks)
    .where(eq(webhooks.id, Number(payload.webhookId)));
  if (!row || !hook) return null;
  const language = uiLanguageOf(row.languageCode ?? row.user.uiLocale);
  const t = mailTexts(language);
  const m = TEXTS[language];
  const organisation = await getOrganisation(db);
  const brand = brandOf(organisation);
  const name = [row.user.firstName, row.user.suffix, row.user.lastName].filter(Boolean).join(' ');
  const intro = fill(payload.reason === 'gone' ? m.gone : m.failing, { url: hook.url, organisation: brand });
  const { html, text } = await renderMail({
    language,
    brand,
    look: lookOf(organisation, config.publicUrl),
    preview: intro,
    heading: m.heading,
    greeting: greetingOf(t, name),
    paragraphs: [intro, m.next],
    actions: [{ label: m.button, url: `${config.publicUrl}${WEBHOOKS_SCREEN_PATH}` }],
    notes: [],
    signature: fill(t.signature, { organisation: brand }),
    footer: organisationFooter(t, organisation),
  });
  return { to: row.user.email, subject: fill(m.subject, { url: hook.url }), text, html, language };
});
