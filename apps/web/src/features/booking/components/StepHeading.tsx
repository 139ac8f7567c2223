import Typography from '@mui/material/Typography';
import { createContext, useContext, useEffect, useRef, type ReactNode } from 'react';

/** True once the visitor has moved between steps; the page's first step keeps focus where the browser put it. */
export const StepMovedContext = createContext(false);

/**
 * The heading of a booking step. After a step change it takes focus, so keyboard and screen-reader users
 * land at the top of the new step instead of on a button that no longer exists.
 */
export function StepHeading({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  const moved = useContext(StepMovedContext);
  useEffect(() => {
    if (moved) ref.current?.focus();
  }, [moved]);
  return (
    <Typography
      ref={ref}
      tabIndex={-1}
      component="h2"
      variant="h5"
      sx={{
        mb: 2,
        '&:focus': { outline: 'none' },
        '&:focus-visible': { outline: '2px solid', outlineOffset: 4 },
      }}
    >
      {children}
    </Typography>
  );
}
