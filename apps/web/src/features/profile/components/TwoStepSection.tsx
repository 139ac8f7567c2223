import { useId, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { User } from '@balie/shared';
import { OneTimeCodeField } from '../../../components/form/OneTimeCodeField';
import { useNotify } from '../../../components/notifier/NotifierContext';
import { Section } from '../../../components/Section';
import { apiErrorOf } from '../../../lib/apiError';
import { useTurnOffMfaMutation } from '../../../session/mfaApi';
import { TWO_STEP_SETUP_PATH } from '../../../session/useMfaSetupRequired';

/** Turning two-step sign-in off asks for a current code (or a recovery code): a stolen session cannot. */
function TurnOffDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const { t } = useTranslation(['profile', 'common']);
  const notify = useNotify();
  const titleId = useId();
  const textId = useId();
  const [turnOff, { isLoading }] = useTurnOffMfaMutation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setError(t('two_step.code_required'));
    const result = await turnOff({ id: user.id, code: code.trim() });
    if (!result.error) {
      notify(t('two_step.turned_off'), 'success');
      return onClose();
    }
    const answer = apiErrorOf(result.error);
    setCode('');
    if (answer?.code === 'mfa_blocked') return setError(t('two_step.blocked'));
    if (answer?.status === 429) return setError(t('common:general.too_many_requests'));
    if (answer?.status === 400) return setError(t('two_step.wrong_code'));
    notify(t('common:general.error'), 'error');
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} aria-describedby={textId}>
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{t('two_step.off_title')}</DialogTitle>
        <DialogContent>
          <DialogContentText id={textId}>{t('two_step.off_text')}</DialogContentText>
          <OneTimeCodeField
            value={code}
            onChange={(value) => {
              setCode(value);
              setError(null);
            }}
            label={t('two_step.off_code_label')}
            error={error}
            kind="either"
            autoFocus
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common:action.cancel')}</Button>
          <Button type="submit" color="error" variant="contained" disabled={isLoading}>
            {t('two_step.off_confirm')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** The profile's part about two-step sign-in: on or off, and the way to change that (DESIGN §5). */
export function TwoStepSection({ user }: { user: User }) {
  const { t } = useTranslation('profile');
  const [turningOff, setTurningOff] = useState(false);
  return (
    <Section title={t('two_step.title')}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <Chip
          size="small"
          color={user.mfaEnabled ? 'success' : 'default'}
          label={t(user.mfaEnabled ? 'two_step.on' : 'two_step.off')}
        />
      </Box>
      <Typography sx={{ mb: 2 }}>
        {t(user.mfaEnabled ? 'two_step.on_text' : 'two_step.off_text_status')}
      </Typography>
      {user.mfaEnabled ? (
        <Button variant="outlined" color="error" onClick={() => setTurningOff(true)}>
          {t('two_step.turn_off')}
        </Button>
      ) : (
        <Button variant="contained" component={RouterLink} to={TWO_STEP_SETUP_PATH}>
          {t('two_step.turn_on')}
        </Button>
      )}
      {turningOff && <TurnOffDialog user={user} onClose={() => setTurningOff(false)} />}
    </Section>
  );
}
