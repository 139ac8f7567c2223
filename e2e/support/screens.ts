import type { Page } from '@playwright/test';

/** Where to keep the screenshots (phone and desktop) of the screens a spec passes, when set. */
const SCREENS = process.env.SCREENS_DIR;

/**
 * Full-page screenshots of `page` at 390 and 1366 px wide as `<name>-<w>x<h>.png`, when SCREENS_DIR is set.
 * The page gets its own size back afterwards, so the test goes on as it does without screenshots.
 */
export async function screenshots(page: Page, name: string): Promise<void> {
  if (!SCREENS) return;
  const own = page.viewportSize();
  for (const [width, height] of [
    [390, 844],
    [1366, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    // The layout settles: the drawer's transition ends and the calendar has re-measured (a frame later).
    await page.waitForFunction(() =>
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
    );
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await page.screenshot({ path: `${SCREENS}/${name}-${width}x${height}.png`, fullPage: true });
  }
  if (own) await page.setViewportSize(own);
}
