import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export type UserChange = 'promote' | 'demote' | 'delete';

/**
 * Asks before a role change or deletion and says what it does. About one's own account (demote or
 * delete) it asks a second time, and only then calls `onConfirm(true)` (decision 0200).
 */
export function UserChangeDialog({
  change,
  name,
  self,
  busy,
  onConfirm,
  onClose,
}: {
  change: UserChange;
  name: string;
  self: boolean;
  busy: boolean;
  onConfirm: (confirmSelf: boolean) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(['users', 'common']);
  const [secondStep, setSecondStep] = useState(false);
  const asksTwice = self && change !== 'promote';
  const danger = change !== 'promote';

  function confirm() {
    if (asksTwice && !secondStep) setSecondStep(true);
    else onConfirm(asksTwice);
  }

  return (
    <Dialog open onClose={onClose} aria-labelledby="user-change-title" aria-describedby="user-change-text">
      <DialogTitle id="user-change-title">
        {secondStep ? t('dialog.self_title') : t(`dialog.${change}_title`, { name })}
      </DialogTitle>
      <DialogContent>
        <DialogContentText id="user-change-text">
          {secondStep ? t(`dialog.self_${change}_text`) : t(`dialog.${change}_text`, { name })}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common:action.cancel')}</Button>
        <Button variant="contained" color={danger ? 'error' : 'primary'} onClick={confirm} disabled={busy}>
          {secondStep ? t('dialog.confirm_self') : t(`dialog.confirm_${change}`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
