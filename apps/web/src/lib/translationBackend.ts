import type { BackendModule, ReadCallback } from 'i18next';

/**
 * Loads `{base}/locales/{lng}/{ns}.json`: all that i18next-http-backend did for us, at a tenth of its
 * size in the front door's first load (decision 0245). A failure the server or network may get over
 * (5xx, no connection) asks i18next for a retry — it retries with the configured maxRetries and a
 * doubling retryTimeout (spec §9); a 4xx does not.
 */
export function translationBackend(base = ''): BackendModule {
  return {
    type: 'backend',
    callbackApi: true,
    init() {},
    read(language: string, namespace: string, callback: ReadCallback) {
      const url = `${base}/locales/${language}/${namespace}.json`;
      fetch(url).then(
        async (response) => {
          if (!response.ok) return callback(`${url}: HTTP ${response.status}`, response.status >= 500);
          try {
            callback(null, (await response.json()) as Record<string, unknown>);
          } catch {
            callback(`${url}: not JSON`, false);
          }
        },
        (error: unknown) => callback(`${url}: ${String(error)}`, true),
      );
    },
  };
}
