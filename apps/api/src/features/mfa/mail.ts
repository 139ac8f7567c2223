import { eq } from 'drizzle-orm';
import { uiLanguageOf } from '@balie/shared';
import type { Db } from '../../db/client.js';
import { languages, users } from '../../db/schema/index.js';
import { brandOf, lookOf } from '../../mail/design/content.js';
import { renderMail } from '../../mail/design/render.js';
import { fill, greetingOf, mailTexts, organisationFooter } from '../../mail/i18n.js';
import { registerMailKind, type RenderedMail } from '../../mail/registry.js';
import { getOrganisation } from '../organisation/repository.js';

export const MFA_RESET_MAIL = 'mfa-reset';
export const MFA_GUESSING_MAIL = 'mfa-guessing';

/** The account a mail of this feature is for, and its language; undefined once it is deleted. */
async function holderOf(db: Db, payload: Record<string, unknown>) {
  const [row] = await db
    .select({ user: users, languageCode: languages.code })
    .from(users)
    .leftJoin(languages, eq(languages.id, users.languageId))
    .where(eq(users.id, Number(payload.userId)));
  return row;
}

/**
 * Payload `{ userId }`: an admin turned the account's two-step sign-in off (DESIGN §5). Its holder hears
 * of it in their language, so a reset they did not ask for does not go unnoticed. An account deleted
 * before sending gets no mail.
 */
registerMailKind(MFA_RESET_MAIL, async (payload, { db, config }): Promise<RenderedMail | null> => {
  const row = await holderOf(db, payload);
  if (!row) return null;
  const language = uiLanguageOf(row.languageCode ?? row.user.uiLocale);
  const t = mailTexts(language);
  const m = t.mfaReset;
  const organisation = await getOrganisation(db);
  const brand = brandOf(organisation);
  const name = [row.user.firstName, row.user.suffix, row.user.lastName].filter(Boolean).join(' ');
  const intro = fill(m.intro, { organisation: brand });
  const { html, text } = await renderMail({
    language,
    brand,
    look: lookOf(organisation, config.publicUrl),
    preview: intro,
    heading: m.heading,
    greeting: greetingOf(t, name),
    paragraphs: [intro, m.next],
    actions: [{ label: m.button, url: `${config.publicUrl}/login` }],
    notes: [fill(m.unexpected, { organisation: brand })],
    signature: fill(t.signature, { organisation: brand }),
    footer: organisationFooter(t, organisation),
  });
  return { to: row.user.email, subject: m.subject, text, html, language };
});

/**
 * Payload `{ userId, blocked }`: someone who knows the password is trying codes of the second step
 * (issue 34, decision 0418). Queued when a wrong code fills the 15-minute failed-login window (at most
 * once a day) and when the 20th wrong code of a day blocks the code step. Either way the advice is the
 * same: change the password, which also ends the block.
 */
registerMailKind(MFA_GUESSING_MAIL, async (payload, { db, config }): Promise<RenderedMail | null> => {
  const row = await holderOf(db, payload);
  if (!row) return null;
  const language = uiLanguageOf(row.languageCode ?? row.user.uiLocale);
  const t = mailTexts(language);
  const m = t.mfaGuessing;
  const blocked = payload.blocked === true;
  const organisation = await getOrganisation(db);
  const brand = brandOf(organisation);
  const name = [row.user.firstName, row.user.suffix, row.user.lastName].filter(Boolean).join(' ');
  const intro = fill(m.intro, { organisation: brand });
  const { html, text } = await renderMail({
    language,
    brand,
    look: lookOf(organisation, config.publicUrl),
    preview: intro,
    heading: blocked ? m.headingBlocked : m.heading,
    greeting: greetingOf(t, name),
    paragraphs: blocked ? [intro, m.blocked, m.next] : [intro, m.next],
    actions: [{ label: m.button, url: `${config.publicUrl}/forgot-password` }],
    notes: [m.note],
    signature: fill(t.signature, { organisation: brand }),
    footer: organisationFooter(t, organisation),
  });
  return { to: row.user.email, subject: blocked ? m.subjectBlocked : m.subject, text, html, language };
});
