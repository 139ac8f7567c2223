import type { TFunction } from 'i18next';
import type { PrivacyEraseResult } from '@balie/shared';

/**
 * What an erasure did, in one sentence counted in words (issue 34 item 13 (5)): "Erased for x: 2
 * appointments cancelled, 5 anonymised, account deleted." The cancelled appointments are among the
 * anonymised ones (the server cancels what is ahead, then erases every appointment).
 */
export function erasureSentence(
  t: TFunction<'privacy'> | TFunction,
  email: string,
  result: PrivacyEraseResult,
) {
  const { appointmentsCancelled: cancelled, appointmentsAnonymised: anonymised } = result;
  const parts = [
    ...(cancelled > 0 ? [t('privacy:done.cancelled', { count: cancelled })] : []),
    ...(anonymised > 0
      ? [t(cancelled > 0 ? 'privacy:done.also_anonymised' : 'privacy:done.anonymised', { count: anonymised })]
      : []),
  ];
  if (parts.length === 0) parts.push(t('privacy:done.none'));
  parts.push(t(result.accountDeleted ? 'privacy:done.account' : 'privacy:done.no_account'));
  return `${t('privacy:done.title', { email })} ${parts.join(', ')}.`;
}
