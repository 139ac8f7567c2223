import { Link as RouterLink, useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../components/PageFrame';
import { QueryState } from '../../../components/QueryState';
import { useGetAllLocationsQuery } from '../../../components/locations/locationListApi';
import { useReportSave } from '../../../components/notifier/useReportSave';
import { useCreateDeskMutation } from '../api';
import { Section } from '../../../components/Section';
import { DeskDetailsForm } from '../forms/DeskDetailsForm';

/** /front-desks/new (admin): name, label and location first; hours, closures and overflow on the desk's own page. */
export default function NewDeskPage() {
  const { t } = useTranslation('desks');
  const reportSave = useReportSave();
  const navigate = useNavigate();
  const [createDesk] = useCreateDeskMutation();
  const { data, error, isLoading } = useGetAllLocationsQuery();
  const locations = { data, error, isLoading };
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
        <QueryState {...locations} empty={t('no_locations')}>
          {(all) => (
            <DeskDetailsForm
              // In the first location that is open, as POST /desks without a location would do.
              values={{
                name: '',
                label: null,
                locationId: (all.find((l) => l.active) ?? all[0])?.id ?? 0,
                active: true,
              }}
              locations={all}
              submitLabel={t('create')}
              onSave={async (values) => {
                const outcome = reportSave(await createDesk(values), t('created'));
                if (outcome.ok) void navigate(`/front-desk/${outcome.data.id}`);
                return outcome.ok;
              }}
            />
          )}
        </QueryState>
      </Section>
    </PageFrame>
  );
}
