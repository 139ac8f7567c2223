import type { Page } from '@playwright/test';

/** Where to keep the screenshots (phone and desktop) of the screens a spec passes, when set. */
const SCREENS = process.env.SCREENS_DIR;

/** Full-page screenshots of `page` at 390 and 1366 px wide as `<name>-<w>x<h>.png`, when SCREENS_DIR is set. */
export async function screenshots(page: Page, name: string): Promise<void> {
  if (!SCREENS) return;
  for (const [width, height] of [
    [390, 844],
    [1366, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(300); // the layout settles (drawer, calendar re-measures)
    await page.screenshot({ path: `${SCREENS}/${name}-${width}x${height}.png`, fullPage: true });
  }
}
