import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useTranslation } from 'react-i18next';
import type { AdminLocation, ClosureInput, Desk, PatchDeskRequest, Product } from '@balie/shared';
import { DeleteSection } from '../../../components/DeleteSection';
import { PageFrame } from '../../../components/PageFrame';
import { QueryState } from '../../../components/QueryState';
import { ActiveChip } from '../../../components/ActiveChip';
import { useGetAllLocationsQuery } from '../../../components/locations/locationListApi';
import { useGetAllProductsQuery } from '../../../components/products/allProductsApi';
import {
  useDeleteDeskMutation,
  useGetClosuresQuery,
  useGetDeskQuery,
  useGetDesksQuery,
  usePatchDeskMutation,
} from '../api';
import { ClosureList } from '../../../components/closures/ClosureList';
import { Section } from '../../../components/Section';
import { ClosureForm } from '../../../components/closures/ClosureForm';
import { DeskDetailsForm } from '../forms/DeskDetailsForm';
import { DeskProductsForm } from '../forms/DeskProductsForm';
import { OverflowForm } from '../forms/OverflowForm';
import { WeekHoursForm } from '../forms/WeekHoursForm';
import { openingHoursOf, overflowOf, weekOf } from '../forms/schemas';
import { useScheduleChange } from '../../../components/affected/useScheduleChange';

/**
 * The closures that close this desk too: of its location and of every desk (DESIGN §4b), shown here, made
 * and deleted on the location's page and the desk list.
 */
function AlsoClosed({ desk, location }: { desk: Desk; location: AdminLocation | undefined }) {
  const { t } = useTranslation('desks');
  const shared = useGetClosuresQuery().data?.filter(
    (c) => c.locationId === null || c.locationId === desk.locationId,
  );
  if (!shared?.length) return null;
  const title = t('also_closed', { location: location?.name ?? '' });
  return (
    <Box sx={{ mt: 3 }}>
      <Typography variant="subtitle2" component="h3">
        {title}
      </Typography>
      <ClosureList
        label={title}
        closures={shared}
        detailOf={(c) => (c.locationId === null ? t('all_locations') : location?.name)}
      />
      <Typography variant="body2" color="text.secondary">
        <Link component={RouterLink} to={`/location/${desk.locationId}`}>
          {t('also_closed_where', { location: location?.name ?? '' })}
        </Link>
      </Typography>
    </Box>
  );
}

function DeskEditor({
  desk,
  locations,
  products,
}: {
  desk: Desk;
  locations: AdminLocation[];
  products: Product[];
}) {
  const { t } = useTranslation(['desks', 'common']);
  const navigate = useNavigate();
  const [patchDesk] = usePatchDeskMutation();
  const [deleteDesk] = useDeleteDeskMutation();
  const { change, report, dialog } = useScheduleChange();
  // The desks whose week "copy from another desk" offers; the list loads beside the desk, not before it.
  const otherDesks = (useGetDesksQuery().data ?? []).filter((d) => d.id !== desk.id);

  const save = async (body: PatchDeskRequest) =>
    report(
      await change((affectedAppointments) =>
        patchDesk({ id: desk.id, body: { ...body, affectedAppointments } }),
      ),
      t('common:saved'),
    );
  const closures = (next: ClosureInput[]) => save({ closures: next });
  const remove = async () => {
    const outcome = await change((affectedAppointments) => deleteDesk({ id: desk.id, affectedAppointments }));
    if (report(outcome, t('deleted'), { desk_in_use: t('delete_in_use') })) void navigate('/front-desks');
  };

  return (
    <>
      <Box sx={{ mb: 2 }}>
        <ActiveChip active={desk.active} />
      </Box>
      <Section title={t('details')}>
        <DeskDetailsForm
          values={{ name: desk.name, label: desk.label, locationId: desk.locationId, active: desk.active }}
          locations={locations}
          submitLabel={t('common:action.save')}
          onSave={save}
        />
      </Section>
      <Section title={t('products.title')}>
        <DeskProductsForm
          // A new answer from the server (after a save, or changed elsewhere) starts the form afresh.
          key={JSON.stringify(desk.productIds)}
          productIds={desk.productIds}
          products={products}
          onSave={(productIds) => save({ productIds })}
        />
      </Section>
      <Section title={t('opening_hours')}>
        <WeekHoursForm
          values={weekOf(desk.openingHours)}
          onSave={(week) => save({ openingHours: openingHoursOf(week) })}
          otherDesks={otherDesks}
        />
      </Section>
      <Section title={t('closures')}>
        <ClosureList
          label={t('closures')}
          closures={desk.closures}
          onDelete={(index) => void closures(desk.closures.filter((_, i) => i !== index))}
        />
        <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
          {t('closure.add_title')}
        </Typography>
        <ClosureForm onAdd={(closure) => closures([...desk.closures, closure])} />
        <AlsoClosed desk={desk} location={locations.find((l) => l.id === desk.locationId)} />
      </Section>
      <Section title={t('overflow.title')}>
        <OverflowForm values={overflowOf(desk)} onSave={save} />
      </Section>
      <DeleteSection
        title={t('delete_title')}
        hint={t('delete_hint')}
        confirmTitle={t('delete_confirm_title', { name: desk.name })}
        confirmText={t('delete_confirm_text')}
        onDelete={() => void remove()}
      />
      {dialog}
    </>
  );
}

/**
 * /front-desk/:frontDeskId (admin): one desk — details with its location, the products it serves, week
 * hours, closures, overflow, delete.
 */
export default function DeskPage() {
  const { t } = useTranslation('desks');
  const id = Number(useParams().frontDeskId);
  const valid = Number.isInteger(id) && id > 0;
  const { data, error, isLoading } = useGetDeskQuery(valid ? id : skipToken);
  const locations = useGetAllLocationsQuery();
  const products = useGetAllProductsQuery();
  return (
    <PageFrame
      title={data && valid ? data.name : t('desk_title')}
      maxWidth={1000}
      actions={
        <Button component={RouterLink} to="/front-desks" startIcon={<ArrowBack />}>
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
        {(desk) => (
          // A failed location or product list is an error, never "no such desk".
          <QueryState data={locations.data} error={locations.error} isLoading={locations.isLoading}>
            {(allLocations) => (
              <QueryState data={products.data} error={products.error} isLoading={products.isLoading}>
                {(allProducts) => <DeskEditor desk={desk} locations={allLocations} products={allProducts} />}
              </QueryState>
            )}
          </QueryState>
        )}
      </QueryState>
    </PageFrame>
  );
}
