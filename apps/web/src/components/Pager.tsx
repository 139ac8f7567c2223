import TablePagination from '@mui/material/TablePagination';
import { useTranslation } from 'react-i18next';

/**
 * The pager under every paginated list (pages counted from 1, as the API does): page, rows per page
 * (changing it goes back to page 1), "1–10 of 42". Wraps on a phone instead of running off the screen.
 */
export function Pager({
  total,
  page,
  pageSize,
  pageSizes,
  onPage,
  onPageSize,
}: {
  total: number;
  page: number;
  pageSize: number;
  pageSizes: number[];
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <TablePagination
      component="div"
      count={total}
      page={page - 1}
      onPageChange={(_e, p) => onPage(p + 1)}
      rowsPerPage={pageSize}
      rowsPerPageOptions={pageSizes}
      onRowsPerPageChange={(e) => {
        onPageSize(Number(e.target.value));
        onPage(1);
      }}
      labelRowsPerPage={t('pager.rows_per_page')}
      labelDisplayedRows={({ from, to, count }) => t('pager.displayed_rows', { from, to, count })}
      sx={{
        // A phone wraps the controls (the spacer would take a whole line); wider screens keep them right.
        '.MuiTablePagination-toolbar': { flexWrap: { xs: 'wrap', sm: 'nowrap' }, pl: 2 },
        '.MuiTablePagination-spacer': { display: { xs: 'none', sm: 'block' } },
      }}
    />
  );
}
