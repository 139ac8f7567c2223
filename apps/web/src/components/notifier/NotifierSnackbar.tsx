import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { SNACKBAR_AUTO_HIDE_MS } from '@balie/shared';
import Button from '@mui/material/Button';
import type { NotifyOptions, NotifySeverity } from './NotifierContext';

export interface Message extends NotifyOptions {
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
  const { action } = message;
  return (
    <Snackbar
      key={message.key}
      open={open}
      autoHideDuration={message.autoHideMs ?? SNACKBAR_AUTO_HIDE_MS}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert
        onClose={onClose}
        severity={message.severity}
        variant="filled"
        sx={{ width: '100%' }}
        // With an action (e.g. "Undo") the button takes the place of the close cross.
        {...(action && {
          action: (
            <Button
              color="inherit"
              size="small"
              onClick={() => {
                onClose();
                action.onClick();
              }}
            >
              {action.label}
            </Button>
          ),
        })}
      >
        {message.text}
      </Alert>
    </Snackbar>
  );
}
