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
import { ACCOUNT_ROLES, accountRoleOf, type AccountRole, type User } from '@balie/shared';
import { PageFrame } from '../../../components/PageFrame';
import { Pager } from '../../../components/Pager';
import { QueryState } from '../../../components/QueryState';
import { useNotify } from '../../../components/notifier/NotifierContext';
import { apiErrorOf } from '../../../lib/apiError';
import { useCurrentUser } from '../../../session/useCurrentUser';
import { useLogout } from '../../../session/useLogout';
import Button from '@mui/material/Button';
import PersonAddOutlined from '@mui/icons-material/PersonAddOutlined';
import { useDeleteUserMutation, useListUsersPageQuery, useSetUserRoleMutation } from '../api/usersApi';
import { DeleteUserDialog } from '../components/DeleteUserDialog';
import { InvitationsSection } from '../components/InvitationsSection';
import { InviteDialog } from '../components/InviteDialog';
import { RoleDialog } from '../components/RoleDialog';
import { EMAIL_COLUMN, ROLES_COLUMN, UserRow } from '../components/UserRow';

const PAGE_SIZES = [10, 25, 50];
/** Server answers (decision 133) the screen explains in words; anything else is a generic failure. */
const KNOWN_ERRORS = ['last_admin', 'developer_only'];

/**
 * /users (admin): invite a colleague and the open invitations (decision 0311); accounts by e-mail with
 * search and paging; choose a role (user, staff, admin) and delete, each with a confirm.
 */
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
  const [pending, setPending] = useState<{ user: User; change: 'role' | 'delete' } | null>(null);
  const [inviting, setInviting] = useState(false);
  const [setRole, settingRole] = useSetUserRoleMutation();
  const [remove, removing] = useDeleteUserMutation();
  const busy = settingRole.isLoading || removing.isLoading;

  /** Runs the change; about one's own account, then leaves a page that is closed to them now. */
  async function run(change: Promise<unknown>, done: string, leaves: 'logout' | 'home' | null) {
    try {
      await change;
      setPending(null);
      notify(done, 'success');
      if (leaves === 'logout') await logout();
      if (leaves === 'home') await navigate('/home', { replace: true });
    } catch (error) {
      setPending(null);
      const reason = apiErrorOf(error)?.errors?.[0]?.message;
      notify(reason && KNOWN_ERRORS.includes(reason) ? t(`errors.${reason}`) : t('errors.generic'), 'error');
    }
  }

  function changeRole(user: User, role: AccountRole, confirmSelf: boolean) {
    const raise = ACCOUNT_ROLES.indexOf(role) > ACCOUNT_ROLES.indexOf(accountRoleOf(user.roles));
    const self = user.id === me?.id;
    const done = t(`done.role.${role}`, { name: user.fullName });
    void run(
      setRole({ id: user.id, role, raise, confirmSelf }).unwrap(),
      done,
      self && role !== 'ROLE_ADMIN' ? 'home' : null,
    );
  }

  function deleteUser(user: User, confirmSelf: boolean) {
    const self = user.id === me?.id;
    void run(
      remove({ id: user.id, confirmSelf }).unwrap(),
      t('done.deleted', { name: user.fullName }),
      self ? 'logout' : null,
    );
  }

  return (
    <PageFrame
      title={t('title')}
      actions={
        <Button variant="contained" startIcon={<PersonAddOutlined />} onClick={() => setInviting(true)}>
          {t('invite.open')}
        </Button>
      }
    >
      <InvitationsSection />
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
                      onRole={() => setPending({ user: u, change: 'role' })}
                      onDelete={() => setPending({ user: u, change: 'delete' })}
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
      {pending?.change === 'role' && (
        <RoleDialog
          name={pending.user.fullName}
          current={accountRoleOf(pending.user.roles)}
          self={pending.user.id === me?.id}
          busy={busy}
          onConfirm={(role, confirmSelf) => changeRole(pending.user, role, confirmSelf)}
          onClose={() => setPending(null)}
        />
      )}
      {pending?.change === 'delete' && (
        <DeleteUserDialog
          name={pending.user.fullName}
          self={pending.user.id === me?.id}
          busy={busy}
          onConfirm={(confirmSelf) => deleteUser(pending.user, confirmSelf)}
          onClose={() => setPending(null)}
        />
      )}
      {inviting && (
        <InviteDialog
          onInvited={(invitation) => {
            setInviting(false);
            notify(t('invite.sent', { email: invitation.email }), 'success');
          }}
          onClose={() => setInviting(false)}
        />
      )}
    </PageFrame>
  );
}
