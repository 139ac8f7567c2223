import { formatZonedIso, uiLanguageOf, type Invitation, type InvitableRole } from '@balie/shared';
import type { Config } from '../../config.js';
import type { InvitationRow, InvitationWithInviter } from './repository.js';

/** Whether the link still works at this moment (the app's clock, like every rule about time). */
export function isExpired(row: InvitationRow, now = Date.now()): boolean {
  return row.expiresAt.getTime() <= now;
}

/** The invitation as the admin sees it: exactly `invitationSchema` (packages/shared/src/users/invitations.ts). */
export function toInvitation(
  { invitation: row, invitedBy }: InvitationWithInviter,
  config: Config,
): Invitation {
  const zone = config.providerTimezone;
  return {
    id: row.id,
    email: row.email,
    role: row.role as InvitableRole,
    language: uiLanguageOf(row.language),
    createdAt: formatZonedIso(row.createdAt.getTime(), zone),
    expiresAt: formatZonedIso(row.expiresAt.getTime(), zone),
    expired: isExpired(row),
    invitedBy,
  };
}
