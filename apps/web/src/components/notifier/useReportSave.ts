import { useTranslation } from 'react-i18next';
import { useNotify } from './NotifierContext';

/** A mutation's result as RTK Query answers it: data, or the error (always an object). */
type MutationResult = { data: unknown; error?: undefined } | { data?: undefined; error: object };

/** The data of a result's success member (inferring it from the union would add `undefined`). */
type DataOf<R> = R extends { data: infer T; error?: undefined } ? T : never;

/** What a form's save learns: it went through (with the server's answer), or why not. */
export type SaveResult<T> = { ok: true; data: T } | { ok: false; error: unknown };

/**
 * Tells the user how a save went — `success` on success, the generic error otherwise — and hands the
 * outcome back so the form can keep its values (and show field errors) or move on.
 */
export function useReportSave() {
  const { t } = useTranslation('common');
  const notify = useNotify();
  return <R extends MutationResult>(result: R, success: string): SaveResult<DataOf<R>> => {
    if (result.error !== undefined) {
      notify(t('general.error'), 'error');
      return { ok: false, error: result.error };
    }
    notify(success, 'success');
    // Without an error the result is its success member, whose data DataOf<R> names.
    return { ok: true, data: result.data as DataOf<R> };
  };
}
