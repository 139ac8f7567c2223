import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/PageFrame';
import { IntegrationClientsSection } from '../../features/integrations/components/IntegrationClientsSection';
import { WebhooksSection } from '../../features/webhooks/components/WebhooksSection';

/**
 * Composed here because it holds two features (app/ composes, features do not import each other).
 * /integrations, *Koppelingen* (admin, DESIGN §4c): how Balie connects to the organisation's other
 * systems: the systems that book through it (Open Forms' JCC REST plugin and the like) and the webhooks
 * that tell other systems what happened.
 */
export default function IntegrationsPage() {
  const { t } = useTranslation('integrations');
  return (
    <PageFrame title={t('title')} maxWidth={960}>
      <Typography sx={{ mb: 3 }}>{t('intro')}</Typography>
      <IntegrationClientsSection />
      <WebhooksSection />
    </PageFrame>
  );
}
