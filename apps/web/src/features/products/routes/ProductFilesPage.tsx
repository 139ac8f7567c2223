import { useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Delete from '@mui/icons-material/Delete';
import Download from '@mui/icons-material/Download';
import UploadFile from '@mui/icons-material/UploadFile';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useTranslation } from 'react-i18next';
import type { AdminProduct, ProductFile } from '@balie/shared';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { InlineLoading } from '../../../components/InlineLoading';
import { PageFrame } from '../../../components/PageFrame';
import { QueryState } from '../../../components/QueryState';
import { Section } from '../../../components/Section';
import { useNotify } from '../../../components/notifier/NotifierContext';
import { useReportSave } from '../../../components/notifier/useReportSave';
import { apiErrorOf, httpStatusOf } from '../../../lib/apiError';
import {
  productFileUrl,
  useDeleteProductFileMutation,
  useGetProductQuery,
  useUploadProductFileMutation,
} from '../api';
import { useProductIdParam } from '../useProductIdParam';

function sizeText(bytes: number, language: string): string {
  const kb = bytes / 1024;
  const format = new Intl.NumberFormat(language, { maximumFractionDigits: 1 });
  return kb < 1024 ? `${format.format(kb)} kB` : `${format.format(kb / 1024)} MB`;
}

/**
 * The text for a refused upload: too large (413), unsupported type (415) and a product that holds its
 * 20 files or 100 MB already (409) say what to do.
 */
function uploadErrorKey(error: unknown): string {
  const code = apiErrorOf(error)?.code;
  if (code === 'too_many_files') return 'upload_too_many_files';
  if (code === 'files_too_large') return 'upload_product_full';
  const status = httpStatusOf(error);
  if (status === 413) return 'upload_too_large';
  if (status === 415) return 'upload_unsupported';
  return 'common:general.error';
}

function Upload({ productId }: { productId: number }) {
  const { t } = useTranslation(['products', 'common']);
  const notify = useNotify();
  const [upload, { isLoading }] = useUploadProductFileMutation();
  const [refused, setRefused] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const send = async (file: File) => {
    setRefused(null);
    const result = await upload({ productId, file });
    if (result.error) setRefused(t(uploadErrorKey(result.error), { name: file.name }));
    else notify(t('uploaded', { name: file.name }), 'success');
  };
  return (
    <Box>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('upload_hint')}
      </Typography>
      {refused && (
        <Alert severity="error" sx={{ mb: 2 }} onClose={() => setRefused(null)}>
          {refused}
        </Alert>
      )}
      {/* The input stays hidden: a button that opens it is one control, a label wrapping it is two. */}
      <input
        ref={input}
        type="file"
        hidden
        accept=".pdf,.png,.jpg,.jpeg,.gif,.webp,.docx,.xlsx,.pptx,.odt,.ods,.odp"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = ''; // the same file may be chosen again after a refusal
          if (file) void send(file);
        }}
      />
      <Button
        variant="contained"
        startIcon={<UploadFile />}
        disabled={isLoading}
        onClick={() => input.current?.click()}
      >
        {t('upload')}
      </Button>
      {isLoading && <InlineLoading text={t('uploading')} />}
    </Box>
  );
}

function FileList({ product }: { product: AdminProduct }) {
  const { t, i18n } = useTranslation(['products', 'common']);
  const reportSave = useReportSave();
  const [deleteFile] = useDeleteProductFileMutation();
  const [confirm, setConfirm] = useState<ProductFile | null>(null);
  const remove = async (file: ProductFile) => {
    setConfirm(null);
    reportSave(
      await deleteFile({ productId: product.id, fileId: file.id }),
      t('file_deleted', { name: file.fileName }),
    );
  };
  if (product.files.length === 0) return <Alert severity="info">{t('no_files')}</Alert>;
  return (
    <>
      <List aria-label={t('files')}>
        {product.files.map((f) => (
          <ListItem
            key={f.id}
            disablePadding
            secondaryAction={
              <IconButton
                edge="end"
                aria-label={t('delete_file', { name: f.fileName })}
                onClick={() => setConfirm(f)}
              >
                <Delete />
              </IconButton>
            }
          >
            <ListItemButton component="a" href={productFileUrl(product.id, f.id)} download={f.fileName}>
              <ListItemIcon>
                <Download />
              </ListItemIcon>
              <ListItemText
                primary={f.fileName}
                secondary={`${sizeText(f.size, i18n.language)} · ${f.mimeType}`}
                slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
              />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
      <ConfirmDialog
        open={confirm !== null}
        title={t('delete_file_confirm', { name: confirm?.fileName })}
        text={t('delete_file_text')}
        confirmLabel={t('common:action.delete')}
        onConfirm={() => confirm && void remove(confirm)}
        onClose={() => setConfirm(null)}
      />
    </>
  );
}

/** /product/:productId/files (admin): upload, list, download and delete the files of one product. */
export default function ProductFilesPage() {
  const { t } = useTranslation('products');
  const id = useProductIdParam();
  const { data, error, isLoading } = useGetProductQuery(id ?? skipToken);
  return (
    <PageFrame
      title={data && id ? t('files_of', { title: data.title }) : t('files_title')}
      maxWidth={1000}
      actions={
        id && (
          <Button component={RouterLink} to={`/product/${id}`} startIcon={<ArrowBack />}>
            {t('back_to_product')}
          </Button>
        )
      }
    >
      <QueryState data={id ? data : undefined} error={error} isLoading={isLoading} notFound={t('not_found')}>
        {(product) => (
          <>
            <Section title={t('upload_title')}>
              <Upload productId={product.id} />
            </Section>
            <Section title={t('files')}>
              <FileList product={product} />
            </Section>
          </>
        )}
      </QueryState>
    </PageFrame>
  );
}
