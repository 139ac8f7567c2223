import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Invitation } from '@balie/shared';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { RowList, RowListItem } from '../../../components/RowList';
import { useReportSave } from '../../../components/notifier/useReportSave';
import { formatDate } from '../../../lib/dates';
import {
  useListInvitationsQuery,
  useResendInvitationMutation,
  useWithdrawInvitationMutation,
} from '../api/usersApi';

/**
 * The open invitations above the accounts (decision 0311): to whom, which role, until when the link works
 * (or that it ran out), who sent it, and resend or withdraw. Nothing is shown while none is open.
 */
export function InvitationsSection() {
  const { t } = useTranslation(['users', 'common']);
  const headingId = useId();
  const report = useReportSave();
  const { data } = useListInvitationsQuery();
  const [resend, resending] = useResendInvitationMutation();
  const [withdraw, withdrawing] = useWithdrawInvitationMutation();
  // The one asked about stays named while the dialog closes.
  const [toWithdraw, setToWithdraw] = useState<Invitation | null>(null);
  const [asking, setAsking] = useState(false);
  const busy = resending.isLoading || withdrawing.isLoading;
  if (!data?.length) return null;
  // Who sent it (decision 0414): the access review asks whose invitation is still out. A gone sender
  // is shown as such; such an invitation no longer opens anything and can only be withdrawn.
  const senderOf = ({ invitedBy }: Invitation) => {
    if (!invitedBy) return t('invitations.by_deleted');
    if (!invitedBy.name) return t('invitations.by', { name: invitedBy.email });
    return t('invitations.by_named', { name: invitedBy.name, email: invitedBy.email });
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2, mb: 3 }}>
      <Typography id={headingId} component="h2" variant="h6" gutterBottom>
        {t('invitations.title')}
      </Typography>
      <RowList>
        {data.map((i) => (
          <RowListItem key={i.id}>
            <Box sx={{ flex: '1 1 16rem', minWidth: 0 }}>
              <Typography sx={{ overflowWrap: 'anywhere' }}>{i.email}</Typography>
              <Typography variant="body2" color="text.secondary">
                {[
                  t(`role.${i.role}`),
                  i.expired ? null : t('invitations.valid_until', { date: formatDate(i.expiresAt) }),
                  senderOf(i),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Typography>
            </Box>
            {i.expired && <Chip size="small" color="warning" label={t('invitations.expired')} />}
            <Box sx={{ display: 'flex', gap: 1 }}>
              <Button
                size="small"
                disabled={busy}
                aria-label={t('action_label', { action: t('invitations.resend'), name: i.email })}
                onClick={async () => report(await resend(i.id), t('invitations.resent', { email: i.email }))}
              >
                {t('invitations.resend')}
              </Button>
              <Button
                size="small"
                color="error"
                disabled={busy}
                aria-label={t('action_label', { action: t('invitations.withdraw'), name: i.email })}
                onClick={() => {
                  setToWithdraw(i);
                  setAsking(true);
                }}
              >
                {t('invitations.withdraw')}
              </Button>
            </Box>
          </RowListItem>
        ))}
      </RowList>
      <ConfirmDialog
        open={asking}
        title={t('invitations.withdraw_title', { email: toWithdraw?.email })}
        text={t('invitations.withdraw_text')}
        confirmLabel={t('invitations.withdraw')}
        busy={busy}
        onConfirm={async () => {
          if (!toWithdraw) return;
          setAsking(false);
          report(await withdraw(toWithdraw.id), t('invitations.withdrawn', { email: toWithdraw.email }));
        }}
        onClose={() => setAsking(false)}
      />
    </Paper>
  );
}
