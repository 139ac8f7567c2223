import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { registerRequestSchema, type RegisterField } from '@balie/shared';
import { applyServerErrors } from '../../../components/form/applyServerErrors';
import { FormTextField } from '../../../components/form/FormTextField';
import { useCanSubmit } from '../../../components/form/useCanSubmit';
import { useNotify } from '../../../components/notifier/NotifierContext';
import { QueryState } from '../../../components/QueryState';
import { useGetOrganisationQuery } from '../../../components/organisation/organisationApi';
import { apiErrorOf, httpStatusOf } from '../../../lib/apiError';
import { localeOf } from '../../../lib/i18n';
import { useRegisterMutation } from '../api';
import { AuthCard } from '../../../components/AuthCard';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { browserTimezone } from '../browserTimezone';
import { NewPasswordField } from '../../../components/form/NewPasswordField';

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

/** Registration switched off by the organisation (DESIGN §4b): say so, and point at booking without an account. */
function RegistrationClosed() {
  const { t } = useTranslation('auth');
  return (
    <Alert severity="info" role="status">
      <AlertTitle>{t('register.closed_title')}</AlertTitle>
      {t('register.closed')}{' '}
      <Link component={RouterLink} to="/new">
        {t('register.book')}
      </Link>
    </Alert>
  );
}

/** The form asks only the extra fields the organisation chose (`asked`); the API would take them all. */
function RegisterForm({ asked }: { asked: readonly RegisterField[] }) {
  const { t, i18n } = useTranslation(['auth', 'common']);
  const notify = useNotify();
  const [closed, setClosed] = useState(false);
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
    // Closed while the form was open.
    if (apiErrorOf(result.error)?.code === 'registration_closed') {
      setClosed(true);
      return;
    }
    if (applyServerErrors(result.error, FIELDS, setError)) return;
    notify(
      t(httpStatusOf(result.error) === 429 ? 'common:general.too_many_requests' : 'common:general.error'),
    );
  });

  if (closed) return <RegistrationClosed />;
  return (
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
      <NewPasswordField control={control} name="password" label={t('fields.password')} />
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
      {asked.length > 0 && (
        <Typography variant="subtitle2" component="h2" sx={{ mt: 2 }}>
          {t('register.optional')}
        </Typography>
      )}
      {asked.includes('birthDay') && (
        <FormTextField
          control={control}
          name="birthDay"
          type="date"
          emptyAsNull
          label={t('fields.birth_day')}
          autoComplete="bday"
          slotProps={{ inputLabel: { shrink: true } }}
        />
      )}
      <Box sx={{ display: 'grid', gridTemplateColumns: { sm: '1fr 1fr' }, columnGap: 2 }}>
        {asked.includes('serviceBookNr') && (
          <FormTextField
            control={control}
            name="serviceBookNr"
            emptyAsNull
            label={t('fields.service_book_nr')}
          />
        )}
        {asked.includes('cardNumber') && (
          <FormTextField control={control} name="cardNumber" emptyAsNull label={t('fields.card_number')} />
        )}
      </Box>
      <SubmitButton enabled={canSubmit}>{t('register.submit')}</SubmitButton>
      <Typography sx={{ mt: 3 }}>
        {t('register.have_account')}{' '}
        <Link component={RouterLink} to="/login">
          {t('login.submit')}
        </Link>
      </Typography>
    </Box>
  );
}

export default function RegisterPage() {
  const { t } = useTranslation('auth');
  const organisation = useGetOrganisationQuery();
  return (
    <AuthCard title={t('register.title')}>
      <QueryState data={organisation.data} error={organisation.error} isLoading={organisation.isLoading}>
        {(o) => (o.registrationOpen ? <RegisterForm asked={o.registerFields} /> : <RegistrationClosed />)}
      </QueryState>
    </AuthCard>
  );
}
