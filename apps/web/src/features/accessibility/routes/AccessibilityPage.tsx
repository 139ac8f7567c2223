import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Organisation } from '@balie/shared';
import { ExternalLink } from '../../../components/ExternalLink';
import { PageFrame } from '../../../components/PageFrame';
import { QueryState } from '../../../components/QueryState';
import { useGetOrganisationQuery } from '../../../components/organisation/organisationApi';
import { localeOf } from '../../../lib/i18n';
import { ACCESSIBILITY_AUDIT } from '../audit';

const OMBUDSMAN_URL = 'https://www.nationaleombudsman.nl';

function Part({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ mb: 4 }}>
      <Typography id={id} variant="h5" component="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** A date of the audit as the language writes it: "25 november 2026". */
function longDate(date: string, language: string): string {
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${date}T12:00:00Z`),
  );
}

function Statement({ organisation: o }: { organisation: Organisation }) {
  const { t, i18n } = useTranslation('accessibility');
  const name = o.name || t('common:app_name');
  const email = o.accessibilityEmail || o.email;
  const phone = o.accessibilityPhone || o.phone;
  const date = longDate(ACCESSIBILITY_AUDIT.date, i18n.language);
  const p = { sx: { mb: 1.5, maxWidth: '70ch' } };
  return (
    <>
      <Typography {...p}>{t('intro', { organisation: name })}</Typography>
      <Typography {...p}>{t('scope')}</Typography>

      <Part id="a11y-status" title={t('status.title')}>
        <Typography {...p}>
          <strong>{t(`status.${ACCESSIBILITY_AUDIT.status}`)}</strong>
        </Typography>
        <Typography {...p}>{t('status.text')}</Typography>
        <Box component="dl" sx={{ m: 0, '& dt': { fontWeight: 600 }, '& dd': { m: 0, mb: 1 } }}>
          <dt>{t('status.statement_date')}</dt>
          <dd>{date}</dd>
          <dt>{t('status.audit_date')}</dt>
          <dd>{date}</dd>
        </Box>
      </Part>

      <Part id="a11y-method" title={t('method.title')}>
        <Typography {...p}>{t('method.text')}</Typography>
        <Box component="ul" sx={{ mt: 0, maxWidth: '70ch' }}>
          <li>{t('method.automated')}</li>
          <li>{t('method.widths')}</li>
          <li>{t('method.keyboard')}</li>
        </Box>
      </Part>

      <Part id="a11y-known" title={t('known.title')}>
        <Typography {...p}>{t('known.text')}</Typography>
        <Box component="ul" sx={{ mt: 0, maxWidth: '70ch' }}>
          {ACCESSIBILITY_AUDIT.knownIssues.map((key) => (
            <li key={key}>{t(`known.${key}`)}</li>
          ))}
        </Box>
      </Part>

      <Part id="a11y-contact" title={t('contact.title')}>
        <Typography {...p}>{t('contact.text')}</Typography>
        <Box component="ul" sx={{ mt: 0 }}>
          {email && (
            <li>
              {t('contact.email')}: <Link href={`mailto:${email}`}>{email}</Link>
            </li>
          )}
          {phone && (
            <li>
              {t('contact.phone')}: <Link href={`tel:${phone.replace(/[^+\d]/g, '')}`}>{phone}</Link>
            </li>
          )}
        </Box>
        <Typography {...p}>{t('contact.response', { count: o.accessibilityResponseDays })}</Typography>
      </Part>

      <Part id="a11y-complaints" title={t('complaints.title')}>
        <Typography {...p}>
          {o.accessibilityComplaintsUrl ? (
            <>
              {t('complaints.procedure')}{' '}
              <ExternalLink href={o.accessibilityComplaintsUrl}>
                {t('complaints.procedure_link', { organisation: name })}
              </ExternalLink>
            </>
          ) : (
            t('complaints.no_procedure', { organisation: name })
          )}
        </Typography>
        <Typography {...p}>
          {t('complaints.ombudsman')}{' '}
          <ExternalLink href={OMBUDSMAN_URL}>{t('complaints.ombudsman_link')}</ExternalLink>
        </Typography>
      </Part>
    </>
  );
}

/**
 * /accessibility: the accessibility statement (toegankelijkheidsverklaring) in the structure of the
 * Dutch model statement (DESIGN §4b, decision 0393): status, dates, how it was checked, what is open
 * (the product's own audit), and the organisation's contact and complaint route (its record).
 */
export default function AccessibilityPage() {
  const { t } = useTranslation('accessibility');
  const { data, error, isLoading } = useGetOrganisationQuery();
  return (
    <PageFrame title={t('title')} maxWidth={860}>
      <QueryState data={data} error={error} isLoading={isLoading}>
        {(organisation) => <Statement organisation={organisation} />}
      </QueryState>
    </PageFrame>
  );
}
