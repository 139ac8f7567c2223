import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import EventBusy from '@mui/icons-material/EventBusy';
import { useTranslation } from 'react-i18next';
import type { CreateClosureRequest, GlobalClosure } from '@balie/shared';
import { QueryState } from '../QueryState';
import { Section } from '../Section';
import { useScheduleChange } from '../affected/useScheduleChange';
import { NativeSelectField } from '../form/NativeSelectField';
import { ClosureForm } from './ClosureForm';
import { HolidaysDialog } from './HolidaysDialog';
import { ClosureList } from './ClosureList';
import { useCreateClosureMutation, useDeleteClosureMutation, useGetClosuresQuery } from './closuresApi';

/**
 * Closures of more than one desk (GET/POST /closures, DELETE /closure/{id}): without `locationId` every
 * such closure, each named by `scopeOf` (the desk list: "all locations" or the location's name), and
 * new ones close every desk or, with `locations` to pick from, the chosen location's desks; with it only
 * that location's, and new ones close that location's desks. New ones are one day, a range of days, or
 * public holidays picked from a list (decision 0433).
 */
export function SharedClosures({
  title,
  locationId,
  scopeOf,
  locations,
}: {
  title: string;
  locationId?: number;
  scopeOf?: (closure: GlobalClosure) => string | undefined;
  locations?: ReadonlyArray<{ id: number; name: string }>;
}) {
  const { t } = useTranslation(['desks', 'common']);
  const { data, error, isLoading } = useGetClosuresQuery();
  const [createClosure] = useCreateClosureMutation();
  const [deleteClosure] = useDeleteClosureMutation();
  const { change, report, dialog } = useScheduleChange();
  const [picked, setPicked] = useState<number | null>(null);
  const [holidays, setHolidays] = useState(false);
  const shown = data && (locationId === undefined ? data : data.filter((c) => c.locationId === locationId));
  /** The location new closures are for: the page's, the picked one, or none (every desk). */
  const target = locationId ?? picked;
  const create = async (body: Omit<CreateClosureRequest, 'locationId' | 'affectedAppointments'>) =>
    report(
      await change((affectedAppointments) =>
        createClosure({ ...body, ...(target !== null && { locationId: target }), affectedAppointments }),
      ),
      t('common:saved'),
    );
  return (
    <Section title={title}>
      <QueryState data={shown} error={error} isLoading={isLoading}>
        {(closures) => (
          <ClosureList
            label={title}
            closures={closures}
            detailOf={scopeOf}
            onDelete={(index) => {
              const closure = closures[index];
              if (closure)
                void deleteClosure(closure.id).then((outcome) => report(outcome, t('common:saved')));
            }}
          />
        )}
      </QueryState>
      <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
        {t('closure.add_title')}
      </Typography>
      {locationId === undefined && locations && locations.length > 1 && (
        <NativeSelectField
          label={t('closure.scope')}
          value={picked ?? ''}
          onChange={(e) => setPicked(e.target.value === '' ? null : Number(e.target.value))}
          size="small"
          sx={{ minWidth: 240, mt: 1, mb: 1 }}
        >
          <option value="">{t('all_locations')}</option>
          {locations.map((l) => (
            <option key={l.id} value={l.id}>
              {l.name}
            </option>
          ))}
        </NativeSelectField>
      )}
      <ClosureForm range onAdd={create} />
      <Box sx={{ mt: 2 }}>
        <Button variant="outlined" startIcon={<EventBusy />} onClick={() => setHolidays(true)}>
          {t('closure.holidays')}
        </Button>
      </Box>
      {holidays && (
        <HolidaysDialog
          open
          closures={data ?? []}
          locationId={target}
          onAdd={(days) => create({ type: 'whole_day', days })}
          onClose={() => setHolidays(false)}
        />
      )}
      {dialog}
    </Section>
  );
}
