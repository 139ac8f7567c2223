import { useEffect, useRef, useState } from 'react';
import { useController, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import UploadFile from '@mui/icons-material/UploadFile';
import { useTranslation } from 'react-i18next';
import {
  contrastWithWhite,
  MIN_CONTRAST_WITH_WHITE,
  patchOrganisationRequestSchema,
  PRIMARY_COLOUR_PATTERN,
  type Organisation,
} from '@balie/shared';
import { applyServerErrors } from '../../../components/form/applyServerErrors';
import { useCanSubmit } from '../../../components/form/useCanSubmit';
import { useFieldErrorText } from '../../../components/form/useFieldErrorText';
import { InlineLoading } from '../../../components/InlineLoading';
import { useNotify } from '../../../components/notifier/NotifierContext';
import { logoUrlOf } from '../../../components/organisation/brand';
import { Section } from '../../../components/Section';
import { apiErrorOf, httpStatusOf } from '../../../lib/apiError';
import {
  useDeleteOrganisationLogoMutation,
  usePatchOrganisationMutation,
  useUploadOrganisationLogoMutation,
} from '../api';

/** Why the server refused a logo, as the text to show: too big a file, not an image, too many pixels. */
function refusalOf(error: unknown): string {
  const status = httpStatusOf(error);
  if (status === 413) return 'branding.logo_too_large';
  if (status === 415) return 'branding.logo_wrong_type';
  const fileError = apiErrorOf(error)?.errors?.find((e) => e.property === 'file')?.message;
  if (fileError === 'dimensions_too_large') return 'branding.logo_too_many_pixels';
  if (fileError === 'unreadable_image') return 'branding.logo_unreadable';
  return 'common:general.error';
}

/** What the server takes (DESIGN §5): checked here first so a wrong file is named before it is sent. */
const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'];
const MAX_LOGO_BYTES = 1024 * 1024;

// The live check of the form: the server's rule (white text ≥ 4.5:1), refused as `insufficient_contrast`.
const colourSchema = patchOrganisationRequestSchema
  .pick({ primaryColour: true })
  .required()
  .refine((v) => contrastWithWhite(v.primaryColour) >= MIN_CONTRAST_WITH_WHITE, {
    path: ['primaryColour'],
    message: 'insufficient_contrast',
  });
type ColourValues = { primaryColour: string };

/** The ratio as people write it: "7.3:1" (one decimal, rounded down so 4.49 never shows as 4.5). */
function ratioText(ratio: number, language: string): string {
  const shown = Math.floor(ratio * 10) / 10;
  return `${shown.toLocaleString(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 })}:1`;
}

/** The public top bar as visitors will see it: the logo on its white plate and the name in white. */
function TopBarPreview({
  organisation,
  colour,
  logo,
}: {
  organisation: Organisation;
  colour: string;
  logo: string | null;
}) {
  const { t } = useTranslation('organisation');
  return (
    <Box
      role="img"
      aria-label={t('branding.preview_label')}
      sx={{
        bgcolor: PRIMARY_COLOUR_PATTERN.test(colour) ? colour : 'grey.500',
        color: '#ffffff',
        borderRadius: 1,
        px: 2,
        py: 1.5,
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        minHeight: 64,
      }}
    >
      {logo && (
        <Box sx={{ bgcolor: '#ffffff', borderRadius: 1, px: 1, py: 0.5, display: 'inline-flex' }}>
          <Box component="img" src={logo} alt="" sx={{ height: 40, maxWidth: 180, objectFit: 'contain' }} />
        </Box>
      )}
      <Typography component="span" sx={{ fontWeight: 700, fontSize: '1.2rem' }}>
        {organisation.name}
      </Typography>
    </Box>
  );
}

function ColourField({ control }: { control: ReturnType<typeof useForm<ColourValues>>['control'] }) {
  const { t, i18n } = useTranslation('organisation');
  const errorText = useFieldErrorText();
  const { field, fieldState } = useController({ control, name: 'primaryColour' });
  const valid = PRIMARY_COLOUR_PATTERN.test(field.value);
  const ratio = valid ? contrastWithWhite(field.value) : null;
  const enough = ratio !== null && ratio >= MIN_CONTRAST_WITH_WHITE;
  const message = fieldState.error?.message;
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <TextField
          name={field.name}
          inputRef={field.ref}
          label={t('branding.colour')}
          value={field.value}
          onChange={(e) => field.onChange(e.target.value.trim())}
          onBlur={field.onBlur}
          error={!!message && message !== 'insufficient_contrast'}
          helperText={
            message && message !== 'insufficient_contrast' ? errorText(message) : t('branding.colour_help')
          }
          slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'off', maxLength: 7 } }}
          sx={{ width: 220 }}
        />
        <Box
          component="input"
          type="color"
          aria-label={t('branding.colour_picker')}
          value={valid ? field.value.toLowerCase() : '#000000'}
          onChange={(e: React.ChangeEvent<HTMLInputElement>) => field.onChange(e.target.value)}
          sx={{
            width: 56,
            height: 56,
            p: 0.5,
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            bgcolor: 'background.paper',
          }}
        />
      </Box>
      {/* Follows every change, politely: the admin hears whether the colour will do while choosing it. */}
      <Box role="status">
        {ratio !== null && (
          <Alert role="none" severity={enough ? 'success' : 'error'} sx={{ py: 0 }}>
            {t(enough ? 'branding.contrast_ok' : 'branding.contrast_low', {
              ratio: ratioText(ratio, i18n.language),
              minimum: ratioText(MIN_CONTRAST_WITH_WHITE, i18n.language),
            })}
          </Alert>
        )}
      </Box>
    </Box>
  );
}

