import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { registerRequestSchema } from '@balie/shared';
import { applyServerErrors } from '../../../components/form/applyServerErrors';
import { FormTextField } from '../../../components/form/FormTextField';
import { useCanSubmit } from '../../../components/form/useCanSubmit';
import { useNotify } from '../../../components/notifier/NotifierContext';
import { httpStatusOf } from '../../../lib/apiError';
import { localeOf } from '../../../lib/i18n';
import { useRegisterMutation } from '../api';
import { AuthCard } from '../components/AuthCard';
import { SubmitButton } from '../components/SubmitButton';
import { browserTimezone } from '../browserTimezone';

const registerFormSchema = registerRequestSchema.omit({ language: true, timezone: true });
const FIELDS = [
  'email',
  'password',
  'firstName',
  'lastName',
  'birthDay',
  'serviceBookNr',
  'cardNumber',
] as const;

export default function RegisterPage() {
  const { t, i18n } = useTranslation(['auth', 'common']);
  const notify = useNotify();
  const [register] = useRegisterMutation();
  const navigate = useNavigate();
  const { control, handleSubmit, setError } = useForm({
    resolver: zodResolver(registerFormSchema),
    mode: 'onBlur',
    defaultValues: {
      email: '',
      password: '',
      firstName: '',
      lastName: '',
      birthDay: null,
      serviceBookNr: null,
      cardNumber: null,
    },
  });
  const canSubmit = useCanSubmit(control, registerFormSchema);

  const onSubmit = handleSubmit(async (values) => {
    const result = await register({
      ...values,
      language: localeOf(i18n.language),
      timezone: browserTimezone(),
    });
    // The answer signs the new account in (decision 0015): straight on to the dashboard.
    if (!result.error) {
      await navigate('/home', { replace: true });
      return;
    }
    if (applyServerErrors(result.error, FIELDS, setError)) return;
    notify(
      t(httpStatusOf(result.error) === 429 ? 'common:general.too_many_requests' : 'common:general.error'),
    );
  });

  return (
    <AuthCard title={t('register.title')}>
      <Box component="form" noValidate onSubmit={onSubmit}>
        <FormTextField
          control={control}
          name="email"
          type="email"
          label={t('fields.email')}
          autoComplete="email"
          required
          autoFocus
        />
        <FormTextField
          control={control}
          name="password"
          type="password"
          label={t('fields.password')}
          helperText={t('password_rules')}
          autoComplete="new-password"
          required
        />
        <Box sx={{ display: 'grid', gridTemplateColumns: { sm: '1fr 1fr' }, columnGap: 2 }}>
          <FormTextField
            control={control}
            name="firstName"
            label={t('fields.first_name')}
            autoComplete="given-name"
          />
          <FormTextField
            control={control}
            name="lastName"
            label={t('fields.last_name')}
            autoComplete="family-name"
          />
        </Box>
        <Typography variant="subtitle2" component="h2" sx={{ mt: 2 }}>
          {t('register.optional')}
        </Typography>
        <FormTextField
          control={control}
          name="birthDay"
          type="date"
          emptyAsNull
          label={t('fields.birth_day')}
          autoComplete="bday"
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <Box sx={{ display: 'grid', gridTemplateColumns: { sm: '1fr 1fr' }, columnGap: 2 }}>
          <FormTextField
            control={control}
            name="serviceBookNr"
            emptyAsNull
            label={t('fields.service_book_nr')}
          />
          <FormTextField control={control} name="cardNumber" emptyAsNull label={t('fields.card_number')} />
        </Box>
        <SubmitButton enabled={canSubmit}>{t('register.submit')}</SubmitButton>
        <Typography sx={{ mt: 3 }}>
          {t('register.have_account')}{' '}
          <Link component={RouterLink} to="/login">
            {t('login.submit')}
          </Link>
        </Typography>
      </Box>
    </AuthCard>
  );
}
