import { useEffect, useState } from 'react';
import { DISPLAY_CALLS, type DisplayCall } from '@balie/shared';

export type DisplayConnection = 'connecting' | 'open' | 'lost' | 'bad_key';

/** The first pause before a reconnection after a failure; it doubles on every failure after it. */
const RETRY_FIRST_MS = 2_000;
/** The longest pause between two attempts to reconnect. */
const RETRY_MAX_MS = 60_000;

/**
 * The pause before reconnecting after `failures` failed attempts in a row (0 for the first): 2 s doubling
 * to 60 s, somewhere in the upper half of that, so that the screens of a building that lost the server at
 * the same moment do not all come back in the same second (a refused stream, 429, is one of them).
 */
export function retryPause(failures: number, random: () => number = Math.random): number {
  const pause = Math.min(RETRY_FIRST_MS * 2 ** failures, RETRY_MAX_MS);
  return Math.round(pause * (0.5 + random() / 2));
}

/** Newest first, each call once (a call read from the state and from the stream), at most ten. */
export function mergeCalls(known: DisplayCall[], more: DisplayCall[]): DisplayCall[] {
  const byId = new Map<number, DisplayCall>();
  for (const c of [...more, ...known])
    if (!byId.has(c.id) || c.calledAt > byId.get(c.id)!.calledAt) byId.set(c.id, c);
  return [...byId.values()]
    .sort((a, b) => b.calledAt.localeCompare(a.calledAt) || b.id - a.id)
    .slice(0, DISPLAY_CALLS);
}

/**
 * The waiting room's calls: the last ten read at every (re)connection, and each new one from the server's
 * event stream (`onCall` for the chime and the announcement). A stream that breaks or is refused — a
 * restart of the server, a dropped network, too many screens (429) — is opened again on its own after a
 * growing pause (`retryPause`); EventSource shows no status code, so the state is read first: a 404 means
 * the location or its key is not (or no longer: renewed) valid, and the screen says so and stops.
 * `connection` says how it stands.
 */
export function useDisplayCalls(locationId: number, key: string, onCall: (call: DisplayCall) => void) {
  const [calls, setCalls] = useState<DisplayCall[]>([]);
  const [connection, setConnection] = useState<DisplayConnection>('connecting');

  useEffect(() => {
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let stopped = false;
    let failures = 0;
    const query = `key=${encodeURIComponent(key)}`;

    const retry = () => {
      if (stopped) return;
      setConnection((c) => (c === 'bad_key' ? c : 'lost'));
      timer = setTimeout(connect, retryPause(failures));
      failures += 1;
    };

    async function readState(): Promise<boolean> {
      const res = await fetch(`/api/display/${locationId}/state?${query}`, { cache: 'no-store' });
      if (res.status === 404 || res.status === 400) {
        setConnection('bad_key');
        return false;
      }
      if (!res.ok) throw new Error(`state ${res.status}`);
      const state = (await res.json()) as DisplayCall[];
      setCalls((known) => mergeCalls(known, state));
      return true;
    }

    /**
     * The stream broke or was never accepted. The browser's own reconnection is not waited for (it
     * retries a dropped stream every 2 s for ever, and a refused one never): the state says why, and
     * this reconnects with its own pause, or stops when the key is no longer valid.
     */
    function fail(es: EventSource) {
      if (stopped || source !== es) return;
      es.close();
      source = null;
      setConnection((c) => (c === 'bad_key' ? c : 'lost'));
      readState()
        .then((ok) => (ok ? retry() : undefined))
        .catch(retry);
    }

    function connect() {
      timer = null;
      if (stopped) return;
      const es = new EventSource(`/api/display/${locationId}/events?${query}`);
      source = es;
      es.addEventListener('open', () => {
        // Whatever was called while the stream was away: read once the stream is there, so nothing falls
        // between the two.
        readState()
          .then((ok) => {
            if (stopped || source !== es) return;
            if (!ok) {
              source = null;
              return es.close();
            }
            failures = 0;
            setConnection('open');
          })
          .catch(() => fail(es));
      });
      es.addEventListener('call', (event) => {
        const call = JSON.parse((event as MessageEvent<string>).data) as DisplayCall;
        setCalls((known) => mergeCalls(known, [call]));
        onCall(call);
      });
      es.addEventListener('error', () => fail(es));
    }

    connect();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      source?.close();
    };
    // onCall is read through a ref by the caller; the stream depends on the location and key only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [locationId, key]);

  return { calls, connection };
}
