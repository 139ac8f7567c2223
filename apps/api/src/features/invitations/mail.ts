import { uiLanguageOf, type InvitableRole } from '@balie/shared';
import { brandOf, lookOf } from '../../mail/design/content.js';
import { renderMail } from '../../mail/design/render.js';
import { fill, mailTexts, organisationFooter } from '../../mail/i18n.js';
import { registerMailKind, type RenderedMail } from '../../mail/registry.js';
import { deriveToken } from '../../security/tokens.js';
import { getOrganisation } from '../organisation/repository.js';
import { isExpired } from './presenter.js';
import { findInvitationWithInviter } from './repository.js';

export const INVITATION_MAIL = 'invitation';

/**
 * Payload `{ invitationId }`. The link is rebuilt from the invitation's current nonce at send time, so
 * neither the outbox nor the database holds it, and a mail queued before a resend carries the new link.
 * An invitation accepted, withdrawn or expired before sending is not mailed at all.
 */
registerMailKind(INVITATION_MAIL, async (payload, { db, config }): Promise<RenderedMail | null> => {
  const found = await findInvitationWithInviter(db, Number(payload.invitationId));
  if (!found) return null;
  const { invitation: row, invitedBy } = found;
  if (row.acceptedAt || row.withdrawnAt || isExpired(row)) return null;
  const language = uiLanguageOf(row.language);
  const t = mailTexts(language);
  const m = t.invitation;
  const organisation = await getOrganisation(db);
  const brand = brandOf(organisation);
  const link = `${config.publicUrl}/invitation/${deriveToken(config.secret, row.nonce)}`;
  const inviter = invitedBy ? (invitedBy.name ?? invitedBy.email) : null;
  const vars = { inviter: inviter ?? '', role: m.role[row.role as InvitableRole], organisation: brand };
  const intro = fill(inviter ? m.introBy : m.intro, vars);
  const { html, text } = await renderMail({
    language,
    brand,
    look: lookOf(organisation, config.publicUrl),
    preview: intro,
    heading: m.heading,
    greeting: t.greetingAnonymous,
    paragraphs: [intro],
    actions: [{ label: m.button, url: link }],
    notes: [m.validity, m.ignore],
    signature: fill(t.signature, { organisation: brand }),
    footer: organisationFooter(t, organisation),
  });
  return { to: row.email, subject: fill(m.subject, { organisation: brand }), text, html, language };
});
