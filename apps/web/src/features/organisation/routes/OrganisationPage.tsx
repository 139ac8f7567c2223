import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import {
  patchOrganisationRequestSchema,
  REGISTER_FIELDS,
  type Organisation,
  type RegisterField,
} from '@balie/shared';
import { applyServerErrors } from '../../../components/form/applyServerErrors';
import { FormSwitch } from '../../../components/form/FormSwitch';
import { FormTextField } from '../../../components/form/FormTextField';
import { useCanSubmit } from '../../../components/form/useCanSubmit';
import { useNotify } from '../../../components/notifier/NotifierContext';
import { PageFrame } from '../../../components/PageFrame';
import { QueryState } from '../../../components/QueryState';
import { useGetOrganisationQuery } from '../../../components/organisation/organisationApi';
import { usePatchOrganisationMutation } from '../api';

/** Every field of the record is on the form, so the form sends them all (the request allows any subset). */
const formSchema = patchOrganisationRequestSchema.required();
type FormValues = Organisation;

/** The register form's labels for the extra fields, as the register page shows them. */
const REGISTER_FIELD_LABELS: Record<RegisterField, string> = {
  birthDay: 'auth:fields.birth_day',
  serviceBookNr: 'auth:fields.service_book_nr',
  cardNumber: 'auth:fields.card_number',
};

/** Whether guests may register, and which of the spec's extra fields the register form asks (DESIGN §4b). */
function RegistrationFields({ control }: { control: Control<FormValues> }) {
  const { t } = useTranslation(['organisation', 'auth']);
  const open = useWatch({ control, name: 'registrationOpen' });
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 3 }}>
      <Typography variant="h6" component="legend" sx={{ mb: 1 }}>
        {t('registration.title')}
      </Typography>
      <FormSwitch control={control} name="registrationOpen" label={t('registration.open')} />
      <Typography variant="body2" color="text.secondary">
        {t(open ? 'registration.open_help' : 'registration.closed_help')}
      </Typography>
      <Controller
        control={control}
        name="registerFields"
        render={({ field }) => (
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 2 }}>
            <FormLabel component="legend">{t('registration.fields')}</FormLabel>
            <FormGroup>
              {REGISTER_FIELDS.map((f) => (
                <FormControlLabel
                  key={f}
                  disabled={!open}
                  label={t(REGISTER_FIELD_LABELS[f])}
                  control={
                    <Checkbox
                      checked={field.value.includes(f)}
                      onChange={(e) =>
                        field.onChange(
                          e.target.checked
                            ? REGISTER_FIELDS.filter((x) => x === f || field.value.includes(x))
                            : field.value.filter((x) => x !== f),
                        )
                      }
                    />
                  }
                />
              ))}
            </FormGroup>
          </Box>
        )}
      />
    </Box>
  );
}
const FIELDS = ['name', 'street', 'postcode', 'city', 'phone', 'email', 'website'] as const;
const AUTOCOMPLETE: Partial<Record<(typeof FIELDS)[number], string>> = {
  name: 'organization',
  street: 'street-address',
  postcode: 'postal-code',
  city: 'address-level2',
  phone: 'tel',
  email: 'email',
  website: 'url',
};

function OrganisationForm({ organisation }: { organisation: Organisation }) {
  const { t } = useTranslation(['organisation', 'common']);
  const notify = useNotify();
  const [patch] = usePatchOrganisationMutation();
  const { control, handleSubmit, reset, setError } = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    mode: 'onBlur',
    values: organisation,
  });
  const canSubmit = useCanSubmit(control, formSchema);
  const onSubmit = handleSubmit(async (values) => {
    const result = await patch(values);
    if (result.error) {
      if (!applyServerErrors(result.error, FIELDS, setError)) notify(t('common:general.error'), 'error');
      return;
    }
    reset(result.data);
    notify(t('common:saved'), 'success');
  });
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 } }}>
      <Typography color="text.secondary">{t('intro')}</Typography>
      <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('title')}>
        <FormTextField
          control={control}
          name="name"
          label={t('fields.name')}
          required
          autoComplete="organization"
        />
        <Box sx={{ display: 'grid', gridTemplateColumns: { sm: '2fr 1fr 2fr' }, columnGap: 2 }}>
          {(['street', 'postcode', 'city'] as const).map((f) => (
            <FormTextField
              key={f}
              control={control}
              name={f}
              label={t(`fields.${f}`)}
              autoComplete={AUTOCOMPLETE[f]}
            />
          ))}
        </Box>
        <Box sx={{ display: 'grid', gridTemplateColumns: { sm: '1fr 1fr' }, columnGap: 2 }}>
          <FormTextField
            control={control}
            name="phone"
            type="tel"
            label={t('fields.phone')}
            autoComplete="tel"
          />
          <FormTextField
            control={control}
            name="email"
            type="email"
            label={t('fields.email')}
            autoComplete="email"
          />
        </Box>
        <FormTextField
          control={control}
          name="website"
          type="url"
          label={t('fields.website')}
          helperText={t('website_help')}
          autoComplete="url"
        />
        <RegistrationFields control={control} />
        <Button type="submit" variant="contained" disabled={!canSubmit} sx={{ mt: 2 }}>
          {t('common:action.save')}
        </Button>
      </Box>
    </Paper>
  );
}

/** /organisation (admin): the provider's name, address and contact details (DESIGN §4 organisation). */
export default function OrganisationPage() {
  const { t } = useTranslation('organisation');
  const { data, error, isLoading } = useGetOrganisationQuery();
  return (
    <PageFrame title={t('title')} maxWidth={800}>
      <QueryState data={data} error={error} isLoading={isLoading}>
        {(organisation) => <OrganisationForm organisation={organisation} />}
      </QueryState>
    </PageFrame>
  );
}
