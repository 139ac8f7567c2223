import type { Page } from '@playwright/test';

/** Where to keep screenshots (phone and desktop) of the screens a spec passes, when set. */
const SCREENS = process.env.SCREENS_DIR;

/** With SCREENS_DIR set: `<name>-390.png` and `<name>-1366.png` of the whole page; else nothing. */
export async function screenshots(page: Page, name: string): Promise<void> {
  if (!SCREENS) return;
  for (const [w, h] of [
    [390, 844],
    [1366, 900],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.screenshot({ path: `${SCREENS}/${name}-${w}.png`, fullPage: true });
  }
  // Back to Playwright's default size: the test goes on at the size it started with.
  await page.setViewportSize({ width: 1280, height: 720 });
}
