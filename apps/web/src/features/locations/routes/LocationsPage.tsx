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
import { addressOf } from '@balie/shared';
import { ActiveChip } from '../../../components/ActiveChip';
import { PageFrame } from '../../../components/PageFrame';
import { QueryState } from '../../../components/QueryState';
import { useGetDesksQuery } from '../../../components/desks/deskListApi';
import { useGetAllLocationsQuery } from '../api';

/** /locations (admin): every location in its order with address, number of desks and state; a new one. */
export default function LocationsPage() {
  const { t } = useTranslation('locations');
  const { data, error, isLoading } = useGetAllLocationsQuery();
  // The desk count comes from the desk list; while it loads (or if it fails) the column says nothing.
  const desks = useGetDesksQuery().data;
  const deskCount = (id: number) => (desks ? String(desks.filter((d) => d.locationId === id).length) : '');
  return (
    <PageFrame
      title={t('title')}
      maxWidth={1000}
      actions={
        <Button component={RouterLink} to="/locations/new" variant="contained" startIcon={<Add />}>
          {t('new')}
        </Button>
      }
    >
      <QueryState data={data} error={error} isLoading={isLoading} empty={t('empty')}>
        {(locations) => (
          <TableContainer component={Paper} variant="outlined">
            <Table aria-label={t('title')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('field.name')}</TableCell>
                  <TableCell>{t('address')}</TableCell>
                  <TableCell align="right">{t('desks')}</TableCell>
                  <TableCell>{t('status')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {locations.map((location) => (
                  <TableRow key={location.id}>
                    <TableCell>
                      <Link component={RouterLink} to={`/location/${location.id}`}>
                        {location.name}
                      </Link>
                    </TableCell>
                    <TableCell>{addressOf(location) || '—'}</TableCell>
                    <TableCell align="right">{deskCount(location.id)}</TableCell>
                    <TableCell>
                      <ActiveChip active={location.active} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </QueryState>
    </PageFrame>
  );
}
