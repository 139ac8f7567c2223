import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import { useTranslation } from 'react-i18next';
import { downloadCsv, toCsv } from '../lib/csv';

export interface FigureTable {
  header: string[];
  rows: Array<Array<string | number | null>>;
}

/**
 * One chart with its numbers: the drawing is inert (no focus, hidden from screen readers), which read the same numbers
 * as a table instead (visually hidden unless `showTable`), and the CSV button downloads that table.
 */
export function FigureCard({
  id,
  title,
  description,
  fileName,
  table,
  showTable = false,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  fileName: string;
  table: FigureTable;
  showTable?: boolean;
  children?: ReactNode;
}) {
  const { t, i18n } = useTranslation('statistics');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const format = (v: string | number | null) =>
    v === null ? '—' : typeof v === 'number' ? v.toLocaleString(language) : v;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={`${id}-title`} sx={{ p: 2, minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography id={`${id}-title`} variant="h6" component="h2">
            {title}
          </Typography>
          {description && (
            <Typography variant="body2" color="text.secondary">
              {description}
            </Typography>
          )}
        </Box>
        <Button
          size="small"
          startIcon={<DownloadOutlined />}
          onClick={() => downloadCsv(fileName, toCsv(table.header, table.rows, language))}
          aria-label={t('csv_of', { title })}
        >
          {t('csv')}
        </Button>
      </Box>
      {children && (
        // inert: out of the tab order and hidden from screen readers (x-charts makes its SVG focusable).
        <Box inert data-testid={`${id}-chart`}>
          {children}
        </Box>
      )}
      <Box sx={showTable ? { overflowX: 'auto' } : visuallyHidden}>
        <Table size="small" aria-label={title}>
          <TableHead>
            <TableRow>
              {table.header.map((h, i) => (
                <TableCell key={i} align={i === 0 ? 'left' : 'right'}>
                  {h}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {table.rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={table.header.length}>{t('no_figures')}</TableCell>
              </TableRow>
            ) : (
              table.rows.map((row, r) => (
                <TableRow key={r}>
                  {row.map((v, i) =>
                    i === 0 ? (
                      <TableCell key={i} component="th" scope="row">
                        {format(v)}
                      </TableCell>
                    ) : (
                      <TableCell key={i} align="right">
                        {format(v)}
                      </TableCell>
                    ),
                  )}
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </Box>
    </Paper>
  );
}
