import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { DAY_PARTS, type Statistics, type WalkInSuggestion } from '@balie/shared';
import { useScheduleChange } from '../../../components/affected/useScheduleChange';
import { useApplyWalkInShareMutation } from '../api';

/**
 * The walk-in share suggested per desk and day part from the last eight weeks, each with the sentence
 * that says how it came to it; "Apply" sends the desk's overflow with that part changed through the
 * normal desk change, so bookings it would strand are listed first.
 */
export function Suggestions({ data }: { data: Statistics }) {
  const { t, i18n } = useTranslation('statistics');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const [apply, applying] = useApplyWalkInShareMutation();
  const { change, report, dialog } = useScheduleChange();
  const number = (n: number) => n.toLocaleString(language, { maximumFractionDigits: 1 });

  const reason = (s: WalkInSuggestion) =>
    t('suggestion.reason', {
      part: t(`part_in.${s.dayPart}`),
      walkIns: number(s.walkInsPerDay),
      walkInMinutes: number(s.walkInMinutesPerDay),
      noShow: s.noShowRate === null ? '—' : number(s.noShowRate * 100),
      noShowMinutes: number(s.noShowMinutesPerDay),
      open: number(s.openMinutesPerDay),
      count: s.days,
    });

  const onApply = async (s: WalkInSuggestion) => {
    const desk = data.suggestions.filter((x) => x.desk.id === s.desk.id);
    const overflow = Object.fromEntries(
      DAY_PARTS.map((part) => [part, desk.find((x) => x.dayPart === part)?.current ?? 0]),
    ) as Record<(typeof DAY_PARTS)[number], number>;
    overflow[s.dayPart] = s.suggested;
    const outcome = await change((decision) =>
      apply({ id: s.desk.id, overflow, ...(decision ? { affectedAppointments: decision } : {}) }),
    );
    report(
      outcome,
      t('suggestion.applied', { desk: s.desk.name, part: t(`part.${s.dayPart}`), percent: s.suggested }),
    );
  };

  const applyButton = (s: WalkInSuggestion) => (
    <Button
      size="small"
      variant="outlined"
      disabled={applying.isLoading || s.suggested === s.current}
      onClick={() => void onApply(s)}
      aria-label={t('suggestion.apply_to', {
        desk: s.desk.name,
        part: t(`part.${s.dayPart}`),
        percent: s.suggested,
      })}
    >
      {s.suggested === s.current ? t('suggestion.in_use') : t('suggestion.apply')}
    </Button>
  );

  return (
    <Paper variant="outlined" component="section" aria-labelledby="suggestions-title" sx={{ p: 2 }}>
      <Typography id="suggestions-title" variant="h6" component="h2">
        {t('suggestion.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('suggestion.description')}
      </Typography>
      {data.suggestions.length === 0 ? (
        <Alert severity="info">{t('suggestion.none')}</Alert>
      ) : (
        <>
          {/* Phones: one block per suggestion (a six-column table does not fit 390 px). */}
          <Box component="ul" sx={{ display: { xs: 'block', md: 'none' }, listStyle: 'none', p: 0, m: 0 }}>
            {data.suggestions.map((s) => (
              <Box
                component="li"
                key={`${s.desk.id}-${s.dayPart}`}
                sx={{ py: 1.5, borderTop: 1, borderColor: 'divider' }}
              >
                <Typography variant="subtitle2" component="p">
                  {s.desk.name}, {t(`part.${s.dayPart}`)}: {t('suggestion.current')} {s.current}% →{' '}
                  {t('suggestion.suggested')} {s.suggested}%
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ my: 0.5 }}>
                  {reason(s)}
                </Typography>
                {applyButton(s)}
              </Box>
            ))}
          </Box>
          <Table
            size="small"
            aria-labelledby="suggestions-title"
            sx={{ display: { xs: 'none', md: 'table' }, '& td, & th': { verticalAlign: 'top' } }}
          >
            <TableHead>
              <TableRow>
                <TableCell>{t('desk')}</TableCell>
                <TableCell>{t('day_part')}</TableCell>
                <TableCell align="right">{t('suggestion.current')}</TableCell>
                <TableCell align="right">{t('suggestion.suggested')}</TableCell>
                <TableCell>{t('suggestion.why')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {data.suggestions.map((s) => (
                <TableRow key={`${s.desk.id}-${s.dayPart}`}>
                  <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                    {s.desk.name}
                  </TableCell>
                  <TableCell>{t(`part.${s.dayPart}`)}</TableCell>
                  <TableCell align="right">{s.current}%</TableCell>
                  <TableCell align="right">
                    <strong>{s.suggested}%</strong>
                  </TableCell>
                  <TableCell>{reason(s)}</TableCell>
                  <TableCell align="right">{applyButton(s)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </>
      )}
      {dialog}
    </Paper>
  );
}
