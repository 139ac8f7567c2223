import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ContentCopy from '@mui/icons-material/ContentCopy';
import { useTranslation } from 'react-i18next';
import { websiteOriginOf, type Organisation } from '@balie/shared';
import { Section } from '../../../components/Section';
import { EMBED_HEIGHT_MESSAGE } from '../../../lib/embed';

/**
 * The copy-paste snippet for the organisation's own website (DESIGN §4b, decision 0394): an iframe of
 * `/new?embed=1` and a few lines that set its height from the page's messages, accepted only from this
 * product's origin.
 */
export function embedSnippet(productOrigin: string, title: string): string {
  const id = 'balie-afspraak';
  return [
    `<iframe id="${id}" src="${productOrigin}/new?embed=1" title="${title.replace(/"/g, '&quot;')}"`,
    `  style="width:100%;height:720px;border:0;display:block" loading="lazy"></iframe>`,
    `<script>`,
    `  window.addEventListener('message', function (event) {`,
    `    if (event.origin !== '${productOrigin}') return;`,
    `    var data = event.data;`,
    `    if (data && data.type === '${EMBED_HEIGHT_MESSAGE}' && typeof data.height === 'number')`,
    `      document.getElementById('${id}').style.height = data.height + 'px';`,
    `  });`,
    `</script>`,
  ].join('\n');
}

export function EmbedSection({ organisation }: { organisation: Organisation }) {
  const { t } = useTranslation(['organisation', 'booking']);
  const [copied, setCopied] = useState<boolean | null>(null);
  const origin = websiteOriginOf(organisation.website);
  const snippet = embedSnippet(window.location.origin, t('booking:title'));
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(snippet);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <Section title={t('embed.title')}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('embed.intro')}
      </Typography>
      {origin ? (
        <Typography sx={{ mb: 2 }}>{t('embed.allowed', { origin })}</Typography>
      ) : (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('embed.no_website')}
        </Alert>
      )}
      <Box
        component="pre"
        tabIndex={0}
        aria-label={t('embed.snippet')}
        sx={{
          m: 0,
          p: 2,
          bgcolor: 'grey.100',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          overflowX: 'auto',
          fontSize: 13,
          whiteSpace: 'pre',
        }}
      >
        <code>{snippet}</code>
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 2, flexWrap: 'wrap' }}>
        <Button variant="outlined" startIcon={<ContentCopy />} onClick={() => void copy()}>
          {t('embed.copy')}
        </Button>
        <Typography role="status" variant="body2">
          {copied === true ? t('embed.copied') : copied === false ? t('embed.copy_failed') : ''}
        </Typography>
      </Box>
    </Section>
  );
}
