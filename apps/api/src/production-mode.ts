/**
 * The built server is the production build: unless NODE_ENV says otherwise it runs as production, so
 * React renders mails with its production build (the development build checks and records every
 * element, a quarter of a mail's CPU time) and the test clock is refused (test-clock.ts). Imported first
 * by main.ts: an ES module's imports are evaluated in order, and React reads NODE_ENV when it is loaded.
 * Tests that need the test clock start the server with NODE_ENV=test (decision 0270).
 */
process.env.NODE_ENV ??= 'production';
