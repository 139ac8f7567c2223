/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** 'true' sends every route to /maintenance (spec §4); off unless set at build time. */
  readonly VITE_MAINTENANCE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
