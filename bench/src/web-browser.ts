import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium (never `playwright install`); BENCH_CHROMIUM to use another. */
const CHROMIUM = process.env.BENCH_CHROMIUM ?? '/usr/bin/chromium';

export interface BrowserFigures {
  /** Scripts the page fetched before it went idle, untouched: gzipped here (the server may not compress). */
  scripts: Array<{ url: string; bytes: number; gzipBytes: number }>;
  scriptsGzipKb: number;
  /** LCP of each throttled load (ms); 0 where Chromium reported none before it was read. */
  lcpMs: number[];
  lcpMedianMs: number;
}

/**
 * Opens `${base}/new` in headless Chromium without interacting (DESIGN §10): once to count the
 * JavaScript it fetches, then `runs` times with the cache off and 4× CPU slow-down for the LCP.
 */
export async function measureNewInBrowser(base: string, runs: number): Promise<BrowserFigures> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  try {
    const { scripts } = await loadOnce(browser, base, false);
    const lcpMs: number[] = [];
    for (let i = 0; i < runs; i++) lcpMs.push(Math.round((await loadOnce(browser, base, true)).lcp));
    const seen = lcpMs.filter((l) => l > 0).sort((a, b) => a - b);
    return {
      scripts,
      scriptsGzipKb: Math.round((scripts.reduce((n, s) => n + s.gzipBytes, 0) / 1024) * 10) / 10,
      lcpMs,
      lcpMedianMs: seen.length ? seen[Math.floor(seen.length / 2)]! : NaN,
    };
  } finally {
    await browser.close();
  }
}

async function loadOnce(browser: Browser, base: string, throttle: boolean) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (throttle) await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
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
    await page.goto(`${base}/new`, { waitUntil: 'networkidle', timeout: 60_000 });
    // On a slow (throttled, busy) CPU the network can settle before React painted: wait for the page's
    // heading, then give the observer a moment, since LCP entries arrive asynchronously.
    await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 60_000 });
    await page.waitForTimeout(500);
    const lcp = await page.evaluate(() => (globalThis as unknown as { __lcp: number }).__lcp);
    return { scripts: await Promise.all(pending), lcp };
  } finally {
    await context.close();
  }
}
