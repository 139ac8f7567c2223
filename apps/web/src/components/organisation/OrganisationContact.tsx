import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { addressOf } from '@balie/shared';
import { useGetOrganisationQuery } from './organisationApi';

/** How to reach the provider (address, phone, e-mail) from the organisation record; only filled-in parts. */
export function OrganisationContact() {
  const { t } = useTranslation();
  const { data: org } = useGetOrganisationQuery();
  if (!org) return null;
  const address = addressOf(org);
  const rows = [
    address && { term: t('organisation.address'), value: address },
    org.phone && {
      term: t('organisation.phone'),
      value: <Link href={`tel:${org.phone.replace(/[^+\d]/g, '')}`}>{org.phone}</Link>,
    },
    org.email && {
      term: t('organisation.email'),
      value: <Link href={`mailto:${org.email}`}>{org.email}</Link>,
    },
  ].filter((row) => !!row);
  if (rows.length === 0) return null;
  return (
    <Box>
      {org.name && <Typography sx={{ fontWeight: 600, mb: 1 }}>{org.name}</Typography>}
      <Box component="dl" sx={{ m: 0, '& dt': { fontWeight: 600 }, '& dd': { m: 0, mb: 1 } }}>
        {rows.map((row) => (
          <div key={row.term}>
            <dt>{row.term}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
      </Box>
    </Box>
  );
}
