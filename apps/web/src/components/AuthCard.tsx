import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import { PageFrame } from './PageFrame';

/** The narrow card every sign-in related page sits in (sign-in, register, password reset, first-run setup). */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <PageFrame title={title} maxWidth={480}>
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 } }}>
        {children}
      </Paper>
    </PageFrame>
  );
}
