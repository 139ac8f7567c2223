import { expect } from 'vitest';

export interface SseEvent {
  event: string;
  data: string;
}

/**
 * A server-sent events client over fetch, as a browser's EventSource reads the stream: `next()` waits
 * for the next event (comments skipped), `close()` aborts the connection.
 */
export async function openEventStream(url: string, headers: Record<string, string> = {}) {
  const abort = new AbortController();
  const res = await fetch(url, {
    signal: abort.signal,
    headers: { accept: 'text/event-stream', ...headers },
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const events: SseEvent[] = [];
  let ended = false;
  const waiter: { wake: (() => void) | null } = { wake: null };
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const lines = block.split('\n').filter((l) => !l.startsWith(':'));
          const event = lines.find((l) => l.startsWith('event: '))?.slice(7) ?? 'message';
          const data = lines.filter((l) => l.startsWith('data: ')).map((l) => l.slice(6));
          if (data.length) events.push({ event, data: data.join('\n') });
        }
        waiter.wake?.();
      }
    } catch {
      // aborted
    } finally {
      ended = true;
      waiter.wake?.();
    }
  })();
  return {
    /** The next event, or an error after `timeoutMs` (the contract's 2 s for a call to reach a display). */
    async next(timeoutMs = 2000): Promise<SseEvent> {
      const deadline = performance.now() + timeoutMs;
      for (;;) {
        const event = events.shift();
        if (event) return event;
        if (ended) throw new Error('stream ended');
        const left = deadline - performance.now();
        if (left <= 0) throw new Error(`no event within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiter.wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        waiter.wake = null;
      }
    },
    /** Resolves when the server ends the stream. */
    async ended(timeoutMs = 5000): Promise<void> {
      const deadline = performance.now() + timeoutMs;
      while (!ended) {
        if (performance.now() > deadline) throw new Error('stream still open');
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    close: () => abort.abort(),
  };
}
