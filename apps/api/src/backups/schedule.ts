import { localDateOf, localDay } from '@balie/shared';

/**
 * The latest moment at or before `now` that is `at` (HH:MM) on the provider's clock: the nightly backup
 * that should exist. A backup made at or after it means none is due (decision 0473).
 */
export function lastScheduledMoment(now: number, at: string, zone: string): number {
  const [hours, minutes] = at.split(':').map(Number) as [number, number];
  const today = localDateOf(now, zone);
  const moment = (date: string) => localDay(zone, date).at(hours * 60 + minutes);
  const todays = moment(today);
  if (todays <= now) return todays;
  const yesterday = new Date(Date.parse(`${today}T12:00:00Z`) - 24 * 3600 * 1000).toISOString().slice(0, 10);
  return moment(yesterday);
}

/** Whether the nightly backup is due: none made since the last scheduled moment. */
export function backupDue(
  newestCreatedAt: string | undefined,
  now: number,
  at: string,
  zone: string,
): boolean {
  const due = lastScheduledMoment(now, at, zone);
  return newestCreatedAt === undefined || Date.parse(newestCreatedAt) < due;
}
