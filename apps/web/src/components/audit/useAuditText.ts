import { useTranslation } from 'react-i18next';
import type { AppointmentHistoryEntry, AuditActor } from '@balie/shared';
import { formatShortDate, formatTime } from '../../lib/dates';

/** "12-3-2030 09:00": a moment of the trail, short, in the provider's zone. */
export const formatMoment = (iso: string, language: string) =>
  `${formatShortDate(iso, language)} ${formatTime(iso)}`;

/** An appointment's place in time as a move names it: "13-3-2030 09:00, Balie 2". */
function slotText(entry: AppointmentHistoryEntry, side: 'before' | 'after', language: string): string {
  const from = entry.changes?.fromDateTime?.[side];
  const desk = entry.changes?.desk?.[side];
  return [
    typeof from === 'string' ? formatMoment(from, language) : null,
    typeof desk === 'string' ? desk : null,
  ]
    .filter(Boolean)
    .join(', ');
}

/**
 * Who and what of the audit trail in words (decision 0201), shared by the appointment's history and the
 * admin audit screen: "visitor (by link)", "Anna de Vries (staff)", "Moved from … to …".
 */
export function useAuditText() {
  const { t, i18n } = useTranslation('audit');

  function actorText(actor: AuditActor): string {
    if (actor.type === 'link') return t('actor.link');
    if (actor.type === 'system') return t('actor.system');
    if (actor.type === 'client')
      return actor.name ? t('actor.client', { name: actor.name }) : t('actor.client_unnamed');
    const name = actor.name ?? actor.email;
    if (!name) return actor.staff ? t('actor.staff_unnamed') : t('actor.unknown');
    return actor.staff ? t('actor.staff', { name }) : name;
  }

  function actionText(action: string): string {
    return t(`action.${action}`, { defaultValue: action });
  }

  /** One line of an appointment's history: what happened, with from/to for a move. */
  function historyText(entry: AppointmentHistoryEntry): string {
    const moved = entry.action === 'appointment_moved' || entry.action === 'appointment_reassigned';
    if (moved && (entry.changes?.fromDateTime || entry.changes?.desk)) {
      return t('history.moved', {
        from: slotText(entry, 'before', i18n.language),
        to: slotText(entry, 'after', i18n.language),
      });
    }
    if (entry.action === 'appointment_updated') {
      const fields = Object.keys(entry.changes ?? {}).map((f) => t(`field.${f}`, { defaultValue: f }));
      return t('history.updated', { fields: fields.join(', ') });
    }
    return actionText(entry.action);
  }

  return { actorText, actionText, historyText };
}
