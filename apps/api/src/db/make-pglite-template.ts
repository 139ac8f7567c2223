import { writePgliteTemplate, PGLITE_TEMPLATE } from './pglite-template.js';

// `npm run build -w apps/api` runs this after tsc: the embedded database's first start loads the result.
await writePgliteTemplate();
console.log(`PGlite template written to ${PGLITE_TEMPLATE}`);
