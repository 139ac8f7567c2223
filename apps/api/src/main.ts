/**
 * `node apps/api/dist/main.js`. The embedded default's V8 flags (decision 0255) are set before the
 * server's modules are even parsed: V8's young generation grows while they load, and static imports
 * are all loaded before the first one runs. Hence the dynamic import.
 */
import { limitEmbeddedMemory } from './embedded-memory.js';

limitEmbeddedMemory(process.env);
await import('./serve.js');
