export * from './app.js';
export * from './databases.js';
export * from './routes.js';
export * from './log-secrets.js';
export * from './route-access.js';
export * from './use-test-app.js';
