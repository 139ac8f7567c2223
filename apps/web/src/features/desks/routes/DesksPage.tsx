import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../components/PageFrame';
import { QueryState } from '../../../components/QueryState';
import { useGetDesksQuery } from '../api';
import { ActiveChip } from '../../../components/ActiveChip';

/** /front-desks (admin): the desks, read-only for now (management is a later issue). */
export default function DesksPage() {
  const { t } = useTranslation('desks');
  const { data, error, isLoading } = useGetDesksQuery();
  return (
    <PageFrame title={t('title')}>
      <Alert severity="info" sx={{ mb: 2 }}>
        {t('common:read_only_notice')}
      </Alert>
      <QueryState data={data} error={error} isLoading={isLoading} empty={t('empty')}>
        {(desks) => (
          <TableContainer component={Paper} variant="outlined">
            <Table aria-label={t('title')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('name')}</TableCell>
                  <TableCell>{t('label')}</TableCell>
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
                      <ActiveChip active={desk.active} />
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
