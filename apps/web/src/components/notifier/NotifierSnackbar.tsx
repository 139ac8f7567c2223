import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { SNACKBAR_AUTO_HIDE_MS } from '@balie/shared';
import type { NotifySeverity } from './NotifierContext';

export interface Message {
  key: number;
  text: string;
  severity: NotifySeverity;
}

interface Props {
  message: Message;
  open: boolean;
  onClose: (event?: unknown, reason?: string) => void;
}

/** The app's one snackbar; its own chunk, loaded with the first message, so pages paint without it. */
export default function NotifierSnackbar({ message, open, onClose }: Props) {
  return (
    <Snackbar
      key={message.key}
      open={open}
      autoHideDuration={SNACKBAR_AUTO_HIDE_MS}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert onClose={onClose} severity={message.severity} variant="filled" sx={{ width: '100%' }}>
        {message.text}
      </Alert>
    </Snackbar>
  );
}
