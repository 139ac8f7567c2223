import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog';

/**
 * The second question about one's own account (decision 0200): `text` says what the admin loses, and
 * only "Yes, my own account" goes on.
 */
export function OwnAccountDialog({
  text,
  busy,
  onConfirm,
  onClose,
}: {
  text: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('users');
  return (
    <ConfirmDialog
      open
      title={t('dialog.self_title')}
      text={text}
      confirmLabel={t('dialog.confirm_self')}
      busy={busy}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
