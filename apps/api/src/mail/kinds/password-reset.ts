import { eq } from 'drizzle-orm';
import { uiLanguageOf } from '@balie/shared';
import { languages, passwordResetTokens, users } from '../../db/schema/index.js';
import { getOrganisation } from '../../features/organisation/repository.js';
import { deriveToken } from '../../security/tokens.js';
import { brandOf, lookOf } from '../design/content.js';
import { renderMail } from '../design/render.js';
import { fill, greetingOf, mailTexts, organisationFooter } from '../i18n.js';
import { registerMailKind, type RenderedMail } from '../registry.js';

export const PASSWORD_RESET_MAIL = 'password-reset';

/**
 * Payload `{ resetTokenId }`. The link's token is rebuilt from the stored nonce, so neither the outbox
 * nor the database holds it. A token used or expired before sending is not mailed at all.
 */
registerMailKind(PASSWORD_RESET_MAIL, async (payload, { db, config }): Promise<RenderedMail | null> => {
  const id = Number(payload.resetTokenId);
  const [row] = await db
    .select({ token: passwordResetTokens, user: users, languageCode: languages.code })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .leftJoin(languages, eq(languages.id, users.languageId))
    .where(eq(passwordResetTokens.id, id));
  if (!row || row.token.usedAt || row.token.expiresAt.getTime() <= Date.now()) return null;
  const language = uiLanguageOf(row.languageCode ?? row.user.uiLocale);
  const t = mailTexts(language);
  const organisation = await getOrganisation(db);
  const link = `${config.publicUrl}/reset-password/${deriveToken(config.secret, row.token.nonce)}`;
  const name = [row.user.firstName, row.user.suffix, row.user.lastName].filter(Boolean).join(' ');
  const r = t.passwordReset;
  const brand = brandOf(organisation);
  const { html, text } = await renderMail({
    language,
    brand,
    look: lookOf(organisation, config.publicUrl),
    preview: r.intro,
    heading: r.heading,
    greeting: greetingOf(t, name),
    paragraphs: [r.intro],
    actions: [{ label: r.button, url: link }],
    notes: [r.validity, r.ignore],
    signature: fill(t.signature, { organisation: brand }),
    footer: organisationFooter(t, organisation),
  });
  return { to: row.user.email, subject: r.subject, text, html, language };
});
