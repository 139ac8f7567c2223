import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../lib/store/hooks';
import { selectDraft, softReset, stepChanged, type BookingStep } from '../store/draftSlice';
import { selectReservation } from '../store/reservationSlice';
import { loadedPersonalDataCheck, loadPersonalDataCheck } from './personalDataCheck';
import { needsPersonalDataCheck, reachableStep, stepFromParam } from './stepNavigation';

/**
 * Keeps the booking step and the address (`/new?step=…`) in step, so each step is a history entry
 * (issue 9 item 2, decision 0186):
 * - the store moved (a Next/Back button, an expiry, the confirmation) → a new history entry; a forced
 *   return to the time step (hold lost) replaces the entry instead, so Back does not lead to a step
 *   that no longer exists;
 * - the address moved (browser Back/Forward, a typed or reloaded address) → the store follows, to the
 *   furthest step the draft allows; the address is corrected (replace) when it asked for more.
 */
export function useStepHistory() {
  const [params, setParams] = useSearchParams();
  const urlStep = stepFromParam(params.get('step'));
  const draft = useAppSelector(selectDraft);
  const hasHold = useAppSelector(selectReservation) !== null;
  const dispatch = useAppDispatch();
  // The step and address last agreed on; null until the first sync. `replaced` is the address this hook
  // has just asked the router to change: the router applies that in a transition, so an urgent render
  // (a click) can still show it, and it must not read as the visitor moving there (decision 0282).
  const synced = useRef<{
    step: BookingStep;
    url: BookingStep | null;
    replaced?: BookingStep | null;
  } | null>(null);
  // The personal-data check comes with zod, loaded once a hold exists (decision 0245); this re-runs the sync.
  const [personalDataValid, setPersonalDataValid] = useState(loadedPersonalDataCheck);
  const checkMissing = personalDataValid === undefined && needsPersonalDataCheck(draft, hasHold);

  useEffect(() => {
    if (!checkMissing) return;
    let current = true;
    void loadPersonalDataCheck().then((check) => current && setPersonalDataValid(() => check));
    return () => {
      current = false;
    };
  }, [checkMissing]);

  useEffect(() => {
    const writeStep = (step: BookingStep, replace: boolean) =>
      setParams(
        (current) => {
          current.set('step', step);
          return current;
        },
        { replace },
      );
    const last = synced.current;
    if (last && last.step !== draft.step) {
      synced.current = { step: draft.step, url: draft.step };
      const forced = draft.step === 'time' && draft.notice !== null;
      if (urlStep !== draft.step) {
        synced.current.replaced = urlStep;
        writeStep(draft.step, forced);
      }
      return;
    }
    if (last && last.url === urlStep) {
      delete last.replaced; // the router has caught up
      return;
    }
    if (last && 'replaced' in last && last.replaced === urlStep) return;

    // First render, or the address changed under us: the store follows as far as the draft allows.
    if (checkMissing) return;
    // Not loaded means not needed: reachableStep asks only when needsPersonalDataCheck says so.
    let target = reachableStep(urlStep ?? draft.step, draft, hasHold, personalDataValid ?? (() => false));
    if (draft.step === 'done' && urlStep !== null && urlStep !== 'done') {
      // Back from the confirmation: the booking is made; a new one starts, keeping products and details.
      dispatch(softReset());
      target = 'products';
    } else if (target !== draft.step) {
      dispatch(stepChanged(target));
    }
    synced.current = { step: target, url: target };
    if (urlStep !== target) {
      synced.current.replaced = urlStep;
      writeStep(target, true);
    }
  }, [urlStep, draft, hasHold, checkMissing, personalDataValid, dispatch, setParams]);
}
