import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../components/PageFrame';
import { WebhooksSection } from '../components/WebhooksSection';

/** The webhooks' own admin page until the integrations screen holds the section (WEBHOOKS_PATH). */
export default function WebhooksPage() {
  const { t } = useTranslation('webhooks');
  return (
    <PageFrame title={t('page_title')} maxWidth={960}>
      <WebhooksSection />
    </PageFrame>
  );
}
