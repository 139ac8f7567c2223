import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { accountRoleOf, type User } from '@balie/shared';
import { formatShortDate, formatTime } from '../../../lib/dates';

/** Columns a phone has no room for: their content folds into the name's cell there. */
export const EMAIL_COLUMN = { display: { xs: 'none', md: 'table-cell' }, overflowWrap: 'anywhere' } as const;
export const ROLES_COLUMN = { display: { xs: 'none', sm: 'table-cell' } } as const;
/**
 * The access review's columns (decision 0363): two-step sign-in from sm up, the last sign-in from lg up,
 * the creation from xl up (the CSV has it always).
 */
export const MFA_COLUMN = ROLES_COLUMN;
export const DATE_COLUMN = { display: { xs: 'none', lg: 'table-cell' }, whiteSpace: 'nowrap' } as const;
export const CREATED_COLUMN = { ...DATE_COLUMN, display: { xs: 'none', xl: 'table-cell' } } as const;

/** A moment of the access review as a short date and time in the provider's zone; `never` when null. */
function Moment({ at, never }: { at: string | null | undefined; never: string }) {
  return <>{at ? `${formatShortDate(at)} ${formatTime(at)}` : never}</>;
}

/** Two-step sign-in on or off; `labelled` says what is on or off where no column header does. */
function MfaChip({ on, labelled = false }: { on: boolean; labelled?: boolean }) {
  const { t } = useTranslation('users');
  const state = t(on ? 'review.mfa_on' : 'review.mfa_off');
  return (
    <Chip
      size="small"
      variant="outlined"
      color={on ? 'success' : 'default'}
      label={labelled ? t('review.mfa_labelled', { state: state.toLowerCase() }) : state}
    />
  );
}

/** The account's role (user, staff or admin), and developer beside it for a developer. */
function RoleChips({ roles }: { roles: User['roles'] }) {
  const { t } = useTranslation('users');
  const shown = [accountRoleOf(roles), ...(roles.includes('ROLE_DEVELOPER') ? ['ROLE_DEVELOPER'] : [])];
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
      {shown.map((r) => (
        <Chip key={r} size="small" label={t(`role.${r}`)} color={r === 'ROLE_USER' ? 'default' : 'primary'} />
      ))}
    </Box>
  );
}

/**
 * One account: name (and on a phone its e-mail, role, two-step sign-in and last sign-in), role, two-step
 * sign-in, last sign-in and creation (the access review), and what an admin can do with it.
 */
export function UserRow({
  user: u,
  self,
  onRole,
  onDelete,
  onResetMfa,
}: {
  user: User;
  self: boolean;
  onRole: () => void;
  onDelete: () => void;
  onResetMfa: () => void;
}) {
  const { t } = useTranslation(['users', 'common']);
  const never = t('review.never');
  return (
    <TableRow>
      <TableCell sx={{ overflowWrap: 'anywhere' }}>
        {u.fullName}
        {self && ` (${t('you')})`}
        <Box sx={{ display: { xs: 'block', md: 'none' }, color: 'text.secondary', fontSize: '0.875rem' }}>
          {u.email}
        </Box>
        <Box sx={{ display: { xs: 'flex', sm: 'none' }, flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
          <RoleChips roles={u.roles} />
          <MfaChip on={u.mfaEnabled} labelled />
        </Box>
        <Box sx={{ display: { xs: 'block', lg: 'none' }, color: 'text.secondary', fontSize: '0.875rem' }}>
          {t('review.last_login')}: <Moment at={u.lastLoginAt} never={never} />
        </Box>
      </TableCell>
      <TableCell sx={EMAIL_COLUMN}>{u.email}</TableCell>
      <TableCell sx={ROLES_COLUMN}>
        <RoleChips roles={u.roles} />
      </TableCell>
      <TableCell sx={MFA_COLUMN}>
        <MfaChip on={u.mfaEnabled} />
      </TableCell>
      <TableCell sx={DATE_COLUMN}>
        <Moment at={u.lastLoginAt} never={never} />
      </TableCell>
      <TableCell sx={CREATED_COLUMN}>
        <Moment at={u.createdAt} never="" />
      </TableCell>
      {/* As narrow as its buttons, so the name and e-mail get the rest of a phone's width. */}
      <TableCell align="right" sx={{ width: '1%', whiteSpace: 'nowrap' }}>
        <Box
          sx={{
            display: 'flex',
            flexDirection: { xs: 'column', sm: 'row' },
            alignItems: 'flex-end',
            justifyContent: 'flex-end',
            gap: { xs: 0.5, sm: 1 },
          }}
        >
          <Button
            size="small"
            onClick={onRole}
            aria-label={t('action_label', { action: t('change_role'), name: u.fullName })}
          >
            {t('change_role')}
          </Button>
          {u.mfaEnabled && !self && (
            <Button
              size="small"
              onClick={onResetMfa}
              aria-label={t('action_label', { action: t('review.reset'), name: u.fullName })}
            >
              {t('review.reset')}
            </Button>
          )}
          <Button
            size="small"
            color="error"
            onClick={onDelete}
            aria-label={t('action_label', { action: t('common:action.delete'), name: u.fullName })}
          >
            {t('common:action.delete')}
          </Button>
        </Box>
      </TableCell>
    </TableRow>
  );
}
