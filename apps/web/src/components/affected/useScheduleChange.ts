import { useTranslation } from 'react-i18next';
import { useNotify } from '../notifier/NotifierContext';
import { apiErrorOf } from '../../lib/apiError';
import { useAffectedAppointments, type ChangeOutcome } from './useAffectedAppointments';

/**
 * Runs a schedule change (of a desk, a closure or a location) through the affected-appointments dialog
 * and reports the outcome in the snackbar. `report` answers true when the server took the change;
 * `refusals` names the text for an error code the screen explains itself (`desk_in_use`).
 */
export function useScheduleChange() {
  const { t } = useTranslation('common');
  const notify = useNotify();
  const { change, dialog } = useAffectedAppointments();
  const report = <R>(
    outcome: ChangeOutcome<R>,
    success: string,
    refusals: Partial<Record<string, string>> = {},
  ): outcome is { data: R } => {
    if ('cancelled' in outcome) return false;
    if (outcome.error !== undefined) {
      const code = apiErrorOf(outcome.error)?.code;
      notify((code && refusals[code]) || t('general.error'), 'error');
      return false;
    }
    notify(success, 'success');
    return true;
  };
  return { change, report, dialog };
}
