import { useTranslation } from 'react-i18next';
import { useNotify } from '../../../components/notifier/NotifierContext';
import { apiErrorOf } from '../../../lib/apiError';
import { useAffectedAppointments, type ChangeOutcome } from '../affected/useAffectedAppointments';

/**
 * Runs a schedule change through the affected-appointments dialog and reports the outcome in the
 * snackbar. `run` answers true when the server took the change.
 */
export function useScheduleChange() {
  const { t } = useTranslation(['desks', 'common']);
  const notify = useNotify();
  const { change, dialog } = useAffectedAppointments();
  const report = <R>(outcome: ChangeOutcome<R>, success: string): outcome is { data: R } => {
    if ('cancelled' in outcome) return false;
    if (outcome.error !== undefined) {
      const code = apiErrorOf(outcome.error)?.code;
      notify(code === 'desk_in_use' ? t('desks:delete_in_use') : t('common:general.error'), 'error');
      return false;
    }
    notify(success, 'success');
    return true;
  };
  return { change, report, dialog };
}
