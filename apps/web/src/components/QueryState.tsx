import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { httpStatusOf } from '../lib/apiError';
import { PageLoader } from './PageLoader';

/**
 * Loading, failure and "nothing here" for a list or detail query; renders `children` only with data.
 * A failed call is an error the user sees, never an empty list: a 404 on a list means the endpoint is
 * missing. Only a detail query passes `notFound`, the text for a 404 on its own id ("no such desk").
 */
export function QueryState<T>({
  data,
  error,
  isLoading,
  empty,
  notFound,
  isEmpty = (d) => Array.isArray(d) && d.length === 0,
  children,
}: {
  data: T | undefined;
  error: unknown;
  isLoading: boolean;
  empty: string;
  notFound?: string;
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (isLoading) return <PageLoader />;
  if (error && notFound && httpStatusOf(error) === 404) return <Alert severity="info">{notFound}</Alert>;
  if (error) return <Alert severity="error">{t('general.error')}</Alert>;
  if (data === undefined || isEmpty(data)) return <Alert severity="info">{empty}</Alert>;
  return <>{children(data)}</>;
}
