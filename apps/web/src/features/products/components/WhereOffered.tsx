import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Desk } from '@balie/shared';
import { QueryState } from '../../../components/QueryState';
import { Section } from '../../../components/Section';
import { useGetDesksQuery } from '../../../components/desks/deskListApi';
import { useGetAllLocationsQuery } from '../../../components/locations/locationListApi';

/** A desk serves the product when it serves every product or lists it (DESIGN §4b). */
const serves = (desk: Desk, productId: number) =>
  desk.productIds === null || desk.productIds.includes(productId);

/**
 * Where a product is offered: per location the desks that serve it, and a warning when no active desk
 * in an active location does — visitors cannot book it then (the booking page says so too).
 */
export function WhereOffered({ productId }: { productId: number }) {
  const { t } = useTranslation('products');
  const desks = useGetDesksQuery();
  const locations = useGetAllLocationsQuery();
  const failed = desks.error ?? locations.error;
  const loaded = desks.data && locations.data ? { desks: desks.data, locations: locations.data } : undefined;
  return (
    <Section title={t('offered.title')}>
      <QueryState data={loaded} error={failed} isLoading={desks.isLoading || locations.isLoading}>
        {({ desks: all, locations: places }) => {
          const serving = all.filter((d) => serves(d, productId));
          const bookable = serving.some(
            (d) => d.active && places.some((l) => l.id === d.locationId && l.active),
          );
          // Every open location (also where nothing serves it), and closed ones only where a desk does.
          const shown = places.filter((l) => l.active || serving.some((d) => d.locationId === l.id));
          return (
            <>
              {!bookable && (
                <Alert severity="warning" sx={{ mb: 2 }}>
                  {t('offered.nowhere')}
                </Alert>
              )}
              <Box
                component="dl"
                sx={{
                  m: 0,
                  display: 'grid',
                  gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
                  columnGap: 3,
                  rowGap: 1,
                  '& dt': { fontWeight: 600 },
                  '& dd': { m: 0, mb: { xs: 1, sm: 0 } },
                }}
              >
                {shown.map((l) => {
                  const here = serving.filter((d) => d.locationId === l.id);
                  return (
                    <Box key={l.id} sx={{ display: 'contents' }}>
                      <Typography component="dt">
                        {l.active ? l.name : t('offered.location_inactive', { name: l.name })}
                      </Typography>
                      <Typography component="dd">
                        {here.length === 0
                          ? t('offered.no_desk')
                          : here.map((d, i) => (
                              <Box component="span" key={d.id}>
                                {i > 0 && ', '}
                                <Link component={RouterLink} to={`/front-desk/${d.id}`}>
                                  {d.active ? d.name : t('offered.desk_inactive', { name: d.name })}
                                </Link>
                              </Box>
                            ))}
                      </Typography>
                    </Box>
                  );
                })}
              </Box>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
                {t('offered.hint')}
              </Typography>
            </>
          );
        }}
      </QueryState>
    </Section>
  );
}
