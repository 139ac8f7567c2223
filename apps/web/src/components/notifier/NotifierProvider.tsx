import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import { NotifierContext, type NotifyOptions, type NotifySeverity } from './NotifierContext';
import type { Message } from './NotifierSnackbar';

const NotifierSnackbar = lazy(() => import('./NotifierSnackbar'));

/** One snackbar for the whole app; a new message replaces the one showing. */
export function NotifierProvider({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState<Message | null>(null);
  const [open, setOpen] = useState(false);
  const notify = useCallback((text: string, severity: NotifySeverity = 'error', options?: NotifyOptions) => {
    setMessage({ key: Date.now(), text, severity, ...options });
    setOpen(true);
  }, []);
  const close = (_event?: unknown, reason?: string) => {
    if (reason !== 'clickaway') setOpen(false);
  };
  return (
    <NotifierContext value={notify}>
      {children}
      {message && (
        <Suspense fallback={null}>
          <NotifierSnackbar message={message} open={open} onClose={close} />
        </Suspense>
      )}
    </NotifierContext>
  );
}
