import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { BookingStep } from '../store/draftSlice';

/**
 * Where the visitor is: a stepper on wider screens, "Step 2 of 4" on a phone. `steps`: this booking's
 * steps (the location step only when there is a location to choose).
 */
export function BookingStepper({ step, steps: STEPS }: { step: BookingStep; steps: BookingStep[] }) {
  const { t } = useTranslation('booking');
  const active = step === 'done' ? STEPS.length : STEPS.indexOf(step);
  return (
    <>
      <Stepper activeStep={active} sx={{ display: { xs: 'none', sm: 'flex' }, mb: 3 }}>
        {STEPS.map((s) => (
          <Step key={s}>
            <StepLabel>{t(`steps.${s}`)}</StepLabel>
          </Step>
        ))}
      </Stepper>
      {step !== 'done' && (
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ display: { xs: 'block', sm: 'none' }, mb: 1 }}
        >
          {t('steps.progress', { current: active + 1, total: STEPS.length, name: t(`steps.${step}`) })}
        </Typography>
      )}
    </>
  );
}
