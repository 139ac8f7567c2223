import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { addressOf, type Organisation } from '@balie/shared';
import { ExternalLink } from '../../components/ExternalLink';

/**
 * The foot of every public page (DESIGN §4b): how to reach the organisation, its privacy and
 * accessibility statements, the way back to its website, and the product's name as "powered by".
 */
export function PublicFooter({ organisation: o }: { organisation: Organisation }) {
  const { t } = useTranslation();
  const address = addressOf(o);
  return (
    <Box
      component="footer"
      sx={{
        bgcolor: 'background.paper',
        borderTop: 1,
        borderColor: 'divider',
        py: { xs: 3, md: 4 },
        mt: 'auto',
      }}
    >
      <Container
        maxWidth="lg"
        sx={{ display: 'grid', gap: 3, gridTemplateColumns: { md: '1fr 1fr' }, alignItems: 'start' }}
      >
        <Box component="section" aria-labelledby="footer-contact">
          <Typography
            id="footer-contact"
            component="h2"
            variant="subtitle1"
            sx={{ fontWeight: 700, mb: 0.5 }}
          >
            {o.name || t('app_name')}
          </Typography>
          {address && <Typography variant="body2">{address}</Typography>}
          {o.phone && (
            <Typography variant="body2">
              {t('organisation.phone')}: <Link href={`tel:${o.phone.replace(/[^+\d]/g, '')}`}>{o.phone}</Link>
            </Typography>
          )}
          {o.email && (
            <Typography variant="body2">
              {t('organisation.email')}: <Link href={`mailto:${o.email}`}>{o.email}</Link>
            </Typography>
          )}
        </Box>
        <Box component="nav" aria-label={t('footer.label')}>
          <Box
            component="ul"
            sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1, '& a': { minHeight: 24 } }}
          >
            <li>
              <Link component={RouterLink} to="/privacy">
                {t('footer.privacy')}
              </Link>
            </li>
            <li>
              <Link component={RouterLink} to="/accessibility">
                {t('footer.accessibility')}
              </Link>
            </li>
            {o.website && (
              <li>
                <ExternalLink href={o.website}>{t('back_to_provider')}</ExternalLink>
              </li>
            )}
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            {t('footer.powered_by', { product: t('app_name') })}
          </Typography>
        </Box>
      </Container>
    </Box>
  );
}
