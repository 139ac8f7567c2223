import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../components/PageFrame';
import { QueryState } from '../../../components/QueryState';
import { ActiveChip } from '../../../components/ActiveChip';
import {
  useCreateClosureMutation,
  useDeleteClosureMutation,
  useGetClosuresQuery,
  useGetDesksQuery,
} from '../api';
import { ClosureList } from '../../../components/closures/ClosureList';
import { Section } from '../../../components/Section';
import { ClosureForm } from '../../../components/closures/ClosureForm';
import { useScheduleChange } from '../../../components/affected/useScheduleChange';
import { HoursSummary } from '../components/HoursSummary';

/** Closures of every desk (GET/POST /closures, DELETE /closure/{id}). */
function GlobalClosures() {
  const { t } = useTranslation(['desks', 'common']);
  const { data, error, isLoading } = useGetClosuresQuery();
  const [createClosure] = useCreateClosureMutation();
  const [deleteClosure] = useDeleteClosureMutation();
  const { change, report, dialog } = useScheduleChange();
  return (
    <Section title={t('global_closures')}>
      <QueryState data={data} error={error} isLoading={isLoading}>
        {(closures) => (
          <ClosureList
            label={t('global_closures')}
            closures={closures}
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
            await change((affectedAppointments) => createClosure({ ...closure, affectedAppointments })),
            t('common:saved'),
          )
        }
      />
      {dialog}
    </Section>
  );
}

/** /front-desks (admin): the desks with label, opening hours and state, a new-desk action, closures of all desks. */
export default function DesksPage() {
  const { t } = useTranslation('desks');
  const { data, error, isLoading } = useGetDesksQuery();
  return (
    <PageFrame
      title={t('title')}
      maxWidth={1000}
      actions={
        <Button component={RouterLink} to="/front-desks/new" variant="contained" startIcon={<Add />}>
          {t('new')}
        </Button>
      }
    >
      <QueryState data={data} error={error} isLoading={isLoading} empty={t('empty')}>
        {(desks) => (
          <TableContainer component={Paper} variant="outlined" sx={{ mb: 3 }}>
            <Table aria-label={t('title')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('name')}</TableCell>
                  <TableCell>{t('label')}</TableCell>
                  <TableCell>{t('hours.column')}</TableCell>
                  <TableCell>{t('status')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {desks.map((desk) => (
                  <TableRow key={desk.id}>
                    <TableCell>
                      <Link component={RouterLink} to={`/front-desk/${desk.id}`}>
                        {desk.name}
                      </Link>
                    </TableCell>
                    <TableCell>{desk.label ?? '—'}</TableCell>
                    <TableCell>
                      <HoursSummary hours={desk.openingHours} />
                    </TableCell>
                    <TableCell>
                      <ActiveChip active={desk.active} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </QueryState>
      <GlobalClosures />
    </PageFrame>
  );
}
