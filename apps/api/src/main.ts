/**
 * `node apps/api/dist/main.js`. Two things must happen before the server's modules are even parsed,
 * hence the dynamic import: the process runs as production unless NODE_ENV says otherwise (React reads
 * it when it loads; decision 0270), and the V8 memory flags are set (V8's young generation grows while
 * the modules load, and static imports all load before the first one runs; decisions 0255, 0272).
 */
import './production-mode.js';
import { limitServerMemory } from './server-memory.js';

limitServerMemory(process.env);
await import('./serve.js');
