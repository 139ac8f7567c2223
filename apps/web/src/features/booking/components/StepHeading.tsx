import Typography from '@mui/material/Typography';
import { useEffect, useRef, type ReactNode } from 'react';

/**
 * The heading of a booking step. It takes focus when the step appears, so keyboard and screen-reader users
 * land at the top of the new step instead of on a button that no longer exists.
 */
export function StepHeading({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <Typography
      ref={ref}
      tabIndex={-1}
      component="h2"
      variant="h5"
      sx={{ mb: 2, '&:focus': { outline: 'none' }, '&:focus-visible': { outline: '2px solid', outlineOffset: 4 } }}
    >
      {children}
    </Typography>
  );
}
