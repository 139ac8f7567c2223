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
import {
  ACCESS_FILTERS,
  ACCOUNT_ROLES,
  accountRoleOf,
  type AccessFilter,
  type AccountRole,
  type User,
} from '@balie/shared';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { NativeSelectField } from '../../../components/form/NativeSelectField';
import { PageFrame } from '../../../components/PageFrame';
import { Pager } from '../../../components/Pager';
import { QueryState } from '../../../components/QueryState';
import { useNotify } from '../../../components/notifier/NotifierContext';
import { apiErrorOf } from '../../../lib/apiError';
import { useCurrentUser } from '../../../session/useCurrentUser';
import { useLogout } from '../../../session/useLogout';
import Button from '@mui/material/Button';
import Box from '@mui/material/Box';
import Alert from '@mui/material/Alert';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import PersonAddOutlined from '@mui/icons-material/PersonAddOutlined';
import {
  useDeleteUserMutation,
  useDownloadAccessReviewMutation,
  useListUsersPageQuery,
  useResetMfaMutation,
  useSetUserRoleMutation,
} from '../api/usersApi';
import { DeleteUserDialog } from '../components/DeleteUserDialog';
import { InvitationsSection } from '../components/InvitationsSection';
import { InviteDialog } from '../components/InviteDialog';
import { RoleDialog } from '../components/RoleDialog';
import {
  CREATED_COLUMN,
  DATE_COLUMN,
  EMAIL_COLUMN,
  MFA_COLUMN,
  ROLES_COLUMN,
  UserRow,
} from '../components/UserRow';

const PAGE_SIZES = [10, 25, 50];
/** Server answers (decision 133) the screen explains in words; anything else is a generic failure. */
const KNOWN_ERRORS = ['last_admin', 'developer_only'];

/**
 * /users (admin): invite a colleague and the open invitations (decision 0311); accounts by e-mail with
 * search and paging; choose a role (user, staff, admin) and delete, each with a confirm. The access
 * review (decision 0363): per account its role, two-step sign-in, last sign-in and creation, filters for
 * admins without two-step sign-in and accounts not signed in for 90 days, a CSV of what is shown, and
 * the reset of someone's two-step sign-in.
 */
export default function UsersPage() {
  const { t, i18n } = useTranslation('users');
  const me = useCurrentUser().user;
  const navigate = useNavigate();
  const logout = useLogout();
  const notify = useNotify();
  const [search, setSearch] = useState('');
  // Typing stays smooth; the query follows the settled text.
  const deferredSearch = useDeferredValue(search.trim());
  const [filter, setFilter] = useState<AccessFilter | ''>('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0] ?? 10);
  const review = { search: deferredSearch || undefined, filter: filter || undefined };
  const query = useListUsersPageQuery({ page, pageSize, ...review });
  const [pending, setPending] = useState<{ user: User; change: 'role' | 'delete' | 'mfa' } | null>(null);
  const [inviting, setInviting] = useState(false);
  const [setRole, settingRole] = useSetUserRoleMutation();
  const [remove, removing] = useDeleteUserMutation();
  const [resetMfa, resetting] = useResetMfaMutation();
  const [download, downloading] = useDownloadAccessReviewMutation();
  const busy = settingRole.isLoading || removing.isLoading || resetting.isLoading;

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

  function resetTwoStep(user: User) {
    void run(resetMfa(user.id).unwrap(), t('review.reset_done', { name: user.fullName }), null);
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
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 2, mb: 2 }}>
        <TextField
          type="search"
          size="small"
          label={t('search')}
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(1);
          }}
          sx={{ width: '100%', maxWidth: 360 }}
        />
        <NativeSelectField
          size="small"
          label={t('review.filter')}
          value={filter}
          onChange={(e) => {
            setFilter(e.target.value as AccessFilter | '');
            setPage(1);
          }}
          sx={{ width: '100%', maxWidth: 360 }}
        >
          <option value="">{t('review.all')}</option>
          {ACCESS_FILTERS.map((f) => (
            <option key={f} value={f}>
              {t(`review.filters.${f}`)}
            </option>
          ))}
        </NativeSelectField>
        <Button
          variant="outlined"
          startIcon={<DownloadOutlined />}
          disabled={downloading.isLoading}
          onClick={() => void download({ ...review, language: i18n.resolvedLanguage ?? i18n.language })}
          sx={{ ml: { md: 'auto' } }}
        >
          {t('review.csv')}
        </Button>
      </Box>
      <Box role="alert">
        {downloading.isError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {t('review.csv_failed')}
          </Alert>
        )}
      </Box>
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
                    <TableCell sx={MFA_COLUMN}>{t('review.mfa')}</TableCell>
                    <TableCell sx={DATE_COLUMN}>{t('review.last_login')}</TableCell>
                    <TableCell sx={CREATED_COLUMN}>{t('review.created')}</TableCell>
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
                      onResetMfa={() => setPending({ user: u, change: 'mfa' })}
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
      {pending?.change === 'mfa' && (
        <ConfirmDialog
          open
          title={t('review.reset_title', { name: pending.user.fullName })}
          text={t('review.reset_text', { name: pending.user.fullName })}
          confirmLabel={t('review.reset_confirm')}
          busy={busy}
          onConfirm={() => resetTwoStep(pending.user)}
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
