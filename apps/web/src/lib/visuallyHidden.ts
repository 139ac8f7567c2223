/**
 * sx for text that screen readers read but that takes no room on screen.
 * Pixel strings on purpose: in MUI's sx a bare `1` means 100 %.
 */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