/** The colour: a live contrast check, saved on its own (PATCH { primaryColour }). */
function ColourForm({
  organisation,
  onColour,
}: {
  organisation: Organisation;
  onColour: (c: string) => void;
}) {
  const { t } = useTranslation(['organisation', 'common']);
  const notify = useNotify();
  const [patch] = usePatchOrganisationMutation();
  const { control, handleSubmit, reset, setError } = useForm<ColourValues>({
    resolver: zodResolver(colourSchema),
    mode: 'onChange',
    values: { primaryColour: organisation.primaryColour },
  });
  const canSubmit = useCanSubmit(control, colourSchema);
  const colour = useWatch({ control, name: 'primaryColour' });
  useEffect(() => onColour(colour), [colour, onColour]);
  const onSubmit = handleSubmit(async (values) => {
    const result = await patch(values);
    if (result.error) {
      if (!applyServerErrors(result.error, ['primaryColour'], setError))
        notify(t('common:general.error'), 'error');
      return;
    }
    reset({ primaryColour: result.data.primaryColour });
    notify(t('common:saved'), 'success');
  });
  return (
    <Box
      component="form"
      noValidate
      onSubmit={onSubmit}
      aria-label={t('branding.colour_form')}
      sx={{ display: 'grid', gap: 1 }}
    >
      <ColourField control={control} />
      <Box>
        <Button type="submit" variant="contained" disabled={!canSubmit}>
          {t('branding.save_colour')}
        </Button>
      </Box>
    </Box>
  );
}

/** The logo: chosen, previewed, then uploaded; or removed. */
function LogoField({
  organisation,
  onPreview,
}: {
  organisation: Organisation;
  onPreview: (url: string | null) => void;
}) {
  const { t } = useTranslation(['organisation', 'common']);
  const notify = useNotify();
  const [upload, { isLoading }] = useUploadOrganisationLogoMutation();
  const [remove] = useDeleteOrganisationLogoMutation();
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<{ file: File; url: string } | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  useEffect(
    () => () => {
      if (chosen) URL.revokeObjectURL(chosen.url);
    },
    [chosen],
  );
  useEffect(() => onPreview(chosen?.url ?? null), [chosen, onPreview]);

  const choose = (file: File) => {
    setRefused(null);
    if (!LOGO_TYPES.includes(file.type))
      return setRefused(t('branding.logo_wrong_type', { name: file.name }));
    if (file.size > MAX_LOGO_BYTES) return setRefused(t('branding.logo_too_large', { name: file.name }));
    setChosen({ file, url: URL.createObjectURL(file) });
  };
  const send = async () => {
    if (!chosen) return;
    const result = await upload(chosen.file);
    if (result.error) {
      setRefused(t(refusalOf(result.error), { name: chosen.file.name }));
      return;
    }
    setChosen(null);
    notify(t('branding.logo_saved'), 'success');
  };
  const drop = async () => {
    const result = await remove();
    if (result.error) notify(t('common:general.error'), 'error');
    else notify(t('branding.logo_removed'), 'success');
  };
  const current = logoUrlOf(organisation);
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {t('branding.logo')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('branding.logo_help')}
      </Typography>
      <Box aria-live="polite">
        {refused && (
          <Alert severity="error" onClose={() => setRefused(null)}>
            {refused}
          </Alert>
        )}
        {chosen && <Typography>{t('branding.logo_chosen', { name: chosen.file.name })}</Typography>}
        {!chosen && !current && <Typography>{t('branding.no_logo')}</Typography>}
      </Box>
      <input
        ref={input}
        type="file"
        hidden
        accept="image/png,image/jpeg,image/webp"
        data-testid="logo-input"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) choose(file);
        }}
      />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {chosen ? (
          <>
            <Button variant="contained" onClick={() => void send()} disabled={isLoading}>
              {t('branding.logo_save')}
            </Button>
            <Button onClick={() => setChosen(null)}>{t('common:action.cancel')}</Button>
          </>
        ) : (
          <>
            <Button variant="outlined" startIcon={<UploadFile />} onClick={() => input.current?.click()}>
              {t(current ? 'branding.logo_replace' : 'branding.logo_choose')}
            </Button>
            {current && (
              <Button color="error" onClick={() => void drop()}>
                {t('branding.logo_remove')}
              </Button>
            )}
          </>
        )}
      </Box>
      {isLoading && <InlineLoading text={t('branding.logo_uploading')} />}
    </Box>
  );
}

/**
 * The organisation's own page (DESIGN §4b, §5 Branding): its logo and colour, previewed as the public top
 * bar will show them. Each part saves on its own, apart from the record's form.
 */
export function BrandingSection({ organisation }: { organisation: Organisation }) {
  const { t } = useTranslation('organisation');
  const [colour, setColour] = useState(organisation.primaryColour);
  const [chosenLogo, setChosenLogo] = useState<string | null>(null);
  return (
    <Section title={t('branding.title')}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('branding.intro')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 3 }}>
        <TopBarPreview
          organisation={organisation}
          colour={colour}
          logo={chosenLogo ?? logoUrlOf(organisation)}
        />
        <LogoField organisation={organisation} onPreview={setChosenLogo} />
        <ColourForm organisation={organisation} onColour={setColour} />
      </Box>
    </Section>
  );
}
