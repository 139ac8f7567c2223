import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { PageFrame } from '../../../components/PageFrame';

/** A centred message page with an illustration above its heading. */
export function ErrorScreen({
  title,
  illustration,
  children,
}: {
  title: string;
  illustration: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Box sx={{ textAlign: 'center', py: { xs: 2, md: 6 } }}>
      <Box sx={{ color: 'primary.main', mb: 2 }} aria-hidden>
        {illustration}
      </Box>
      <PageFrame title={title} maxWidth={640}>
        <Typography component="div" color="text.secondary" sx={{ '& p': { mt: 0, mb: 2 } }}>
          {children}
        </Typography>
      </PageFrame>
    </Box>
  );
}
