import Box from '@mui/material/Box';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../components/PageFrame';
import { Pager } from '../../../components/Pager';
import { QueryState } from '../../../components/QueryState';
import { useListAuditEventsQuery } from '../api/auditApi';
import { AuditEventRow } from '../components/AuditEventRow';
import { AuditFilterBar, type AuditFilter } from '../components/AuditFilterBar';

const PAGE_SIZES = [20, 50, 100];

/** /audit (admin): the audit trail, newest first, with filters by kind, date and who, page by page. */
export default function AuditPage() {
  const { t } = useTranslation('audit');
  const [filter, setFilter] = useState<AuditFilter>({});
  // The name typed settles before it is asked for.
  const deferred = useDeferredValue(filter);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[0] ?? 20);
  const query = useListAuditEventsQuery({
    ...deferred,
    actor: deferred.actor?.trim() || undefined,
    page,
    pageSize,
  });
  return (
    <PageFrame title={t('title')}>
      <AuditFilterBar
        filter={filter}
        onChange={(next) => {
          setFilter(next);
          setPage(1);
        }}
      />
      <QueryState
        data={query.data}
        error={query.error}
        isLoading={query.isLoading}
        empty={t('empty')}
        isEmpty={(d) => d.items.length === 0}
      >
        {(data) => (
          <>
            <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
              {data.items.map((event) => (
                <AuditEventRow key={event.id} event={event} />
              ))}
            </Box>
            <Pager
              total={data.total}
              page={page}
              pageSize={pageSize}
              pageSizes={PAGE_SIZES}
              onPage={setPage}
              onPageSize={setPageSize}
            />
          </>
        )}
      </QueryState>
    </PageFrame>
  );
}
