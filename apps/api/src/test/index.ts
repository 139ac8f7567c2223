export * from './app.js';
export * from './databases.js';
