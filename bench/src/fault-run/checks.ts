import type { Query } from '../databases.js';
import type { Delivery } from '../smtp-sink.js';

/** Pairs of active bookings (valid holds, confirmed, checked in) that overlap on one desk. */
export async function overlappingBookings(query: Query): Promise<number> {
  const active = (a: string) =>
    `(${a}.status IN ('confirmed', 'checked_in') OR (${a}.status = 'reserved' AND ${a}.valid_till > now()))`;
  const [row] = await query<{ n: number }>(
    `SELECT count(*)::int AS n FROM appointments a
       JOIN appointments b ON a.desk_id = b.desk_id AND a.id < b.id AND a.during && b.during
      WHERE ${active('a')} AND ${active('b')}`,
  );
  return row?.n ?? 0;
}

export async function unsentMails(query: Query): Promise<number> {
  const [row] = await query<{ n: number }>('SELECT count(*)::int AS n FROM outbox WHERE sent_at IS NULL');
  return row?.n ?? 0;
}

/** Outbox rows a worker held (an unexpired lease) at this moment: what a killed process leaves behind. */
export async function rowsLeasedBy(query: Query, pid: number): Promise<number[]> {
  const rows = await query<{ id: number }>(
    `SELECT id FROM outbox WHERE sent_at IS NULL AND locked_until > now() AND locked_by LIKE $1`,
    [`%:${pid}:%`],
  );
  return rows.map((r) => r.id);
}

/** Seconds from `since` until the last of these rows was sent (null while one is unsent). */
export async function sentWithin(query: Query, ids: number[], since: number): Promise<number | null> {
  if (ids.length === 0) return 0;
  const [row] = await query<{ unsent: number; last: Date | null }>(
    `SELECT count(*) FILTER (WHERE sent_at IS NULL)::int AS unsent, max(sent_at) AS last
       FROM outbox WHERE id = ANY($1::int[])`,
    [ids],
  );
  if (!row || row.unsent > 0 || !row.last) return null;
  return (new Date(row.last).getTime() - since) / 1000;
}

export interface MailCheck {
  confirmed: number;
  /** Confirmed appointments with no confirmation mail. */
  missing: string[];
  /** First copy later than 90 s after the later of the SMTP server's return and the confirmation. */
  late: string[];
  /**
   * More than one copy of one outbox row that the killed process held when it died, the first accepted
   * before the SIGKILL: the documented window (decision 0141: sent, but killed before it could record it).
   */
  duplicatesInKillWindow: string[];
  /** More than one copy otherwise. */
  duplicates: string[];
  /** Mails to no confirmed appointment's address. */
  strays: number;
  /** Seconds from confirmation to the first copy: median, 95th percentile, maximum. */
  delay: { p50: number; p95: number; max: number };
  /** Most mails the server accepted in one second. */
  peakPerSecond: number;
}

const OUTBOX_ROW = /^<outbox-(\d+)\./;
/** How long after the kill a copy from the killed process may still be handled here. */
const KILL_SLACK_MS = 5_000;
/** The earliest another worker can take over a killed process's row (a 30 s lease renewed every 10 s). */
const LEASE_FLOOR_MS = 20_000;
const signed = (n: number) => (n < 0 ? ` − ${-n}` : ` + ${n}`);

/** Compares the confirmed appointments in SQL with what the SMTP server received. */
export async function checkConfirmationMails(
  query: Query,
  deliveries: Delivery[],
  times: { smtpBackAt: number; killedAt: number },
  /** The outbox rows leased by the killed process at its death. */
  orphaned: readonly number[],
): Promise<MailCheck> {
  const appointments = await query<{ email: string; confirmed_at: Date }>(
    `SELECT email, confirmed_at FROM appointments
      WHERE status IN ('confirmed', 'checked_in') AND email LIKE '%@fault.test'`,
  );
  const byAddress = new Map<string, Delivery[]>();
  for (const d of deliveries) for (const to of d.to) byAddress.set(to, [...(byAddress.get(to) ?? []), d]);

  const check: MailCheck = {
    confirmed: appointments.length,
    missing: [],
    late: [],
    duplicatesInKillWindow: [],
    duplicates: [],
    strays: 0,
    delay: { p50: 0, p95: 0, max: 0 },
    peakPerSecond: 0,
  };
  const delays: number[] = [];
  const expected = new Set<string>();
  for (const a of appointments) {
    expected.add(a.email);
    const copies = (byAddress.get(a.email) ?? []).sort((x, y) => x.at - y.at);
    const first = copies[0];
    if (!first) {
      check.missing.push(a.email);
      continue;
    }
    const confirmedAt = new Date(a.confirmed_at).getTime();
    delays.push((first.at - confirmedAt) / 1000);
    if (first.at > Math.max(times.smtpBackAt, confirmedAt) + 90_000) check.late.push(a.email);
    if (copies.length > 1) {
      // Which row a copy came from is in its Message-ID (<outbox-<id>.<created>@host>, mail/worker.ts).
      // A kill-window copy (decision 0141) is a row the killed process held, sent by it just before its
      // death and again by another worker once the lease had run out. The first copy's time is when this
      // process got round to the message: on a busy machine that can be after the kill (seen: five copies
      // from the killed process's five lanes, handled here up to a second after it), hence the slack. The
      // lease (30 s, renewed every 10 s) keeps every other worker off the row for at least 20 s after the
      // kill, so a second copy sooner than that is a real double send, never the window.
      const row = Number(OUTBOX_ROW.exec(first.messageId ?? '')?.[1]);
      const inWindow =
        copies.length === 2 &&
        orphaned.includes(row) &&
        copies.every((c) => c.messageId === first.messageId) &&
        first.at <= times.killedAt + KILL_SLACK_MS &&
        copies[1]!.at >= times.killedAt + LEASE_FLOOR_MS;
      // What tells a kill-window copy from another one, printed so that a failed run can be explained.
      const detail = copies.map((c) => `${c.messageId ?? '?'} at kill${signed(c.at - times.killedAt)} ms`);
      (inWindow ? check.duplicatesInKillWindow : check.duplicates).push(
        `${a.email} (${detail.join(', ')}; row ${row} ${orphaned.includes(row) ? 'was' : 'was not'} leased by the killed process)`,
      );
    }
  }
  check.strays = deliveries.filter((d) => d.to.some((to) => !expected.has(to))).length;
  delays.sort((x, y) => x - y);
  const at = (q: number) =>
    Math.round((delays[Math.min(delays.length - 1, Math.floor(q * delays.length))] ?? 0) * 10) / 10;
  check.delay = { p50: at(0.5), p95: at(0.95), max: at(1) };
  const perSecond = new Map<number, number>();
  for (const d of deliveries)
    perSecond.set(Math.floor(d.at / 1000), (perSecond.get(Math.floor(d.at / 1000)) ?? 0) + 1);
  check.peakPerSecond = Math.max(0, ...perSecond.values());
  return check;
}
