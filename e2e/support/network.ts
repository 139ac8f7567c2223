import type { BrowserContext } from '@playwright/test';

/**
 * Every answer of 400 or more that any page of the context receives, as "STATUS METHOD path": a screen
 * calls only routes its user may call, so a browser test per role expects this list to stay empty.
 */
export function failedResponses(context: BrowserContext): string[] {
  const failed: string[] = [];
  context.on('response', (response) => {
    if (response.status() < 400) return;
    const url = new URL(response.url());
    failed.push(`${response.status()} ${response.request().method()} ${url.pathname}${url.search}`);
  });
  return failed;
}
