import Button from '@mui/material/Button';
import type { ReactNode } from 'react';

/** The full-width submit button of the sign-in forms; `enabled` is the form's useCanSubmit answer. */
export function SubmitButton({ enabled, children }: { enabled: boolean; children: ReactNode }) {
  return (
    <Button type="submit" variant="contained" size="large" fullWidth disabled={!enabled} sx={{ mt: 2 }}>
      {children}
    </Button>
  );
}
