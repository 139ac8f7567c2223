import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { privacyStatementText, uiLanguageOf } from '@balie/shared';
import { PageFrame } from '../../../components/PageFrame';
import { QueryState } from '../../../components/QueryState';
import { useGetOrganisationQuery } from '../../../components/organisation/organisationApi';
import { statementBlocks } from '../statementBlocks';

/**
 * /privacy (public): the organisation's privacy statement in the interface language, its own text or the
 * product's default, with the retention period and the contact filled in (DESIGN §4b, decision 0372).
 */
export default function PrivacyStatementPage() {
  const { t, i18n } = useTranslation('privacy');
  const { data, error, isLoading } = useGetOrganisationQuery();
  const language = uiLanguageOf(i18n.language);
  return (
    <PageFrame title={t('statement.title')} maxWidth={760}>
      <QueryState data={data} error={error} isLoading={isLoading}>
        {(organisation) => (
          <Box lang={language} sx={{ display: 'grid', gap: 1.5 }}>
            <Typography sx={{ fontWeight: 600 }}>
              {t('statement.retention', { days: organisation.retentionDays })}
            </Typography>
            {statementBlocks(privacyStatementText(organisation, language)).map((block, i) =>
              block.heading ? (
                <Typography key={i} variant="h6" component="h2" sx={{ mt: 1.5 }}>
                  {block.text}
                </Typography>
              ) : (
                <Typography key={i} sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                  {block.text}
                </Typography>
              ),
            )}
          </Box>
        )}
      </QueryState>
    </PageFrame>
  );
}
