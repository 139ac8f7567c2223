import { useEffect, useState } from 'react';
import { DISPLAY_CALLS, type DisplayCall } from '@balie/shared';

export type DisplayConnection = 'connecting' | 'open' | 'lost' | 'bad_key';

/** The longest wait between two attempts to reconnect. */
const RETRY_MAX_MS = 15_000;

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
 * event stream (`onCall` for the chime and the announcement). A stream that breaks — a restart of the
 * server, a dropped network — is opened again on its own, with a growing pause; `connection` says how it
 * stands, `bad_key` when the location or its key is not (or no longer) valid.
 */
export function useDisplayCalls(locationId: number, key: string, onCall: (call: DisplayCall) => void) {
  const [calls, setCalls] = useState<DisplayCall[]>([]);
  const [connection, setConnection] = useState<DisplayConnection>('connecting');

  useEffect(() => {
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let stopped = false;
    let pause = 1_000;
    const query = `key=${encodeURIComponent(key)}`;

    const retry = () => {
      source?.close();
      source = null;
      if (stopped) return;
      setConnection((c) => (c === 'bad_key' ? c : 'lost'));
      timer = setTimeout(connect, pause);
      pause = Math.min(pause * 2, RETRY_MAX_MS);
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
            if (!ok) return es.close();
            pause = 1_000;
            setConnection('open');
          })
          .catch(retry);
      });
      es.addEventListener('call', (event) => {
        const call = JSON.parse((event as MessageEvent<string>).data) as DisplayCall;
        setCalls((known) => mergeCalls(known, [call]));
        onCall(call);
      });
      es.addEventListener('error', () => {
        // The browser retries a dropped stream itself (CONNECTING), but not one the server refused or a
        // proxy answered with an error (CLOSED): then this does. Either way the screen says it is away.
        if (es.readyState === EventSource.CLOSED) {
          readState()
            .then((ok) => (ok ? retry() : undefined))
            .catch(retry);
        } else setConnection('lost');
      });
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
