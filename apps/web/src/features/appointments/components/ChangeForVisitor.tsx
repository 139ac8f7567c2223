import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Appointment, AppointmentItemInput } from '@balie/shared';
import { AppointmentChanger } from '../../../components/scheduling/AppointmentChanger';
import { CurrentAppointment } from '../../../components/scheduling/CurrentAppointment';
import { useNotify } from '../../../components/notifier/NotifierContext';
import { APPOINTMENTS_PATH } from '../paths';
import { visitorName } from '../status';
import { VisitorItemsEditor } from './VisitorItemsEditor';

/**
 * Staff changing an appointment for a visitor (DESIGN §4b *Staff*, §5 PATCH): the visitor's appointment,
 * its products, a new slot; the texts speak of the visitor; afterwards back to the appointments list.
 */
export function ChangeForVisitor({
  appointment,
  onNotPossible,
}: {
  appointment: Appointment;
  onNotPossible: () => void;
}) {
  const { t } = useTranslation('appointments');
  const navigate = useNavigate();
  const notify = useNotify();
  const [items, setItems] = useState<AppointmentItemInput[]>(() =>
    appointment.appointmentItems.map((i) => ({ productId: i.product.id, amount: i.amount })),
  );
  return (
    <>
      <CurrentAppointment appointment={appointment} heading={t('change.visitorCurrent')} />
      <VisitorItemsEditor value={items} onChange={setItems} />
      {items.length > 0 && (
        <AppointmentChanger
          appointment={appointment}
          items={items}
          forVisitor
          onChanged={() => {
            notify(t('change.visitorChanged', { name: visitorName(appointment) }), 'success');
            navigate(APPOINTMENTS_PATH);
          }}
          onNotPossible={onNotPossible}
        />
      )}
    </>
  );
}
