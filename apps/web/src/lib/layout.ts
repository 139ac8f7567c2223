/** Spec §2 layout numbers, shared by the theme, the layouts and anything that sits below the top bar. */
export const HEADER_HEIGHT = { mobile: 64, desktop: 80 } as const;
export const SIDE_NAV_WIDTH = 280;
