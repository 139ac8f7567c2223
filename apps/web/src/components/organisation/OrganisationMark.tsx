import Box from '@mui/material/Box';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Organisation } from '@balie/shared';
import { logoUrlOf } from './brand';

/**
 * The organisation's logo and name in the public top bar (DESIGN §4b), linking to / (spec §2). A logo
 * sits on a white plate, as the organisation drew it for its own site; with a logo the name is left out
 * on phones (a municipal logo carries it), the link still says it.
 */
export function OrganisationMark({ organisation }: { organisation: Organisation }) {
  const { t } = useTranslation();
  const name = organisation.name || t('app_name');
  const logo = logoUrlOf(organisation);
  return (
    <Box
      component={RouterLink}
      to="/"
      aria-label={t('organisation_home', { name })}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 1.5,
        color: 'inherit',
        textDecoration: 'none',
        minWidth: 0,
      }}
    >
      {logo && (
        <Box
          sx={{ bgcolor: '#ffffff', borderRadius: 1, px: 1, py: 0.5, display: 'inline-flex', flexShrink: 0 }}
        >
          <Box
            component="img"
            src={logo}
            alt=""
            data-testid="organisation-logo"
            sx={{
              display: 'block',
              height: { xs: 36, md: 48 },
              maxWidth: { xs: 140, md: 220 },
              objectFit: 'contain',
            }}
          />
        </Box>
      )}
      <Box
        component="span"
        sx={{
          display: logo ? { xs: 'none', sm: 'inline' } : 'inline',
          fontWeight: 700,
          fontSize: { xs: '1.1rem', md: '1.35rem' },
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: 'nowrap',
        }}
      >
        {name}
      </Box>
    </Box>
  );
}
