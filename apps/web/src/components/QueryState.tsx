import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { httpStatusOf } from '../lib/apiError';
import { PageLoader } from './PageLoader';

/**
 * Loading, failure and "nothing here" for a list or detail query; renders `children` only with data.
 * A 404 counts as empty: the admin lists treat "no such collection yet" like an empty one.
 */
export function QueryState<T>({
  data,
  error,
  isLoading,
  empty,
  isEmpty = (d) => Array.isArray(d) && d.length === 0,
  children,
}: {
  data: T | undefined;
  error: unknown;
  isLoading: boolean;
  empty: string;
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (isLoading) return <PageLoader />;
  if (error && httpStatusOf(error) !== 404) return <Alert severity="error">{t('general.error')}</Alert>;
  if (data === undefined || isEmpty(data)) return <Alert severity="info">{empty}</Alert>;
  return <>{children(data)}</>;
}
