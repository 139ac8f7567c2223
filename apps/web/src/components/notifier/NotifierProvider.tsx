import { useCallback, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { SNACKBAR_AUTO_HIDE_MS } from '@balie/shared';
import { NotifierContext, type NotifySeverity } from './NotifierContext';

interface Message {
  key: number;
  text: string;
  severity: NotifySeverity;
}

/** One snackbar for the whole app; a new message replaces the one showing. */
export function NotifierProvider({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState<Message | null>(null);
  const [open, setOpen] = useState(false);
  const notify = useCallback((text: string, severity: NotifySeverity = 'error') => {
    setMessage({ key: Date.now(), text, severity });
    setOpen(true);
  }, []);
  const close = (_event?: unknown, reason?: string) => {
    if (reason !== 'clickaway') setOpen(false);
  };
  return (
    <NotifierContext value={notify}>
      {children}
      <Snackbar
        key={message?.key}
        open={open}
        autoHideDuration={SNACKBAR_AUTO_HIDE_MS}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert onClose={close} severity={message?.severity ?? 'info'} variant="filled" sx={{ width: '100%' }}>
          {message?.text}
        </Alert>
      </Snackbar>
    </NotifierContext>
  );
}
