import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { addressOf, mapUrlOf } from '@balie/shared';
import { ExternalLink } from '../ExternalLink';

export interface Contact {
  name: string;
  street: string;
  postcode: string;
  city: string;
  phone?: string;
  email?: string;
  /** A notice for visitors (a location's: "entrance on the market side"). */
  notice?: string;
}

/** A place to go as a visitor reads it: name, address with a map link, notice, phone, e-mail; only filled-in parts. */
export function ContactCard({ contact }: { contact: Contact }) {
  const { t } = useTranslation();
  const address = addressOf(contact);
  const mapUrl = mapUrlOf(contact);
  const rows = [
    address && {
      term: t('organisation.address'),
      value: (
        <>
          <span>{address}</span>
          {mapUrl && (
            <>
              {' · '}
              <ExternalLink href={mapUrl}>{t('organisation.map')}</ExternalLink>
            </>
          )}
        </>
      ),
    },
    contact.phone && {
      term: t('organisation.phone'),
      value: <Link href={`tel:${contact.phone.replace(/[^+\d]/g, '')}`}>{contact.phone}</Link>,
    },
    contact.email && {
      term: t('organisation.email'),
      value: <Link href={`mailto:${contact.email}`}>{contact.email}</Link>,
    },
  ].filter((row) => !!row);
  if (rows.length === 0 && !contact.notice) return null;
  return (
    <Box>
      {contact.name && <Typography sx={{ fontWeight: 600, mb: 1 }}>{contact.name}</Typography>}
      {contact.notice && <Typography sx={{ mb: 1, whiteSpace: 'pre-line' }}>{contact.notice}</Typography>}
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
