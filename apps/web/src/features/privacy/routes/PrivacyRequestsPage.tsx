import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { privacyExportQuerySchema, type PrivacyEraseResult, type PrivacyExport } from '@balie/shared';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { PageFrame } from '../../../components/PageFrame';
import { apiErrorOf } from '../../../lib/apiError';
import { formatDate, formatTime } from '../../../lib/dates';
import { saveFile } from '../../../lib/saveFile';
import { useErasePrivacyMutation, useLazyPrivacyExportQuery } from '../api';
import { erasureSentence } from '../erasureSentence';

/** The server's refusals an admin can act on, by the message it names the address with. */
const REFUSALS = ['own_account', 'developer_only', 'last_admin'] as const;

function errorText(error: unknown, t: (key: string) => string): string {
  const body = apiErrorOf(error);
  const refusal = body?.errors?.find((e) => (REFUSALS as readonly string[]).includes(e.message));
  return refusal ? t(`refused.${refusal.message}`) : t('common:general.error');
}

/** What is held about the address: counts, the appointments still ahead, and the download. */
function Held({ held, onErase }: { held: PrivacyExport; onErase: () => void }) {
  const { t } = useTranslation('privacy');
  const { summary } = held;
  const upcoming = held.appointments.filter((a) => a.upcoming);
  const nothing = !summary.account && summary.appointments === 0 && held.invitations.length === 0;
  const download = () =>
    saveFile(
      `persoonsgegevens-${held.generatedAt.slice(0, 10)}.json`,
      new Blob([JSON.stringify(held, null, 2)], { type: 'application/json' }),
    );
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mt: 3 }} component="section" aria-labelledby="held">
      <Typography variant="h6" component="h2" id="held" sx={{ overflowWrap: 'anywhere' }}>
        {t('held.title', { email: held.email })}
      </Typography>
      {nothing ? (
        <Typography sx={{ mt: 1 }}>{t('held.nothing')}</Typography>
      ) : (
        <List dense>
          <ListItem>
            <ListItemText primary={t(summary.account ? 'held.account_yes' : 'held.account_no')} />
          </ListItem>
          <ListItem>
            <ListItemText
              primary={t('held.appointments', { count: summary.appointments, upcoming: summary.upcoming })}
            />
          </ListItem>
          <ListItem>
            <ListItemText primary={t('held.history', { count: summary.historyEvents })} />
          </ListItem>
          <ListItem>
            <ListItemText primary={t('held.mails', { count: summary.queuedMails })} />
          </ListItem>
        </List>
      )}
      {upcoming.length > 0 && (
        <>
          <Typography variant="subtitle1" component="h3" sx={{ mt: 1 }}>
            {t('held.upcoming_title')}
          </Typography>
          <List dense aria-label={t('held.upcoming_title')}>
            {upcoming.map((a) => (
              <ListItem key={a.id}>
                <ListItemText
                  primary={`${formatDate(a.fromDateTime)} ${formatTime(a.fromDateTime)}`}
                  secondary={[
                    a.location.name,
                    a.appointmentItems.map((i) => `${i.amount} × ${i.product.title}`).join(', '),
                  ].join(' · ')}
                />
              </ListItem>
            ))}
          </List>
        </>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 2 }}>
        <Button variant="outlined" onClick={download}>
          {t('download')}
        </Button>
        {!nothing && (
          <Button variant="contained" color="error" onClick={onErase}>
            {t('erase')}
          </Button>
        )}
      </Box>
    </Paper>
  );
}

/**
 * /privacy-requests (admin): access and erasure on request (AVG/GDPR articles 15 and 17, DESIGN §4b).
 * The admin enters the address, sees what is held and the appointments ahead, downloads it as one JSON
 * document, or confirms the erasure (decision 0375).
 */
export default function PrivacyRequestsPage() {
  const { t } = useTranslation(['privacy', 'validation', 'common']);
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [lookUp, looked] = useLazyPrivacyExportQuery();
  const [erase, erasing] = useErasePrivacyMutation();
  const [confirming, setConfirming] = useState(false);
  const [erased, setErased] = useState<{ email: string; result: PrivacyEraseResult } | null>(null);
  const [shown, setShown] = useState<string | null>(null);
  const held = shown !== null && looked.data?.email === shown ? looked.data : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = privacyExportQuerySchema.shape.email.safeParse(email);
    if (!parsed.success) return setFieldError(parsed.error.issues[0]?.message ?? 'invalid_email');
    setFieldError(null);
    setErased(null);
    const address = parsed.data.toLowerCase();
    setShown(address);
    await lookUp(address);
  };

  const confirmErase = async () => {
    if (!held) return;
    const result = await erase(held.email);
    setConfirming(false);
    if ('data' in result && result.data) {
      setErased({ email: held.email, result: result.data });
      setShown(null);
      setEmail('');
    }
  };

  const summary = held?.summary;
  return (
    <PageFrame title={t('title')} maxWidth={800}>
      <Typography color="text.secondary">{t('intro')}</Typography>
      <Box
        component="form"
        noValidate
        onSubmit={submit}
        aria-label={t('form_label')}
        sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap', mt: 2 }}
      >
        <TextField
          label={t('email')}
          type="email"
          autoComplete="off"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={fieldError !== null}
          helperText={fieldError ? t(`validation:${fieldError}`) : ' '}
          sx={{ flex: '1 1 260px' }}
        />
        <Button type="submit" variant="contained" size="large" disabled={looked.isFetching}>
          {t('look_up')}
        </Button>
      </Box>
      <Box aria-live="polite">
        {looked.isFetching && <Typography sx={{ mt: 2 }}>{t('common:loading')}</Typography>}
        {!looked.isFetching && looked.isError && shown !== null && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {errorText(looked.error, t)}
          </Alert>
        )}
        {erasing.isError && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {errorText(erasing.error, t)}
          </Alert>
        )}
        {erased && (
          <Alert severity="success" sx={{ mt: 2 }}>
            {erasureSentence(t, erased.email, erased.result)}
          </Alert>
        )}
        {held && !looked.isFetching && <Held held={held} onErase={() => setConfirming(true)} />}
      </Box>
      {held && summary && (
        <ConfirmDialog
          open={confirming}
          title={t('confirm.title', { email: held.email })}
          text={[
            t('confirm.cancelled', { count: summary.upcoming }),
            t('confirm.anonymised', { count: summary.appointments }),
            summary.account ? t('confirm.account') : '',
            t('confirm.final'),
          ]
            .filter(Boolean)
            .join(' ')}
          confirmLabel={t('confirm.button')}
          busy={erasing.isLoading}
          onConfirm={() => void confirmErase()}
          onClose={() => setConfirming(false)}
        />
      )}
    </PageFrame>
  );
}
