import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog';

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

  function confirm() {
    if (asksTwice && !secondStep) setSecondStep(true);
    else onConfirm(asksTwice);
  }

  return (
    <ConfirmDialog
      open
      title={secondStep ? t('dialog.self_title') : t(`dialog.${change}_title`, { name })}
      text={secondStep ? t(`dialog.self_${change}_text`) : t(`dialog.${change}_text`, { name })}
      confirmLabel={secondStep ? t('dialog.confirm_self') : t(`dialog.confirm_${change}`)}
      danger={change !== 'promote'}
      busy={busy}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
