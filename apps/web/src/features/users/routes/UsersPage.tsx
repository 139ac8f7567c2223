import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { User } from '@balie/shared';
import { PageFrame } from '../../../components/PageFrame';
import { Pager } from '../../../components/Pager';
import { QueryState } from '../../../components/QueryState';
import { useNotify } from '../../../components/notifier/NotifierContext';
import { apiErrorOf } from '../../../lib/apiError';
import { useCurrentUser } from '../../../session/useCurrentUser';
import { useLogout } from '../../../session/useLogout';
import {
  useDeleteUserMutation,
  useDemoteUserMutation,
  useListUsersPageQuery,
  usePromoteUserMutation,
} from '../api/usersApi';
import { UserChangeDialog, type UserChange } from '../components/UserChangeDialog';
import { EMAIL_COLUMN, ROLES_COLUMN, UserRow } from '../components/UserRow';

const PAGE_SIZES = [10, 25, 50];
/** Server answers (decision 133) the screen explains in words; anything else is a generic failure. */
const KNOWN_ERRORS = ['last_admin', 'developer_only'];
const DONE = { promote: 'done.promoted', demote: 'done.demoted', delete: 'done.deleted' } as const;

/** /users (admin): accounts by e-mail with search and paging; promote, demote and delete with a confirm. */
export default function UsersPage() {
  const { t } = useTranslation('users');
  const me = useCurrentUser().user;
  const navigate = useNavigate();
  const logout = useLogout();
  const notify = useNotify();
  const [search, setSearch] = useState('');
  // Typing stays smooth; the query follows the settled text.
  const deferredSearch = useDeferredValue(search.trim());
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0] ?? 10);
  const query = useListUsersPageQuery({ page, pageSize, search: deferredSearch || undefined });
  const [pending, setPending] = useState<{ user: User; change: UserChange } | null>(null);
  const [promote, promoting] = usePromoteUserMutation();
  const [demote, demoting] = useDemoteUserMutation();
  const [remove, removing] = useDeleteUserMutation();
  const busy = promoting.isLoading || demoting.isLoading || removing.isLoading;

  async function run(confirmSelf: boolean) {
    if (!pending) return;
    const { user, change } = pending;
    const args = { id: user.id, confirmSelf };
    try {
      if (change === 'promote') await promote(args).unwrap();
      if (change === 'demote') await demote(args).unwrap();
      if (change === 'delete') await remove(args).unwrap();
      setPending(null);
      notify(t(DONE[change], { name: user.fullName }), 'success');
      // Without an account the session is over; without admin rights this page is closed to them now.
      if (user.id === me?.id) {
        if (change === 'delete') await logout();
        else await navigate('/home', { replace: true });
      }
    } catch (error) {
      setPending(null);
      const reason = apiErrorOf(error)?.errors?.[0]?.message;
      notify(reason && KNOWN_ERRORS.includes(reason) ? t(`errors.${reason}`) : t('errors.generic'), 'error');
    }
  }

  return (
    <PageFrame title={t('title')}>
      <TextField
        type="search"
        size="small"
        label={t('search')}
        value={search}
        onChange={(e) => {
          setSearch(e.target.value);
          setPage(1);
        }}
        sx={{ mb: 2, width: '100%', maxWidth: 360 }}
      />
      <QueryState
        data={query.data}
        error={query.error}
        isLoading={query.isLoading}
        empty={t('empty')}
        isEmpty={(d) => d.items.length === 0}
      >
        {(data) => (
          <Paper variant="outlined">
            <TableContainer>
              <Table aria-label={t('title')} size="small">
                <TableHead>
                  <TableRow>
                    <TableCell>{t('table.name')}</TableCell>
                    <TableCell sx={EMAIL_COLUMN}>{t('table.email')}</TableCell>
                    <TableCell sx={ROLES_COLUMN}>{t('table.roles')}</TableCell>
                    <TableCell align="right">{t('table.actions')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.items.map((u) => (
                    <UserRow
                      key={u.id}
                      user={u}
                      self={u.id === me?.id}
                      onChange={(change) => setPending({ user: u, change })}
                    />
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
            <Pager
              total={data.total}
              page={page}
              pageSize={pageSize}
              pageSizes={PAGE_SIZES}
              onPage={setPage}
              onPageSize={setPageSize}
            />
          </Paper>
        )}
      </QueryState>
      {pending && (
        <UserChangeDialog
          change={pending.change}
          name={pending.user.fullName}
          self={pending.user.id === me?.id}
          busy={busy}
          onConfirm={run}
          onClose={() => setPending(null)}
        />
      )}
    </PageFrame>
  );
}
