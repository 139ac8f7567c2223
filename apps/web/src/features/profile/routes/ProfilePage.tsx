import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import { useTranslation } from 'react-i18next';
import type { User } from '@balie/shared';
import { useUpdateCurrentUserMutation } from '../../../session/sessionApi';
import { changeUiLanguage } from '../../../lib/i18n';
import { useCurrentUser } from '../../../session/useCurrentUser';
import { userLanguageCode } from '../../../session/useUserLanguage';
import { useOfferedLanguages } from '../../../session/useOfferedLanguages';
import { applyServerErrors } from '../../../components/form/applyServerErrors';
import { FormTextField } from '../../../components/form/FormTextField';
import { useCanSubmit } from '../../../components/form/useCanSubmit';
import { useNotify } from '../../../components/notifier/NotifierContext';
import { PageFrame } from '../../../components/PageFrame';
import { PageLoader } from '../../../components/PageLoader';
import { profileFormSchema, PROFILE_FIELDS, type ProfileFormValues } from '../profileForm';
import { LanguageSelect } from '../components/LanguageSelect';
import { PasswordSection } from '../components/PasswordSection';
import { TwoStepSection } from '../components/TwoStepSection';

function valuesOf(user: User): ProfileFormValues {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    initials: user.initials,
    suffix: user.suffix,
    phone: user.phone,
    languageId: user.language?.id ?? null,
  };
}

function ProfileForm({ user }: { user: User }) {
  const { t } = useTranslation(['profile', 'common']);
  const notify = useNotify();
  const { languages } = useOfferedLanguages();
  const [updateUser] = useUpdateCurrentUserMutation();
  const { control, handleSubmit, reset, setError } = useForm({
    resolver: zodResolver(profileFormSchema),
    mode: 'onBlur',
    // Follows the stored user, so a language chosen with the top-bar switch shows here at once (one
    // setting, decision 0190); fields being edited keep what was typed.
    values: valuesOf(user),
    resetOptions: { keepDirtyValues: true },
  });
  const canSubmit = useCanSubmit(control, profileFormSchema);

  const onSubmit = handleSubmit(async (values) => {
    const result = await updateUser({ id: user.id, ...values });
    if (result.error) {
      if (!applyServerErrors(result.error, PROFILE_FIELDS, setError)) notify(t('common:general.error'));
      return;
    }
    reset(valuesOf(result.data));
    // The profile's language is the interface language (decision 0190): saving it switches at once.
    void changeUiLanguage(userLanguageCode(result.data));
    notify(t('saved'), 'success');
  });

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 } }}>
      <Box component="form" noValidate onSubmit={onSubmit}>
        <Box sx={{ display: 'grid', gridTemplateColumns: { sm: '1fr 1fr' }, columnGap: 2 }}>
          <FormTextField
            control={control}
            name="firstName"
            emptyAsNull
            label={t('fields.first_name')}
            autoComplete="given-name"
          />
          <FormTextField control={control} name="initials" emptyAsNull label={t('fields.initials')} />
          <FormTextField
            control={control}
            name="suffix"
            emptyAsNull
            label={t('fields.suffix')}
            autoComplete="additional-name"
          />
          <FormTextField
            control={control}
            name="lastName"
            emptyAsNull
            label={t('fields.last_name')}
            autoComplete="family-name"
          />
          <FormTextField
            control={control}
            name="phone"
            emptyAsNull
            type="tel"
            label={t('fields.phone')}
            autoComplete="tel"
          />
          <LanguageSelect control={control} languages={languages} label={t('fields.language')} />
        </Box>
        <ReadOnlyEmail email={user.email} label={t('fields.email')} hint={t('email_hint')} />
        <Button type="submit" variant="contained" size="large" disabled={!canSubmit} sx={{ mt: 2 }}>
          {t('common:action.save')}
        </Button>
      </Box>
    </Paper>
  );
}

function ReadOnlyEmail({ email, label, hint }: { email: string; label: string; hint: string }) {
  return (
    <Box sx={{ mt: 2 }}>
      <Box component="dl" sx={{ m: 0 }}>
        <Box component="dt" sx={{ color: 'text.secondary', fontSize: 14 }}>
          {label}
        </Box>
        <Box component="dd" sx={{ m: 0, fontWeight: 500 }}>
          {email}
        </Box>
      </Box>
      <Box sx={{ color: 'text.secondary', fontSize: 14, mt: 0.5 }}>{hint}</Box>
    </Box>
  );
}

/**
 * My profile (/profile): any signed-in user edits their name, phone and language, changes their password
 * and turns two-step sign-in on or off.
 */
export default function ProfilePage() {
  const { t } = useTranslation('profile');
  const { user } = useCurrentUser();
  return (
    <PageFrame title={t('title')} maxWidth={760}>
      {user ? (
        <Box sx={{ display: 'grid', gap: 3 }}>
          <ProfileForm user={user} />
          <PasswordSection user={user} />
          <TwoStepSection user={user} />
        </Box>
      ) : (
        <PageLoader />
      )}
    </PageFrame>
  );
}
