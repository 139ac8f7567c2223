// main.ts's first import: ES modules run in import order, so the flags are set before the server's
// modules load and allocate (and before PGlite compiles), which the young-generation flag needs.
import { limitEmbeddedMemory } from './embedded-memory.js';

limitEmbeddedMemory(process.env);
