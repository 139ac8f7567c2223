import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../lib/store/hooks';
import { useGetLocationsQuery } from '../../../components/locations/locationListApi';
import { PageFrame } from '../../../components/PageFrame';
import { BOOKING_PAGE_WIDTH } from '../lib/pageWidth';
import { BookingStepper } from '../components/BookingStepper';
import { ProductsStep } from '../components/ProductsStep';
import { StepMovedContext } from '../components/StepHeading';
import { selectDraftChooseLocation, selectDraftStep } from '../store/draftSlice';
import { flowStepsOf } from '../lib/stepNavigation';
import { useChoicesFromLink } from '../lib/useChoicesFromLink';
import { useStepHistory } from '../lib/useStepHistory';

// Only the first screen (products) comes with the page; every later step (the calendar, the form with
// react-hook-form and the zod resolver, the end of the flow) loads when needed so /new paints fast (DESIGN §10).
const LocationStep = lazy(() =>
  import('../components/LocationStep').then((m) => ({ default: m.LocationStep })),
);
const TimeStep = lazy(() => import('../components/TimeStep').then((m) => ({ default: m.TimeStep })));
const DetailsStep = lazy(() => import('../components/DetailsStep').then((m) => ({ default: m.DetailsStep })));
const ReviewStep = lazy(() => import('../components/ReviewStep').then((m) => ({ default: m.ReviewStep })));
const SuccessStep = lazy(() => import('../components/SuccessStep').then((m) => ({ default: m.SuccessStep })));

/**
 * /new: the guest booking flow (spec §2), products → location (only when several serve them, DESIGN §4b)
 * → date and time → details → review → done.
 */
export default function NewAppointmentPage() {
  const { t } = useTranslation('booking');
  const step = useAppSelector(selectDraftStep);
  const chooseLocation = useAppSelector(selectDraftChooseLocation);
  // The active locations (public, cached for the location step): with several, the count has the location
  // step from the first screen on. Until they are known the counter waits, so it never changes its total.
  const locations = useGetLocationsQuery();
  const severalLocations = (locations.data?.length ?? 0) > 1;
  const countKnown = chooseLocation || locations.data !== undefined || locations.isError;
  useChoicesFromLink();
  useStepHistory();
  // Remember whether the step changed since the page opened (state derived during render, as React advises).
  const [firstStep] = useState(step);
  const [moved, setMoved] = useState(false);
  if (!moved && step !== firstStep) setMoved(true);
  return (
    <PageFrame title={t('title')} maxWidth={BOOKING_PAGE_WIDTH}>
      {countKnown && <BookingStepper step={step} steps={flowStepsOf({ chooseLocation }, severalLocations)} />}
      <StepMovedContext value={moved}>
        <Suspense
          fallback={
            <Box role="status" sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
              <CircularProgress aria-label={t('loading')} />
            </Box>
          }
        >
          {step === 'products' && <ProductsStep />}
          {step === 'location' && <LocationStep />}
          {step === 'time' && <TimeStep />}
          {step === 'details' && <DetailsStep />}
          {step === 'review' && <ReviewStep />}
          {step === 'done' && <SuccessStep />}
        </Suspense>
      </StepMovedContext>
    </PageFrame>
  );
}
