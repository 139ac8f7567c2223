import type { AppointmentHistoryEntry, PrivacyExport, QueuedMail, User } from '@balie/shared';
import type { Config } from '../../config.js';
import { toAppointment } from '../appointments/presenter.js';
import type { AppointmentView } from '../appointments/repository.js';
import type { invitationsOf, queuedMailsAbout } from './repository.js';

const iso = (d: string | Date) => new Date(d).toISOString();
const isoOrNull = (d: string | Date | null) => (d === null ? null : iso(d));

/** A sub-resource row as held, dates as text, without the owner's id (the account says whose it is). */
export function recordOf(row: Record<string, unknown>): Record<string, string | number | null> {
  const { userId: _userId, ...fields } = row;
  return Object.fromEntries(
    Object.entries(fields).map(([k, v]) => [
      k,
      v instanceof Date ? v.toISOString() : typeof v === 'number' || v === null ? v : String(v),
    ]),
  );
}

export type AccountExport = NonNullable<PrivacyExport['account']>;

/** The export of an address (GET /privacy/export): the document and the counts the erasure screen shows. */
export function toPrivacyExport(input: {
  email: string;
  now: Date;
  config: Config;
  account: AccountExport | null;
  appointments: Array<{ view: AppointmentView; history: AppointmentHistoryEntry[] }>;
  invitations: Awaited<ReturnType<typeof invitationsOf>>;
  queuedMails: Awaited<ReturnType<typeof queuedMailsAbout>>;
}): PrivacyExport {
  const appointments = input.appointments.map(({ view, history }) => ({
    ...toAppointment(view, input.config, { staff: true }),
    upcoming: isUpcoming(view, input.now),
    history,
  }));
  const queuedMails: QueuedMail[] = input.queuedMails.map((m) => ({
    id: m.id,
    kind: m.kind,
    createdAt: iso(m.created_at),
    attempts: m.attempts,
    nextAttemptAt: iso(m.next_attempt_at),
  }));
  return {
    email: input.email,
    generatedAt: input.now.toISOString(),
    summary: {
      account: input.account !== null,
      appointments: appointments.length,
      upcoming: appointments.filter((a) => a.upcoming).length,
      historyEvents: appointments.reduce((n, a) => n + a.history.length, 0),
      queuedMails: queuedMails.length,
    },
    account: input.account,
    appointments,
    invitations: input.invitations.map((i) => ({
      id: i.id,
      role: i.role,
      createdAt: iso(i.created_at),
      expiresAt: iso(i.expires_at),
      acceptedAt: isoOrNull(i.accepted_at),
      withdrawnAt: isoOrNull(i.withdrawn_at),
    })),
    queuedMails,
  };
}

/**
 * Confirmed and not started: what an erasure cancels (with the cancellation mail). The change cut-off
 * does not apply: the visitor asked for it to go.
 */
export function isUpcoming(view: AppointmentView, now: Date): boolean {
  return view.row.status === 'confirmed' && view.row.during.from.getTime() > now.getTime();
}

/** The account's part of the export: the user object and its records. */
export function accountExport(user: User, records: AccountExport['records']): AccountExport {
  return { ...user, records };
}
