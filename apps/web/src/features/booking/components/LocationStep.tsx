import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { addressOf, type AvailableLocations } from '@balie/shared';
import { InlineLoading } from '../../../components/InlineLoading';
import { formatDate } from '../../../lib/dates';
import { useAppDispatch, useAppSelector } from '../../../lib/store/hooks';
import { useGetAvailableLocationsQuery } from '../api/locationsApi';
import { locationChosen, selectDraft, stepChanged } from '../store/draftSlice';
import { StepHeading } from './StepHeading';

/** The radio value of "earliest anywhere" (no location: every location counts). */
const ANYWHERE = 'anywhere';

interface Choice {
  value: string;
  name: string;
  address?: string;
  notice?: string;
  firstAvailableDate: string | null;
}

/** "Earliest anywhere" first, then every location that serves the products, in location order. */
function choicesOf(places: AvailableLocations, anywhere: string): Choice[] {
  const days = places.flatMap((p) => (p.firstAvailableDate ? [p.firstAvailableDate] : [])).sort();
  return [
    { value: ANYWHERE, name: anywhere, firstAvailableDate: days[0] ?? null },
    ...places.map(({ location, firstAvailableDate }) => ({
      value: String(location.id),
      name: location.name,
      address: addressOf(location),
      notice: location.notice,
      firstAvailableDate,
    })),
  ];
}

/**
 * Step 2 when the chosen products are served at more than one location (DESIGN §4b): each location with
 * its address, notice and earliest free day, "earliest anywhere" first. A location without a free day in
 * the booking window cannot be chosen (its calendar would be empty).
 */
export function LocationStep() {
  const { t, i18n } = useTranslation('booking');
  const dispatch = useAppDispatch();
  const draft = useAppSelector(selectDraft);
  const places = useGetAvailableLocationsQuery({ appointmentItems: draft.appointmentItems });
  const id = useId();
  const value = draft.locationId === null ? ANYWHERE : String(draft.locationId);
  const choices = places.data ? choicesOf(places.data, t('location.anywhere')) : [];
  const chosen = choices.find((c) => c.value === value);
  const canGoOn = chosen !== undefined && chosen.firstAvailableDate !== null;

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <StepHeading>{t('location.heading')}</StepHeading>
      {places.isLoading ? (
        <InlineLoading text={t('location.loading')} />
      ) : places.isError ? (
        <Alert severity="error">{t('errors.generic')}</Alert>
      ) : (
        <RadioGroup
          aria-label={t('location.heading')}
          value={value}
          onChange={(e) =>
            dispatch(locationChosen(e.target.value === ANYWHERE ? null : Number(e.target.value)))
          }
          sx={{ display: 'grid', gap: 1.5 }}
        >
          {choices.map((c) => {
            const nameId = `${id}-${c.value}-name`;
            const detailsId = `${id}-${c.value}-details`;
            const full = c.firstAvailableDate === null;
            return (
              <Paper
                key={c.value}
                component="label"
                variant="outlined"
                sx={{
                  p: 2,
                  display: 'flex',
                  gap: 1.5,
                  alignItems: 'flex-start',
                  cursor: full ? 'default' : 'pointer',
                  borderColor: c.value === value ? 'primary.main' : undefined,
                  borderWidth: c.value === value ? 2 : 1,
                }}
              >
                <Radio
                  value={c.value}
                  disabled={full}
                  slotProps={{ input: { 'aria-labelledby': nameId, 'aria-describedby': detailsId } }}
                  sx={{ mt: -1, ml: -1 }}
                />
                <Box>
                  <Typography id={nameId} sx={{ fontWeight: 600 }}>
                    {c.name}
                  </Typography>
                  <Box id={detailsId}>
                    {c.address && <Typography variant="body2">{c.address}</Typography>}
                    {c.notice && (
                      <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-line' }}>
                        {c.notice}
                      </Typography>
                    )}
                    <Typography variant="body2" sx={{ mt: 0.5 }}>
                      {full
                        ? t('location.noFreeDay')
                        : t('location.firstDay', {
                            date: formatDate(c.firstAvailableDate ?? '', i18n.language),
                          })}
                    </Typography>
                  </Box>
                </Box>
              </Paper>
            );
          })}
        </RadioGroup>
      )}
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Button onClick={() => dispatch(stepChanged('products'))}>{t('nav.back')}</Button>
        <Button
          variant="contained"
          size="large"
          disabled={!canGoOn}
          onClick={() => dispatch(stepChanged('time'))}
        >
          {t('location.next')}
        </Button>
      </Box>
    </Box>
  );
}
