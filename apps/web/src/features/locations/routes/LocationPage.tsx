import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useTranslation } from 'react-i18next';
import type { AdminLocation } from '@balie/shared';
import { ActiveChip } from '../../../components/ActiveChip';
import { DeleteSection } from '../../../components/DeleteSection';
import { PageFrame } from '../../../components/PageFrame';
import { QueryState } from '../../../components/QueryState';
import { Section } from '../../../components/Section';
import { useScheduleChange } from '../../../components/affected/useScheduleChange';
import { SharedClosures } from '../../../components/closures/SharedClosures';
import { useGetDesksQuery } from '../../../components/desks/deskListApi';
import { apiErrorOf } from '../../../lib/apiError';
import { useDeleteLocationMutation, useGetLocationQuery, usePatchLocationMutation } from '../api';
import { DisplayLink } from '../components/DisplayLink';
import { LocationForm } from '../forms/LocationForm';
import { locationFormValuesOf, locationRequestOf } from '../forms/locationForm';

function LocationEditor({ location }: { location: AdminLocation }) {
  const { t } = useTranslation(['locations', 'common']);
  const navigate = useNavigate();
  const [patchLocation] = usePatchLocationMutation();
  const [deleteLocation] = useDeleteLocationMutation();
  const { change, report, dialog } = useScheduleChange();
  const desks = useGetDesksQuery();
  const here = desks.data?.filter((d) => d.locationId === location.id);
  // The server refused the deletion (409 location_in_use): a desk was moved here meanwhile.
  const [inUse, setInUse] = useState(false);
  const refusals = { location_in_use: t('delete_in_use') };

  const remove = async () => {
    const outcome = await deleteLocation(location.id);
    if (apiErrorOf(outcome.error)?.code === 'location_in_use') setInUse(true);
    if (report(outcome, t('deleted'), refusals)) void navigate('/locations');
  };

  return (
    <>
      <Box sx={{ mb: 2 }}>
        <ActiveChip active={location.active} />
      </Box>
      <LocationForm
        values={locationFormValuesOf(location)}
        submitLabel={t('common:action.save')}
        onSave={async (values) => {
          // Deactivating a location whose desks hold appointments asks what happens to them (DESIGN §4).
          const outcome = await change((affectedAppointments) =>
            patchLocation({
              id: location.id,
              body: { ...locationRequestOf(values), ...(affectedAppointments && { affectedAppointments }) },
            }),
          );
          if (report(outcome, t('common:saved'))) return { ok: true };
          return { ok: false, error: 'error' in outcome ? outcome.error : undefined };
        }}
      />
      <Section title={t('desks_here')}>
        <QueryState data={here} error={desks.error} isLoading={desks.isLoading} empty={t('no_desks')}>
          {(list) => (
            <List dense aria-label={t('desks_here')}>
              {list.map((d) => (
                <ListItem key={d.id} disableGutters>
                  <Link component={RouterLink} to={`/front-desk/${d.id}`}>
                    {d.active ? d.name : t('desk_inactive', { name: d.name })}
                  </Link>
                </ListItem>
              ))}
            </List>
          )}
        </QueryState>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('desks_hint')}
        </Typography>
      </Section>
      <DisplayLink location={location} />
      <SharedClosures title={t('closures')} locationId={location.id} />
      <DeleteSection
        title={t('delete_title')}
        hint={t('delete_hint')}
        confirmTitle={t('delete_confirm_title', { name: location.name })}
        confirmText={t('delete_confirm_text')}
        onDelete={() => void remove()}
        disabled={(here?.length ?? 0) > 0}
      >
        {((here?.length ?? 0) > 0 || inUse) && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {t('delete_in_use')}
          </Alert>
        )}
      </DeleteSection>
      {dialog}
    </>
  );
}

/** /location/:locationId (admin): one location — details and notice, its desks, its closures, delete. */
export default function LocationPage() {
  const { t } = useTranslation('locations');
  const id = Number(useParams().locationId);
  const valid = Number.isInteger(id) && id > 0;
  const { data, error, isLoading } = useGetLocationQuery(valid ? id : skipToken);
  return (
    <PageFrame
      title={data && valid ? data.name : t('location_title')}
      maxWidth={1000}
      actions={
        <Button component={RouterLink} to="/locations" startIcon={<ArrowBack />}>
          {t('back')}
        </Button>
      }
    >
      <QueryState
        data={valid ? data : undefined}
        error={error}
        isLoading={isLoading}
        notFound={t('not_found')}
      >
        {(location) => <LocationEditor location={location} />}
      </QueryState>
    </PageFrame>
  );
}
