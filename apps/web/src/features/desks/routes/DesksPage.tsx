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
import Add from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import type { GlobalClosure } from '@balie/shared';
import { PageFrame } from '../../../components/PageFrame';
import { QueryState } from '../../../components/QueryState';
import { ActiveChip } from '../../../components/ActiveChip';
import { SharedClosures } from '../../../components/closures/SharedClosures';
import { useGetAllLocationsQuery } from '../../../components/locations/locationListApi';
import { useGetDesksQuery } from '../api';
import { HoursSummary } from '../components/HoursSummary';

/**
 * /front-desks (admin): the desks with location, label, opening hours and state, a new-desk action, and
 * the closures of more than one desk (every desk, or every desk of a location).
 */
export default function DesksPage() {
  const { t } = useTranslation('desks');
  const { data, error, isLoading } = useGetDesksQuery();
  const locations = useGetAllLocationsQuery().data;
  const locationName = (id: number | null) =>
    id === null ? t('all_locations') : (locations?.find((l) => l.id === id)?.name ?? '…');
  // Until a second location exists, "all locations" says nothing a closure of every desk does not.
  const scopeOf = (locations?.length ?? 0) > 1 ? (c: GlobalClosure) => locationName(c.locationId) : undefined;
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
                  <TableCell>{t('location')}</TableCell>
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
                    <TableCell>{locationName(desk.locationId)}</TableCell>
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
      <SharedClosures title={t('global_closures')} scopeOf={scopeOf} locations={locations} />
    </PageFrame>
  );
}
