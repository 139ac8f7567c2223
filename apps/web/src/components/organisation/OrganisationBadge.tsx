import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Organisation } from '@balie/shared';
import { logoUrlOf } from './brand';

/**
 * Whose appointment this is, on the success page (DESIGN §4b): the organisation's logo and name over a
 * rule in its colour, so a printed or photographed confirmation is unmistakably theirs.
 */
export function OrganisationBadge({ organisation }: { organisation: Organisation }) {
  const logo = logoUrlOf(organisation);
  if (!logo && !organisation.name) return null;
  return (
    <Box
      data-testid="organisation-badge"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        pb: 1.5,
        mb: 2,
        borderBottom: 3,
        borderColor: 'primary.main',
      }}
    >
      {logo && (
        <Box component="img" src={logo} alt="" sx={{ height: 40, maxWidth: 180, objectFit: 'contain' }} />
      )}
      <Typography component="p" sx={{ fontWeight: 700, color: 'primary.main' }}>
        {organisation.name}
      </Typography>
    </Box>
  );
}
