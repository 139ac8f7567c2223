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
  /** Its location, where the slots are at several locations (the same time may be free at two). */
  selectedLocationId?: number | null;
  onSelect: (slot: Timeslot) => void;
  /** While a hold is being made every button waits, so a double click makes one hold. */
  disabled?: boolean;
}

/**
 * Slot starts as HH:mm buttons (Amsterdam time), grouped by morning, afternoon and evening (spec §2). When
 * the slots are at more than one location ("earliest anywhere", DESIGN §4b), each names its location.
 */
export function TimeslotButtons({ slots, selected, selectedLocationId, onSelect, disabled = false }: Props) {
  const { t } = useTranslation('booking');
  const baseId = useId();
  const several = new Set(slots.map((s) => s.desk.location.id)).size > 1;
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
              gridTemplateColumns: `repeat(auto-fill, minmax(${several ? 140 : 80}px, 1fr))`,
            }}
          >
            {partSlots.map((slot) => {
              const location = slot.desk.location;
              const chosen =
                sameInstant(slot.beginTime, selected) &&
                (!several || selectedLocationId == null || selectedLocationId === location.id);
              const time = formatTime(slot.beginTime);
              const until = formatTime(slot.endTime);
              return (
                <li key={`${slot.beginTime} ${location.id}`}>
                  <Button
                    fullWidth
                    variant={chosen ? 'contained' : 'outlined'}
                    aria-pressed={chosen}
                    disabled={disabled}
                    onClick={() => onSelect(slot)}
                    aria-label={
                      several
                        ? t('slot.labelAt', { time, until, location: location.name })
                        : t('slot.label', { time, until })
                    }
                    sx={{
                      minHeight: 44,
                      fontVariantNumeric: 'tabular-nums',
                      flexDirection: 'column',
                      lineHeight: 1.2,
                    }}
                  >
                    {time}
                    {several && (
                      <Box component="span" sx={{ fontSize: '0.75rem', textTransform: 'none' }}>
                        {location.name}
                      </Box>
                    )}
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
