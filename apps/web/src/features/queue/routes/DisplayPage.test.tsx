import { act, renderHook, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { DisplayCall } from '@balie/shared';
import { fakeApi, type FakeAnswer } from '../../../components/scheduling/test/fakeApi';
import { renderRoute } from '../../../test/renderRoute';
import { retryPause, useDisplayCalls } from '../lib/useDisplayCalls';

/**
 * The browser's EventSource as the page sees it (jsdom has none): no status code, only `open`, `error`
 * and the events. A test plays the server: it accepts a stream, refuses it, or ends it.
 */
class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static made: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  closed = false;
  constructor(readonly url: string) {
    super();
    FakeEventSource.made.push(this);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
    this.closed = true;
  }
  /** The server answered 200 with the stream. */
  accept() {
    this.readyState = FakeEventSource.OPEN;
    this.dispatchEvent(new Event('open'));
  }
  /** The server answered something else (429, 404, 503): the browser gives up on it. */
  refuse() {
    this.readyState = FakeEventSource.CLOSED;
    this.dispatchEvent(new Event('error'));
  }
  /** The server ended an open stream (a renewed key, a restart): the browser would try again itself. */
  end() {
    this.readyState = FakeEventSource.CONNECTING;
    this.dispatchEvent(new Event('error'));
  }
}

const CALL: DisplayCall = {
  id: 1,
  ticket: 'W001',
  desk: { name: 'Balie 1', label: null },
  calledAt: '2030-03-12T10:00:00+01:00',
};

/** The display's API: the state answers `state()` (200 with the calls, or a 404 once the key is renewed). */
function serveDisplay(state: () => FakeAnswer) {
  FakeEventSource.made = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  return fakeApi(({ path }) => {
    if (path === '/api/organisation') return { status: 200, body: { name: 'Gemeente Voorbeeld' } };
    if (path === '/api/locations') return { status: 200, body: [] };
    if (path.startsWith('/api/display/5/state?')) return state();
    throw new TypeError(`fetch failed: no test server for ${path}`);
  });
}

/** Lets the page's reads of the state (promises, no timers) finish. */
async function settle() {
  for (let i = 0; i < 5; i++) await act(() => new Promise<void>((done) => setImmediate(done)));
}

const latest = () => FakeEventSource.made.at(-1)!;

describe('the waiting room display', () => {
  it('says its link is no longer valid when the key was renewed while it showed the calls, and stops trying', async () => {
    let renewed = false;
    serveDisplay(() =>
      renewed ? { status: 404, body: { code: 'not_found' } } : { status: 200, body: [CALL] },
    );
    await renderRoute('/display/5?key=old');
    await vi.waitFor(() => expect(FakeEventSource.made).toHaveLength(1));
    act(() => latest().accept());
    expect(await screen.findByTestId('current-ticket')).toHaveTextContent('W001');

    // The admin renews the key: the server ends the stream, and the old key answers 404 from then on.
    renewed = true;
    act(() => latest().end());
    // "Connection lost" first, while the state is read; then why.
    const expired = "This screen's link is not valid (any more). Ask the administrator for the current link.";
    await screen.findByText(expired);
    expect(screen.getByRole('alert')).toHaveTextContent(expired);
    expect(FakeEventSource.made).toHaveLength(1);
    expect(latest().closed).toBe(true);
    // What it showed stays on the screen.
    expect(screen.getByTestId('current-ticket')).toHaveTextContent('W001');
  });

  it('retries a refused stream after 2 s, doubling to 60 s, and from 2 s again once a stream is accepted', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    // The top of every pause's jitter: the pauses are exact.
    vi.spyOn(Math, 'random').mockReturnValue(1);
    serveDisplay(() => ({ status: 200, body: [CALL] }));
    const { result } = renderHook(() => useDisplayCalls(5, 'k', () => undefined));
    expect(FakeEventSource.made).toHaveLength(1);
    expect(latest().url).toBe('/api/display/5/events?key=k');

    // Too many screens (429): the state still answers, so the display waits and tries again.
    const pauses = [2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000];
    for (const [i, pause] of pauses.entries()) {
      act(() => latest().refuse());
      await settle();
      expect(result.current.connection).toBe('lost');
      expect(result.current.calls).toEqual([CALL]);
      await act(() => vi.advanceTimersByTimeAsync(pause - 1));
      expect(FakeEventSource.made).toHaveLength(i + 1);
      await act(() => vi.advanceTimersByTimeAsync(1));
      expect(FakeEventSource.made).toHaveLength(i + 2);
    }

    act(() => latest().accept());
    await settle();
    expect(result.current.connection).toBe('open');
    act(() => latest().end());
    await settle();
    expect(result.current.connection).toBe('lost');
    const before = FakeEventSource.made.length;
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(FakeEventSource.made).toHaveLength(before + 1);
  });

  it('spreads the pauses: each lies in the upper half of its step', () => {
    expect([0, 1, 2, 5, 9].map((n) => retryPause(n, () => 1))).toEqual([2_000, 4_000, 8_000, 60_000, 60_000]);
    expect([0, 1, 5].map((n) => retryPause(n, () => 0))).toEqual([1_000, 2_000, 30_000]);
  });
});
