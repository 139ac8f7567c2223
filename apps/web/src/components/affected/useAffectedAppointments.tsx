import { useCallback, useRef, useState } from 'react';
import type { AffectedAppointmentsDecision, AppointmentsAffectedError } from '@balie/shared';
import { AffectedAppointmentsDialog } from './AffectedAppointmentsDialog';
import { affectedAppointmentsOf } from './affectedAppointmentsOf';

type Outcome<R> = { data: R; error?: undefined } | { data?: undefined; error: unknown };
/** What a change ended in; `cancelled` when the admin closed the dialog (nothing was changed). */
export type ChangeOutcome<R> = Outcome<R> | { cancelled: true };

/**
 * Sends a schedule change; on 409 `appointments_affected` it shows the dialog and resends the same change
 * with the admin's decision. `send(decision)` must build the whole request (body or query) itself.
 */
export function useAffectedAppointments() {
  const [affected, setAffected] = useState<Pick<
    AppointmentsAffectedError,
    'appointments' | 'reassignment'
  > | null>(null);
  const answer = useRef<(decision: AffectedAppointmentsDecision | null) => void>(() => undefined);

  const change = useCallback(
    async <R,>(
      send: (decision?: AffectedAppointmentsDecision) => Promise<Outcome<R>>,
    ): Promise<ChangeOutcome<R>> => {
      const first = await send();
      const affected = affectedAppointmentsOf(first.error);
      if (!affected) return first;
      const decision = await new Promise<AffectedAppointmentsDecision | null>((resolve) => {
        answer.current = resolve;
        setAffected(affected);
      });
      setAffected(null);
      return decision ? send(decision) : { cancelled: true };
    },
    [],
  );

  const dialog = (
    <AffectedAppointmentsDialog
      appointments={affected?.appointments ?? null}
      reassignment={affected?.reassignment}
      onChoose={(decision) => answer.current(decision)}
      onCancel={() => answer.current(null)}
    />
  );
  return { change, dialog };
}
