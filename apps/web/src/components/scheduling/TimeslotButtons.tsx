import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Timeslot } from '@balie/shared';
import { formatTime } from '../../lib/dates';
import { groupSlotsByDayPart, sameInstant } from './groupSlots';

interface Props {
  slots: readonly Timeslot[];
  /** beginTime of the slot shown as chosen. */
  selected: string | null;
  onSelect: (slot: Timeslot) => void;
  /** While a hold is being made every button waits, so a double click makes one hold. */
  disabled?: boolean;
}

/** Slot starts as HH:mm buttons (Amsterdam time), grouped by morning, afternoon and evening (spec §2). */
export function TimeslotButtons({ slots, selected, onSelect, disabled = false }: Props) {
  const { t } = useTranslation('booking');
  const baseId = useId();
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {groupSlotsByDayPart(slots).map(({ part, slots: partSlots }) => (
        <Box component="section" key={part} aria-labelledby={`${baseId}-${part}`}>
          <Typography id={`${baseId}-${part}`} component="h4" variant="subtitle2" sx={{ mb: 1 }}>
            {t(`dayParts.${part}`)}
          </Typography>
          <Box
            component="ul"
            sx={{
              listStyle: 'none',
              m: 0,
              p: 0,
              display: 'grid',
              gap: 1,
              gridTemplateColumns: 'repeat(auto-fill, minmax(80px, 1fr))',
            }}
          >
            {partSlots.map((slot) => {
              const chosen = sameInstant(slot.beginTime, selected);
              const time = formatTime(slot.beginTime);
              return (
                <li key={slot.beginTime}>
                  <Button
                    fullWidth
                    variant={chosen ? 'contained' : 'outlined'}
                    aria-pressed={chosen}
                    disabled={disabled}
                    onClick={() => onSelect(slot)}
                    aria-label={t('slot.label', { time, until: formatTime(slot.endTime) })}
                    sx={{ minHeight: 44, fontVariantNumeric: 'tabular-nums' }}
                  >
                    {time}
                  </Button>
                </li>
              );
            })}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
