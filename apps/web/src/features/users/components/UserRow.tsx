import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { accountRoleOf, type User } from '@balie/shared';

/** Columns a phone has no room for: their content folds into the name's cell there. */
export const EMAIL_COLUMN = { display: { xs: 'none', md: 'table-cell' }, overflowWrap: 'anywhere' } as const;
export const ROLES_COLUMN = { display: { xs: 'none', sm: 'table-cell' } } as const;

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

/** One account: name (and on a phone its e-mail and role), role, and what an admin can do with it. */
export function UserRow({
  user: u,
  self,
  onRole,
  onDelete,
}: {
  user: User;
  self: boolean;
  onRole: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation(['users', 'common']);
  return (
    <TableRow>
      <TableCell sx={{ overflowWrap: 'anywhere' }}>
        {u.fullName}
        {self && ` (${t('you')})`}
        <Box sx={{ display: { xs: 'block', md: 'none' }, color: 'text.secondary', fontSize: '0.875rem' }}>
          {u.email}
        </Box>
        <Box sx={{ display: { xs: 'block', sm: 'none' }, mt: 0.5 }}>
          <RoleChips roles={u.roles} />
        </Box>
      </TableCell>
      <TableCell sx={EMAIL_COLUMN}>{u.email}</TableCell>
      <TableCell sx={ROLES_COLUMN}>
        <RoleChips roles={u.roles} />
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
