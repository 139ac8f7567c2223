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

type Texts = ReturnType<typeof mailTexts>;

/**
 * A mail of this feature to the account's holder, in their language and the organisation's design; null
 * for an account deleted before sending. `content` picks the texts and says what differs per kind.
 */
async function mailToHolder(
  { db, config }: { db: Db; config: { publicUrl: string } },
  payload: Record<string, unknown>,
  content: (
    t: Texts,
    brand: string,
  ) => {
    subject: string;
    heading: string;
    intro: string;
    paragraphs: string[];
    action: { label: string; path: string };
    note: string;
  },
): Promise<RenderedMail | null> {
  const row = await holderOf(db, payload);
  if (!row) return null;
  const language = uiLanguageOf(row.languageCode ?? row.user.uiLocale);
  const t = mailTexts(language);
  const organisation = await getOrganisation(db);
  const brand = brandOf(organisation);
  const c = content(t, brand);
  const name = [row.user.firstName, row.user.suffix, row.user.lastName].filter(Boolean).join(' ');
  const { html, text } = await renderMail({
    language,
    brand,
    look: lookOf(organisation, config.publicUrl),
    preview: c.intro,
    heading: c.heading,
    greeting: greetingOf(t, name),
    paragraphs: [c.intro, ...c.paragraphs],
    actions: [{ label: c.action.label, url: `${config.publicUrl}${c.action.path}` }],
    notes: [c.note],
    signature: fill(t.signature, { organisation: brand }),
    footer: organisationFooter(t, organisation),
  });
  return { to: row.user.email, subject: c.subject, text, html, language };
}

/**
 * Payload `{ userId }`: an admin turned the account's two-step sign-in off (DESIGN §5). Its holder hears
 * of it in their language, so a reset they did not ask for does not go unnoticed. An account deleted
 * before sending gets no mail.
 */
registerMailKind(MFA_RESET_MAIL, (payload, context) =>
  mailToHolder(context, payload, (t, brand) => ({
    subject: t.mfaReset.subject,
    heading: t.mfaReset.heading,
    intro: fill(t.mfaReset.intro, { organisation: brand }),
    paragraphs: [t.mfaReset.next],
    action: { label: t.mfaReset.button, path: '/login' },
    note: fill(t.mfaReset.unexpected, { organisation: brand }),
  })),
);

/**
 * Payload `{ userId, blocked }`: someone who knows the password is trying codes of the second step
 * (issue 34, decision 0418). Queued when a wrong code fills the 15-minute failed-login window (at most
 * once a day) and when the 20th wrong code of a day blocks the code step. Either way the advice is the
 * same: change the password, which also ends the block.
 */
registerMailKind(MFA_GUESSING_MAIL, (payload, context) =>
  mailToHolder(context, payload, (t, brand) => {
    const m = t.mfaGuessing;
    const blocked = payload.blocked === true;
    return {
      subject: blocked ? m.subjectBlocked : m.subject,
      heading: blocked ? m.headingBlocked : m.heading,
      intro: fill(m.intro, { organisation: brand }),
      paragraphs: blocked ? [m.blocked, m.next] : [m.next],
      action: { label: m.button, path: '/forgot-password' },
      note: m.note,
    };
  }),
);
