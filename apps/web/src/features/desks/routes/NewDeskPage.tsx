import { Link as RouterLink, useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../components/PageFrame';
import { useReportSave } from '../../../components/notifier/useReportSave';
import { useCreateDeskMutation } from '../api';
import { Section } from '../../../components/Section';
import { DeskDetailsForm } from '../forms/DeskDetailsForm';

/** /front-desks/new (admin): name and label first; hours, closures and overflow on the desk's own page. */
export default function NewDeskPage() {
  const { t } = useTranslation('desks');
  const reportSave = useReportSave();
  const navigate = useNavigate();
  const [createDesk] = useCreateDeskMutation();
  return (
    <PageFrame
      title={t('new_title')}
      maxWidth={1000}
      actions={
        <Button component={RouterLink} to="/front-desks" startIcon={<ArrowBack />}>
          {t('back')}
        </Button>
      }
    >
      <Section title={t('details')}>
        <DeskDetailsForm
          values={{ name: '', label: null, active: true }}
          submitLabel={t('create')}
          onSave={async (values) => {
            const outcome = reportSave(await createDesk(values), t('created'));
            if (outcome.ok) void navigate(`/front-desk/${outcome.data.id}`);
            return outcome.ok;
          }}
        />
      </Section>
    </PageFrame>
  );
}
