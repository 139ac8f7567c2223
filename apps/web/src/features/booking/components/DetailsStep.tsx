import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import Typography from '@mui/material/Typography';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { useEffect, useId } from 'react';
import { visuallyHidden } from '@mui/utils';
import { useForm, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { personalDataSchema } from '@balie/shared';
import { localeOf } from '../../../lib/i18n';
import { useAppDispatch, useAppSelector } from '../../../lib/store/hooks';
import { personalDataSet, selectDraftPersonal, stepChanged } from '../store/draftSlice';
import { StepHeading } from './StepHeading';

type FormInput = z.input<typeof personalDataSchema>;
type FormOutput = z.output<typeof personalDataSchema>;

const fields: ReadonlyArray<{
  name: FieldPath<FormInput>;
  autoComplete: string;
  type?: string;
  required?: boolean;
}> = [
  { name: 'initials', autoComplete: 'off' },
  { name: 'suffix', autoComplete: 'off' },
  { name: 'lastName', autoComplete: 'family-name', required: true },
  { name: 'email', autoComplete: 'email', type: 'email', required: true },
  { name: 'phone', autoComplete: 'tel', type: 'tel', required: true },
];

/** Step 3: the visitor's details, validated on blur with the same schema the server uses. */
export function DetailsStep() {
  const { t, i18n } = useTranslation('booking');
  const hintId = useId();
  const dispatch = useAppDispatch();
  const personal = useAppSelector(selectDraftPersonal);
  const {
    register,
    handleSubmit,
    subscribe,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(personalDataSchema),
    mode: 'onBlur',
    defaultValues: personal,
  });

  // Everything typed is kept in the draft, so nothing is lost when a lost hold sends the visitor back.
  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ values }) => dispatch(personalDataSet(values as Partial<typeof personal>)),
      }),
    [subscribe, dispatch],
  );

  // Errors show on blur (spec §4), but the Next button follows what is typed: with react-hook-form's onBlur
  // mode its own isValid would wait for the last field to lose focus, so Enter in that field would do nothing.
  const check = personalDataSchema.safeParse(personal);
  const complete = check.success;
  // Which fields keep Next disabled, in form order; said beside the button, not only after each blur.
  const pending = fields
    .filter((f) => check.error?.issues.some((issue) => issue.path[0] === f.name))
    .map((f) => t(`details.${f.name}`));

  const submit = handleSubmit((values) => {
    dispatch(personalDataSet(values));
    dispatch(stepChanged('review'));
  });

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2, maxWidth: 560 }}>
      <StepHeading>{t('details.heading')}</StepHeading>
      {fields.map(({ name, autoComplete, type, required }) => {
        const error = errors[name]?.message;
        // MUI's ref is the wrapper; react-hook-form needs the input itself.
        const { ref, ...field } = register(name);
        return (
          <TextField
            key={name}
            label={t(`details.${name}`)}
            type={type ?? 'text'}
            autoComplete={autoComplete}
            required={required}
            error={Boolean(error)}
            helperText={error ? t(`validation.${error}`, { defaultValue: t('validation.invalid') }) : ' '}
            inputRef={ref}
            {...field}
          />
        );
      })}
      <Typography variant="body2" color="text.secondary">
        {t('details.privacy')}{' '}
        <Link component={RouterLink} to="/privacy" target="_blank" rel="noopener">
          {t('details.privacy_link')}
          <Box component="span" sx={visuallyHidden}>
            {' '}
            {t('common:opens_in_new_tab')}
          </Box>
        </Link>
      </Typography>
      {!complete && (
        <Typography id={hintId} variant="body2" color="text.secondary">
          {t('details.pending', {
            fields: new Intl.ListFormat(localeOf(i18n.language), { type: 'conjunction' }).format(pending),
          })}
        </Typography>
      )}
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Button onClick={() => dispatch(stepChanged('time'))}>{t('nav.back')}</Button>
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={!complete}
          aria-describedby={complete ? undefined : hintId}
        >
          {t('nav.next')}
        </Button>
      </Box>
    </Box>
  );
}
