import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../components/PageFrame';
import { BOOKING_PAGE_WIDTH } from '../lib/pageWidth';
import { OrganisationContact } from '../../../components/organisation/OrganisationContact';

/** /Appointment/Index/*: the appointment can no longer be changed; how to reach the provider instead. */
export default function EditingNotPossiblePage() {
  const { t } = useTranslation('booking');
  return (
    <PageFrame title={t('notPossible.heading')} maxWidth={BOOKING_PAGE_WIDTH}>
      <Typography sx={{ mb: 2 }}>{t('notPossible.text')}</Typography>
      <OrganisationContact />
    </PageFrame>
  );
}
