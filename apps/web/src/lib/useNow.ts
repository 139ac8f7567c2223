import { useEffect, useState } from 'react';

/**
 * The current instant, renewed every `everyMs`: buttons that depend on the time (no-show after the
 * start) appear without a reload. Reads `Date.now()`, which tests set with vi.setSystemTime.
 */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
