import { eq } from 'drizzle-orm';
import { uiLanguageOf } from '@balie/shared';
import { languages, passwordResetTokens, users } from '../../db/schema/index.js';
import { deriveToken } from '../../security/tokens.js';
import { escapeHtml, fill, htmlMail, htmlParagraph, mailTexts } from '../i18n.js';
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
  const link = `${config.publicUrl}/reset-password/${deriveToken(config.secret, row.token.nonce)}`;
  const name = [row.user.firstName, row.user.suffix, row.user.lastName].filter(Boolean).join(' ');
  const greeting = name ? fill(t.greeting, { name }) : t.greetingAnonymous;
  const r = t.passwordReset;
  const text = [greeting, r.intro, link, r.validity, r.ignore, t.signature].join('\n\n');
  const html = htmlMail(
    language,
    greeting,
    [
      htmlParagraph(r.intro),
      `<p><a href="${escapeHtml(link)}">${escapeHtml(r.button)}</a><br>${escapeHtml(link)}</p>`,
      htmlParagraph(r.validity),
      htmlParagraph(r.ignore),
    ].join('\n'),
    t.signature,
  );
  return { to: row.user.email, subject: r.subject, text, html, language };
});
