import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { ConfirmDialog } from './ConfirmDialog';
import { Section } from './Section';

/**
 * The last part of an admin detail page: what deleting does, the delete button, and the dialog that asks
 * first. `onDelete` runs only after the confirmation (the dialog is closed by then); what follows a
 * deletion (navigate, notify, explain a refusal) is the page's. `children` go between hint and button;
 * `disabled` when the page already knows the server would refuse (its children say why).
 */
export function DeleteSection({
  title,
  hint,
  confirmTitle,
  confirmText,
  onDelete,
  children,
  disabled = false,
}: {
  title: string;
  hint: string;
  confirmTitle: string;
  confirmText: string;
  onDelete: () => void;
  children?: ReactNode;
  disabled?: boolean;
}) {
  const { t } = useTranslation('common');
  const [confirming, setConfirming] = useState(false);
  return (
    <Section title={title}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {hint}
      </Typography>
      {children}
      <Button color="error" variant="outlined" disabled={disabled} onClick={() => setConfirming(true)}>
        {t('action.delete')}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={confirmTitle}
        text={confirmText}
        confirmLabel={t('action.delete')}
        onConfirm={() => {
          setConfirming(false);
          onDelete();
        }}
        onClose={() => setConfirming(false)}
      />
    </Section>
  );
}
