import { Link as RouterLink, useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../components/PageFrame';
import { QueryState } from '../../../components/QueryState';
import { useReportSave } from '../../../components/notifier/useReportSave';
import { useCreateLocationMutation, useGetAllLocationsQuery } from '../api';
import { LocationForm } from '../forms/LocationForm';
import { locationRequestOf, newLocationValues } from '../forms/locationForm';

/** /locations/new (admin): a location's details and notice; closures and its desks on its own page. */
export default function NewLocationPage() {
  const { t } = useTranslation('locations');
  const reportSave = useReportSave();
  const navigate = useNavigate();
  const [createLocation] = useCreateLocationMutation();
  const { data, error, isLoading } = useGetAllLocationsQuery();
  return (
    <PageFrame
      title={t('new_title')}
      maxWidth={1000}
      actions={
        <Button component={RouterLink} to="/locations" startIcon={<ArrowBack />}>
          {t('back')}
        </Button>
      }
    >
      <QueryState data={data} error={error} isLoading={isLoading}>
        {(locations) => (
          <LocationForm
            // Last in the list unless the admin gives another place.
            values={newLocationValues(Math.max(-1, ...locations.map((l) => l.position)) + 1)}
            submitLabel={t('create')}
            onSave={async (values) => {
              const outcome = reportSave(await createLocation(locationRequestOf(values)), t('created'));
              if (outcome.ok) void navigate(`/location/${outcome.data.id}`);
              return outcome;
            }}
          />
        )}
      </QueryState>
    </PageFrame>
  );
}
