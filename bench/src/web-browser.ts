import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium (never `playwright install`); BENCH_CHROMIUM to use another. */
const CHROMIUM = process.env.BENCH_CHROMIUM ?? '/usr/bin/chromium';

/**
 * The browser's ceiling (DESIGN §10: every figure also as a ratio to a trivial request to the same server):
 * the API's own ceiling route, which Chromium shows as one line of text — a document with no script and no
 * style, fetched and painted under the same CPU slow-down as /new.
 */
const CEILING_PATH = '/api/health';

/** Main-thread time of one throttled load until the page settled (Chromium's Performance.getMetrics). */
export interface MainThread {
  scriptMs: number;
  styleAndLayoutMs: number;
  allTasksMs: number;
}

export interface BrowserFigures {
  /** Scripts the page fetched before it went idle, untouched: gzipped here (the server may not compress). */
  scripts: Array<{ url: string; bytes: number; gzipBytes: number }>;
  scriptsGzipKb: number;
  /** LCP of each throttled load (ms); 0 where Chromium reported none before it was read. */
  lcpMs: number[];
  lcpMedianMs: number;
  /** The same for the ceiling page, each load taken just before one of /new, so both see the same machine. */
  ceilingLcpMs: number[];
  ceilingLcpMedianMs: number;
  /** Where /new's main-thread time went, medians over its throttled loads. */
  mainThread: MainThread;
}

/**
 * Opens `${base}/new` in headless Chromium without interacting (DESIGN §10): once to count the
 * JavaScript it fetches, then `runs` times with the cache off and 4× CPU slow-down for the LCP, each run
 * after one of the ceiling page.
 */
export async function measureNewInBrowser(base: string, runs: number): Promise<BrowserFigures> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  try {
    const { scripts } = await loadOnce(browser, `${base}/new`, { throttle: false, page: 'app' });
    const lcpMs: number[] = [];
    const ceilingLcpMs: number[] = [];
    const threads: MainThread[] = [];
    for (let i = 0; i < runs; i++) {
      ceilingLcpMs.push(
        Math.round((await loadOnce(browser, `${base}${CEILING_PATH}`, { throttle: true, page: 'text' })).lcp),
      );
      const load = await loadOnce(browser, `${base}/new`, { throttle: true, page: 'app' });
      lcpMs.push(Math.round(load.lcp));
      threads.push(load.mainThread);
    }
    return {
      scripts,
      scriptsGzipKb: Math.round((scripts.reduce((n, s) => n + s.gzipBytes, 0) / 1024) * 10) / 10,
      lcpMs,
      lcpMedianMs: medianSeen(lcpMs),
      ceilingLcpMs,
      ceilingLcpMedianMs: medianSeen(ceilingLcpMs),
      mainThread: {
        scriptMs: median(threads.map((t) => t.scriptMs)),
        styleAndLayoutMs: median(threads.map((t) => t.styleAndLayoutMs)),
        allTasksMs: median(threads.map((t) => t.allTasksMs)),
      },
    };
  } finally {
    await browser.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
/** The median of the loads that reported an LCP; NaN when none did (the row then fails, as it should). */
const medianSeen = (values: number[]) => median(values.filter((v) => v > 0));

async function loadOnce(browser: Browser, url: string, how: { throttle: boolean; page: 'app' | 'text' }) {
  // A Dutch visitor's phone: the page the server renders (Dutch) is the one this browser starts in, as
  // before a browser's own language chose the first visit's (decision 0424).
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'nl-NL' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Performance.enable');
  if (how.throttle) await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const pending: Array<Promise<{ url: string; bytes: number; gzipBytes: number }>> = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      response
        .body()
        .catch(() => Buffer.alloc(0))
        .then((body) => ({
          url: new URL(response.url()).pathname,
          bytes: body.length,
          gzipBytes: gzipSync(body, { level: 9 }).length,
        })),
    );
  });
  await page.addInitScript(() => {
    const scope = globalThis as unknown as { __lcp: number };
    scope.__lcp = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) scope.__lcp = entry.startTime;
      // Chromium's entry type; Node's typings list only the server's.
    }).observe({ type: 'largest-contentful-paint' as 'mark', buffered: true });
  });
  try {
    await page.goto(url, { waitUntil: 'networkidle', timeout: 60_000 });
    // On a slow (throttled, busy) CPU the network can settle before React painted: wait for the page's
    // heading, then give the observer a moment, since LCP entries arrive asynchronously.
    if (how.page === 'app')
      await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 60_000 });
    await page.waitForTimeout(500);
    const lcp = await page.evaluate(() => (globalThis as unknown as { __lcp: number }).__lcp);
    const { metrics } = await cdp.send('Performance.getMetrics');
    const seconds = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0;
    const msOf = (...names: string[]) => Math.round(names.reduce((s, n) => s + seconds(n), 0) * 1000);
    return {
      scripts: await Promise.all(pending),
      lcp,
      mainThread: {
        scriptMs: msOf('ScriptDuration'),
        styleAndLayoutMs: msOf('RecalcStyleDuration', 'LayoutDuration'),
        allTasksMs: msOf('TaskDuration'),
      },
    };
  } finally {
    await context.close();
  }
}
