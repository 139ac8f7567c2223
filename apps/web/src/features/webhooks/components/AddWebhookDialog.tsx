import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import {
  createWebhookRequestSchema,
  WEBHOOK_EVENT_TYPES,
  type WebhookEventType,
  type WebhookWithSecret,
} from '@balie/shared';
import { apiErrorOf } from '../../../lib/apiError';
import { useCreateWebhookMutation } from '../api';

type Errors = Partial<Record<'url' | 'events' | 'description', string>>;

/** The field errors of the request schema, keyed by their first path part. */
function errorsOf(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): Errors {
  const errors: Errors = {};
  for (const issue of issues) {
    const field = String(issue.path[0]) as keyof Errors;
    errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * Adds a subscription: its URL, the events it wants (all by default), a description. The server checks the
 * address (public https only): its refusal is shown under the URL with its reason.
 */
export function AddWebhookDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (created: WebhookWithSecret) => void;
}) {
  const { t } = useTranslation(['webhooks', 'validation', 'common']);
  const [create, creating] = useCreateWebhookMutation();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>([...WEBHOOK_EVENT_TYPES]);
  const [errors, setErrors] = useState<Errors>({});
  const [failed, setFailed] = useState(false);

  const reset = () => {
    setUrl('');
    setDescription('');
    setEvents([...WEBHOOK_EVENT_TYPES]);
    setErrors({});
    setFailed(false);
  };
  const toggle = (type: WebhookEventType) =>
    setEvents((now) => (now.includes(type) ? now.filter((e) => e !== type) : [...now, type]));
  const messageOf = (key: string | undefined) =>
    key === undefined
      ? undefined
      : t(`webhooks:refused.${key}`, { defaultValue: t(`validation:${key}`, { defaultValue: key }) });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailed(false);
    const body = {
      url: url.trim(),
      events,
      ...(description.trim() ? { description: description.trim() } : {}),
    };
    const parsed = createWebhookRequestSchema.safeParse(body);
    if (!parsed.success) return setErrors(errorsOf(parsed.error.issues));
    setErrors({});
    const result = await create(body);
    if ('data' in result && result.data) {
      reset();
      onCreated(result.data);
      return;
    }
    const refused = apiErrorOf(result.error)?.errors;
    if (refused?.length)
      setErrors(errorsOf(refused.map((e) => ({ path: e.property.split('.'), message: e.message }))));
    else setFailed(true);
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby="add-webhook-title"
      fullWidth
      maxWidth="sm"
      slotProps={{ transition: { onExited: reset } }}
    >
      <form noValidate onSubmit={(e) => void submit(e)}>
        <DialogTitle id="add-webhook-title">{t('add.title')}</DialogTitle>
        <DialogContent>
          <TextField
            label={t('add.url')}
            type="url"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            required
            fullWidth
            margin="normal"
            error={errors.url !== undefined}
            helperText={messageOf(errors.url) ?? t('add.url_help')}
            autoComplete="off"
          />
          <TextField
            label={t('add.description')}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            fullWidth
            margin="normal"
            error={errors.description !== undefined}
            helperText={messageOf(errors.description) ?? ' '}
          />
          <FormControl component="fieldset" error={errors.events !== undefined} sx={{ mt: 1 }}>
            <FormLabel component="legend">{t('add.events')}</FormLabel>
            <FormGroup>
              {WEBHOOK_EVENT_TYPES.map((type) => (
                <FormControlLabel
                  key={type}
                  control={<Checkbox checked={events.includes(type)} onChange={() => toggle(type)} />}
                  label={t(`events.${type}`)}
                />
              ))}
            </FormGroup>
            {errors.events && <FormHelperText>{t('add.events_required')}</FormHelperText>}
          </FormControl>
          {failed && (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              {t('common:general.error')}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common:action.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={creating.isLoading}>
            {t('add.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
