import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../../lib/dates';
import { useCheckInByCodeMutation } from '../../api/todayApi';
import { visitorName } from '../../status';
import { refusalOf } from './checkInAnswer';

type Outcome = { ok: true; text: string } | { ok: false; text: string };

/**
 * A typed or scanned check-in code (hand scanners type the code and then Enter). The answer is read out
 * (live region) and the field is emptied and keeps focus, ready for the next visitor.
 */
export function CheckInCodeField() {
  const { t } = useTranslation('appointments');
  const [code, setCode] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [checkIn, { isLoading }] = useCheckInByCodeMutation();
  const input = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const typed = code.trim();
    if (!typed || isLoading) return;
    try {
      const a = await checkIn({ code: typed }).unwrap();
      setOutcome({
        ok: true,
        text: t('today.code.done', { name: visitorName(a), time: formatTime(a.fromDateTime) }),
      });
    } catch (error) {
      setOutcome({ ok: false, text: t(`today.code.${refusalOf(error)}`, { code: typed }) });
    }
    setCode('');
    input.current?.focus();
  }

  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ display: 'grid', gap: 1 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <TextField
          inputRef={input}
          label={t('today.code.label')}
          helperText={t('today.code.help')}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          autoComplete="off"
          size="small"
          slotProps={{ htmlInput: { autoCapitalize: 'characters', spellCheck: false, maxLength: 40 } }}
          sx={{ flex: '1 1 14rem', maxWidth: 360 }}
        />
        <Button type="submit" variant="contained" disabled={isLoading}>
          {t('actions.checkIn')}
        </Button>
      </Box>
      <Box role="status" aria-live="polite">
        {outcome && <Alert severity={outcome.ok ? 'success' : 'error'}>{outcome.text}</Alert>}
      </Box>
    </Box>
  );
}
