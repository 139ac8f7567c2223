/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** 'true' sends every route to /maintenance (spec §4); off unless set at build time. */
  readonly VITE_MAINTENANCE?: string;
  /** The provider's own website, linked from the public top bar (spec §1). */
  readonly VITE_PROVIDER_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
