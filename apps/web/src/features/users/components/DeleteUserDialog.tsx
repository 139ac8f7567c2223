import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { OwnAccountDialog } from './OwnAccountDialog';

/**
 * Asks before deleting an account and says what it does. About one's own account it asks a second time,
 * and only then calls `onConfirm(true)` (decision 0200).
 */
export function DeleteUserDialog({
  name,
  self,
  busy,
  onConfirm,
  onClose,
}: {
  name: string;
  self: boolean;
  busy: boolean;
  onConfirm: (confirmSelf: boolean) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('users');
  const [secondStep, setSecondStep] = useState(false);
  if (secondStep)
    return (
      <OwnAccountDialog
        text={t('dialog.self_delete_text')}
        busy={busy}
        onConfirm={() => onConfirm(true)}
        onClose={onClose}
      />
    );
  return (
    <ConfirmDialog
      open
      title={t('dialog.delete_title', { name })}
      text={t('dialog.delete_text', { name })}
      confirmLabel={t('dialog.confirm_delete')}
      busy={busy}
      onConfirm={() => (self ? setSecondStep(true) : onConfirm(false))}
      onClose={onClose}
    />
  );
}
