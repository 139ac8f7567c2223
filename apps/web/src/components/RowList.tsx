import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/**
 * A plain list of things in a section (open invitations, connected systems): one row each, its text
 * wrapping beside its actions on a wide screen and above them on a phone, rows divided by a line.
 */
export function RowList({ children }: { children: ReactNode }) {
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {children}
    </Box>
  );
}

export function RowListItem({ children }: { children: ReactNode }) {
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1,
        py: 1,
        borderTop: 1,
        borderColor: 'divider',
        '&:first-of-type': { borderTop: 0 },
      }}
    >
      {children}
    </Box>
  );
}
