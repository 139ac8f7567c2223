import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../components/PageFrame';

/** /Appointment/Index/*: the appointment can no longer be changed; how to reach the provider instead. */
export default function EditingNotPossiblePage() {
  const { t } = useTranslation('booking');
  // The provider's contact details live in the translation files (booking.json → contact), per language.
  const email = t('contact.email');
  const phone = t('contact.phone');
  return (
    <PageFrame title={t('notPossible.heading')} maxWidth={720}>
      <Typography sx={{ mb: 2 }}>{t('notPossible.text')}</Typography>
      <Box component="dl" sx={{ m: 0, '& dt': { fontWeight: 600 }, '& dd': { m: 0, mb: 1 } }}>
        <dt>{t('notPossible.email')}</dt>
        <dd>
          <Link href={`mailto:${email}`}>{email}</Link>
        </dd>
        <dt>{t('notPossible.phone')}</dt>
        <dd>
          <Link href={`tel:${phone.replace(/[^+\d]/g, '')}`}>{phone}</Link>
        </dd>
      </Box>
    </PageFrame>
  );
}
