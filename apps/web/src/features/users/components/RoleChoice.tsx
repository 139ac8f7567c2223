import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountRole } from '@balie/shared';

/** Radio buttons for a role, each saying what that role may do (the role dialog and the invitation). */
export function RoleChoice<R extends AccountRole>({
  label,
  roles,
  value,
  onChange,
}: {
  label: string;
  roles: readonly R[];
  value: R;
  onChange: (role: R) => void;
}) {
  const { t } = useTranslation('users');
  const labelId = useId();
  return (
    <FormControl sx={{ mt: 1 }}>
      <FormLabel id={labelId}>{label}</FormLabel>
      <RadioGroup
        aria-labelledby={labelId}
        value={value}
        onChange={(e) => onChange(e.target.value as R)}
        sx={{ gap: 1, mt: 1 }}
      >
        {roles.map((role) => (
          <FormControlLabel
            key={role}
            value={role}
            control={<Radio />}
            sx={{ alignItems: 'flex-start', '.MuiRadio-root': { pt: 0.5 } }}
            label={
              <>
                <Typography sx={{ fontWeight: 600 }}>{t(`role.${role}`)}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {t(`role_text.${role}`)}
                </Typography>
              </>
            }
          />
        ))}
      </RadioGroup>
    </FormControl>
  );
}
