import { test as base, type Page } from '@playwright/test';
import { startServer, type RunningServer } from './server.js';

export const DEMO_ADMIN = { email: 'admin@example.com', password: 'Admin123!' };
export const DEMO_USER = { email: 'user@example.com', password: 'User1234!' };

/**
 * One running product per Playwright worker; `baseURL` points at it. `serverEnv` adds settings for a spec
 * (`test.use({ serverEnv: { BALIE_TEST_NOW: … } })`); a spec with other settings gets its own worker.
 */
export const test = base.extend<object, { server: RunningServer; serverEnv: Record<string, string> }>({
  serverEnv: [{}, { option: true, scope: 'worker' }],
  server: [
    async ({ serverEnv }, use) => {
      const server = await startServer(serverEnv);
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ server }, use) => use(server.url),
});

export { expect } from '@playwright/test';

export async function logIn(page: Page, account: { email: string; password: string }): Promise<void> {
  await page.goto('/login');
  await page.getByLabel(/e-mail/i).fill(account.email);
  await page
    .getByLabel(/wachtwoord|password/i)
    .first()
    .fill(account.password);
  await page.getByRole('button', { name: /inloggen|log in|sign in|anmelden/i }).click();
  await page.waitForURL(/\/home$/);
}
