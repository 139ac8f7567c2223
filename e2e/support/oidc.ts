import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The API tests' real OpenID Provider (`apps/api/src/test/oidc-provider.ts`, the `oidc-provider`
 * package) for browser tests: one module for both. Imported by path at run time, as it lies outside this
 * project's sources; these are the parts a spec uses.
 */
export interface BrowserTestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  accounts: Map<
    string,
    { sub: string; email: string; roles: string[]; givenName?: string; familyName?: string }
  >;
  signInNext(sub: string, amr?: string[]): void;
  close(): Promise<void>;
}

const modulePath = resolve(fileURLToPath(import.meta.url), '../../../apps/api/src/test/oidc-provider.ts');

export async function startBrowserTestProvider(balieUrl: string): Promise<BrowserTestProvider> {
  const { startTestProvider } = (await import(modulePath)) as {
    startTestProvider: (o: {
      redirectUri: string;
      postLogoutRedirectUri: string;
    }) => Promise<BrowserTestProvider>;
  };
  return startTestProvider({
    redirectUri: `${balieUrl}/api/auth/oidc/callback`,
    postLogoutRedirectUri: `${balieUrl}/login`,
  });
}
