import { defineConfig, defaultClientConditions, defaultServerConditions } from 'vite';
import react from '@vitejs/plugin-react';
import { muiWithoutCssVars } from './vite/muiWithoutCssVars';

/**
 * The server build (`vite build --ssr`, decision 0280): the entry that renders /new's first step for
 * apps/api, into dist-ssr/. Every package is bundled in (noExternal), so the server renders with exactly
 * the modules the browser runs, this config's plugins included.
 */
const serverBuild = {
  outDir: 'dist-ssr',
  emptyOutDir: true,
  copyPublicDir: false,
  minify: true,
  sourcemap: true,
  rolldownOptions: { input: { renderFrontDoor: 'src/app/ssr/renderFrontDoor.tsx' } },
};

// `source` first so @balie/shared resolves to its TypeScript source; Vite's defaults stay after it.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), muiWithoutCssVars()],
  resolve: { conditions: ['source', ...defaultClientConditions] },
  ssr: { noExternal: true, resolve: { conditions: ['source', ...defaultServerConditions] } },
  server: {
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  preview: {
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  build: isSsrBuild
    ? serverBuild
    : {
        outDir: 'dist',
        emptyOutDir: true,
        sourcemap: true,
        // scripts/measure-first-load.mjs reads the manifest to weigh what /new loads before the first click.
        manifest: true,
        // Everything the entry imports statically goes into one chunk: left alone, the bundler cut the first
        // load of /new into 23 files (shared with lazy pages), each compressed on its own — 7.7 KB gzipped
        // more and more requests before the first paint (decision 0250).
        rolldownOptions: {
          output: {
            codeSplitting: { groups: [{ name: 'initial', tags: ['$initial'] }] },
          },
        },
      },
}));
