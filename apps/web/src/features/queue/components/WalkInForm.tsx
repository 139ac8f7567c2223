import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { appointmentDuration, MAX_PRODUCTS_PER_APPOINTMENT, servesAll, type Desk } from '@balie/shared';
import { QueryState } from '../../../components/QueryState';
import { useGetDesksQuery } from '../../../components/desks/deskListApi';
import { useGetBookableProductsQuery } from '../../../components/products/bookableProductsApi';
import { useCreateWalkInMutation, useGetWalkInMinutesQuery } from '../api/queueApi';

/**
 * A ticket for a visitor without an appointment (DESIGN §4b): the products (those a desk of this location
 * serves), today's walk-in minutes left in this day part (or that no share is set, so no limit), a
 * warning when this walk-in goes over a share that is set,
 * and the ticket to hand or read out.
 */
export function WalkInForm({ desk }: { desk: Desk }) {
  const { t } = useTranslation('queue');
  const products = useGetBookableProductsQuery();
  const desks = useGetDesksQuery();
  const minutes = useGetWalkInMinutesQuery(desk.locationId);
  const [create, creating] = useCreateWalkInMutation();
  const [chosen, setChosen] = useState<number[]>([]);
  const [ticket, setTicket] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  const here = (desks.data ?? []).filter((d) => d.active && d.locationId === desk.locationId);
  const offered = (products.data ?? []).filter((p) => here.some((d) => servesAll(d, [p.id])));
  const picked = offered.filter((p) => chosen.includes(p.id));
  const duration = appointmentDuration(picked.map((product) => ({ product, amount: 1 })));
  const part = minutes.data?.parts.find((p) => p.dayPart === minutes.data?.current);
  // With no share set for this day part there is no limit, so nothing to go over (decision 0431).
  const over = part !== undefined && part.shareSet && picked.length > 0 && duration > part.left;
  const oneDesk = here.some((d) => servesAll(d, chosen));

  const toggle = (id: number) => {
    setTicket(null);
    setChosen((c) => (c.includes(id) ? c.filter((x) => x !== id) : [...c, id]));
  };

  async function submit() {
    setFailed(false);
    const outcome = await create({
      locationId: desk.locationId,
      appointmentItems: chosen.map((productId) => ({ productId, amount: 1 })),
    });
    if ('data' in outcome && outcome.data) {
      setTicket(outcome.data.ticket);
      setChosen([]);
    } else setFailed(true);
  }

  return (
    <Box
      component="section"
      aria-labelledby="walk-in-heading"
      sx={{ display: 'grid', gap: 1.5, borderTop: 1, borderColor: 'divider', pt: 2 }}
    >
      <Typography id="walk-in-heading" variant="h6" component="h3">
        {t('walkIns.heading')}
      </Typography>
      {minutes.isError ? (
        <Alert severity="error">{t('errors.minutes')}</Alert>
      ) : (
        part && (
          <Typography>
            {part.shareSet
              ? t('walkIns.minutesLeft', {
                  left: part.left,
                  total: part.total,
                  part: t(`dayPart.${part.dayPart}`),
                })
              : t('walkIns.noShare')}
          </Typography>
        )
      )}
      <QueryState
        data={products.data ? offered : undefined}
        error={products.error ?? desks.error}
        isLoading={products.isLoading || desks.isLoading}
        empty={t('walkIns.noProducts')}
      >
        {(list) => (
          <FormGroup
            aria-label={t('walkIns.products')}
            sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(14rem, 1fr))' }}
          >
            {list.map((p) => (
              <FormControlLabel
                key={p.id}
                label={`${p.title} (${t('walkIns.minutes', { count: p.timeUnit })})`}
                control={
                  <Checkbox
                    checked={chosen.includes(p.id)}
                    disabled={!chosen.includes(p.id) && chosen.length >= MAX_PRODUCTS_PER_APPOINTMENT}
                    onChange={() => toggle(p.id)}
                  />
                }
              />
            ))}
          </FormGroup>
        )}
      </QueryState>
      {over && part && (
        <Alert severity="warning">{t('walkIns.over', { need: duration, left: part.left })}</Alert>
      )}
      {chosen.length > 0 && !oneDesk && <Alert severity="warning">{t('walkIns.noDesk')}</Alert>}
      <Box>
        <Button
          variant="contained"
          disabled={chosen.length === 0 || !oneDesk || creating.isLoading}
          onClick={() => void submit()}
        >
          {t('walkIns.create')}
        </Button>
      </Box>
      <Box role="status" aria-live="polite">
        {ticket && (
          <Alert severity="success" icon={false}>
            <Typography component="span">{t('walkIns.ticket')} </Typography>
            <Typography component="strong" sx={{ fontSize: '2rem', fontWeight: 700, letterSpacing: 2 }}>
              {ticket}
            </Typography>
          </Alert>
        )}
        {failed && <Alert severity="error">{t('errors.generic')}</Alert>}
      </Box>
    </Box>
  );
}
