import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { GlobalClosure } from '@balie/shared';
import { QueryState } from '../QueryState';
import { Section } from '../Section';
import { useScheduleChange } from '../affected/useScheduleChange';
import { ClosureForm } from './ClosureForm';
import { ClosureList } from './ClosureList';
import { useCreateClosureMutation, useDeleteClosureMutation, useGetClosuresQuery } from './closuresApi';

/**
 * Closures of more than one desk (GET/POST /closures, DELETE /closure/{id}): without `locationId` every
 * such closure, each named by `scopeOf` (the desk list: "all locations" or the location's name), and
 * new ones close every desk; with it only that location's, and new ones close that location's desks.
 */
export function SharedClosures({
  title,
  locationId,
  scopeOf,
}: {
  title: string;
  locationId?: number;
  scopeOf?: (closure: GlobalClosure) => string | undefined;
}) {
  const { t } = useTranslation(['desks', 'common']);
  const { data, error, isLoading } = useGetClosuresQuery();
  const [createClosure] = useCreateClosureMutation();
  const [deleteClosure] = useDeleteClosureMutation();
  const { change, report, dialog } = useScheduleChange();
  const shown = data && (locationId === undefined ? data : data.filter((c) => c.locationId === locationId));
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
      <ClosureForm
        onAdd={async (closure) =>
          report(
            await change((affectedAppointments) =>
              createClosure({ ...closure, ...(locationId && { locationId }), affectedAppointments }),
            ),
            t('common:saved'),
          )
        }
      />
      {dialog}
    </Section>
  );
}
