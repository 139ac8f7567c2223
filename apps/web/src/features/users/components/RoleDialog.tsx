import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountRole } from '@balie/shared';
import { OwnAccountDialog } from './OwnAccountDialog';
import { RoleChoice } from './RoleChoice';

/**
 * Chooses an account's role: user, staff or admin (DESIGN §5 "Promote/demote take a role"), each with what
 * it may do. An admin taking away their own admin rights is asked a second time, and only then is
 * `onConfirm(role, true)` called (decision 0200).
 */
export function RoleDialog({
  name,
  current,
  self,
  busy,
  onConfirm,
  onClose,
}: {
  name: string;
  current: AccountRole;
  self: boolean;
  busy: boolean;
  onConfirm: (role: AccountRole, confirmSelf: boolean) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(['users', 'common']);
  const titleId = useId();
  const [role, setRole] = useState<AccountRole>(current);
  const [secondStep, setSecondStep] = useState(false);
  const losesOwnAdmin = self && role !== 'ROLE_ADMIN';

  if (secondStep)
    return (
      <OwnAccountDialog
        text={t('dialog.self_role_text')}
        busy={busy}
        onConfirm={() => onConfirm(role, true)}
        onClose={onClose}
      />
    );
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('dialog.role_title', { name })}</DialogTitle>
      <DialogContent>
        <RoleChoice
          label={t('dialog.role_label', { name })}
          roles={['ROLE_USER', 'ROLE_STAFF', 'ROLE_ADMIN']}
          value={role}
          onChange={setRole}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common:action.cancel')}</Button>
        <Button
          variant="contained"
          disabled={busy || role === current}
          onClick={() => (losesOwnAdmin ? setSecondStep(true) : onConfirm(role, false))}
        >
          {t('dialog.confirm_role')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
