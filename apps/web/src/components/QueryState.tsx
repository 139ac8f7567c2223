import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { httpStatusOf } from '../lib/apiError';
import { PageLoader } from './PageLoader';

/**
 * A list's "nothing here": the text, and what counts as nothing — an array without items unless
 * `isEmpty` says otherwise (a page of results, say). A detail or a form has no empty state and passes
 * neither.
 */
type EmptyState<T> =
  | { empty: string; isEmpty: (data: T) => boolean }
  | (T extends readonly unknown[] ? { empty: string; isEmpty?: never } : never)
  | { empty?: never; isEmpty?: never };

/**
 * Loading, failure and "nothing here" for a list or detail query; renders `children` only with data.
 * A failed call is an error the user sees, never an empty list: a 404 on a list means the endpoint is
 * missing. Only a detail query passes `notFound`, the text for a 404 on its own id ("no such desk"), also
 * shown when the page asks for nothing because the id cannot exist (its data left undefined).
 */
export function QueryState<T>({
  data,
  error,
  isLoading,
  empty,
  notFound,
  isEmpty,
  children,
}: {
  data: T | undefined;
  error: unknown;
  isLoading: boolean;
  notFound?: string;
  children: (data: T) => ReactNode;
} & EmptyState<T>) {
  const { t } = useTranslation();
  if (isLoading) return <PageLoader />;
  if (error && notFound && httpStatusOf(error) === 404) return <Alert severity="info">{notFound}</Alert>;
  if (error) return <Alert severity="error">{t('general.error')}</Alert>;
  if (data === undefined) {
    const nothing = notFound ?? empty;
    return nothing === undefined ? null : <Alert severity="info">{nothing}</Alert>;
  }
  const nothingThere = isEmpty
    ? isEmpty(data)
    : empty !== undefined && Array.isArray(data) && data.length === 0;
  if (nothingThere) return <Alert severity="info">{empty}</Alert>;
  return <>{children(data)}</>;
}
