/** mm:ss of a number of seconds (spec §2: the banner counts down in minutes and seconds). */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/** Whole seconds from `now` until `validTill`, never below zero. */
export function secondsUntil(validTill: string, now: number): number {
  return Math.max(0, Math.ceil((Date.parse(validTill) - now) / 1000));
}
