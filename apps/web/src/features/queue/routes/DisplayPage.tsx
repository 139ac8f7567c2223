import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useEffect, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useGetLocationsQuery } from '../../../components/locations/locationListApi';
import { useGetOrganisationQuery } from '../../../components/organisation/organisationApi';
import { nowInProviderZone } from '../../../lib/providerZone';
import { visuallyHidden } from '../../../lib/visuallyHidden';
import { Chime } from '../lib/chime';
import { useDisplayCalls } from '../lib/useDisplayCalls';

const BACKGROUND = '#0b1f33';
const TEXT = '#ffffff';
const ACCENT = '#ffd54f';

function Clock() {
  const [now, setNow] = useState(() => nowInProviderZone());
  useEffect(() => {
    const timer = setInterval(() => setNow(nowInProviderZone()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <Box component="time" dateTime={now.toISO() ?? undefined} sx={{ fontVariantNumeric: 'tabular-nums' }}>
      {now.toFormat('HH:mm')}
    </Box>
  );
}

/**
 * /display/:locationId?key=… (DESIGN §4b): the waiting room's screen, full-screen on a TV (1920×1080)
 * or a portrait screen, no sign-in. The current call big enough to read across the room, the calls
 * before it, the organisation and the time; each new call chimes and is announced politely. It never
 * shows a name: tickets and the first four characters of check-in codes only.
 */
export default function DisplayPage() {
  const { t } = useTranslation('queue');
  const locationId = Number(useParams().locationId);
  const key = useSearchParams()[0].get('key') ?? '';
  const organisation = useGetOrganisationQuery();
  const locations = useGetLocationsQuery();
  const location = locations.data?.find((l) => l.id === locationId);
  // The chime's audio is made once; browsers let it sound only after a click on the page (`soundOn`).
  const [chime] = useState(() => new Chime());
  const [announcement, setAnnouncement] = useState('');
  const [soundBlocked, setSoundBlocked] = useState(() => chime.blocked);
  useEffect(() => () => chime.close(), [chime]);

  const { calls, connection } = useDisplayCalls(locationId, key, (call) => {
    chime.play();
    // "W 0 0 3, naar Balie 2": the ticket spelt out, as a screen reader should read it.
    setAnnouncement(t('display.announce', { ticket: call.ticket.split('').join(' '), desk: call.desk.name }));
  });
  const [current, ...earlier] = calls;

  useEffect(() => {
    const title = [t('display.title'), location?.name].filter(Boolean).join(' — ');
    document.title = title;
  }, [t, location?.name]);

  return (
    <Box
      component="main"
      sx={{
        position: 'fixed',
        inset: 0,
        bgcolor: BACKGROUND,
        color: TEXT,
        display: 'grid',
        gridTemplateRows: 'auto 1fr',
        fontFamily: 'inherit',
        overflow: 'hidden',
      }}
    >
      <Box
        component="header"
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 3,
          px: '3vmin',
          py: '2vmin',
          borderBottom: `0.4vmin solid ${ACCENT}`,
          fontSize: 'max(24px, 3.6vmin)',
        }}
      >
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Box
            component="h1"
            sx={{
              m: 0,
              fontSize: 'inherit',
              fontWeight: 700,
              whiteSpace: 'nowrap',
              overflow: 'hidden',
              textOverflow: 'ellipsis',
            }}
          >
            {organisation.data?.name ?? ''}
          </Box>
          {location && <Box sx={{ fontSize: '0.7em', opacity: 0.85 }}>{location.name}</Box>}
        </Box>
        {soundBlocked && (
          <Button
            variant="outlined"
            sx={{ color: TEXT, borderColor: TEXT }}
            onClick={() => void chime.unlock().then(() => setSoundBlocked(chime.blocked))}
          >
            {t('display.soundOn')}
          </Button>
        )}
        <Clock />
      </Box>

      <Box
        sx={{
          display: 'grid',
          minHeight: 0,
          gridTemplateColumns: '1fr',
          gridTemplateRows: 'auto 1fr',
          '@media (orientation: landscape)': { gridTemplateColumns: '3fr 2fr', gridTemplateRows: '1fr' },
        }}
      >
        <Box
          component="section"
          aria-labelledby="display-now"
          sx={{
            display: 'grid',
            alignContent: 'center',
            justifyItems: 'center',
            p: '4vmin',
            textAlign: 'center',
          }}
        >
          <Box
            id="display-now"
            component="h2"
            sx={{ m: 0, fontSize: 'max(28px, 4.5vmin)', fontWeight: 400, opacity: 0.9 }}
          >
            {t('display.now')}
          </Box>
          {current ? (
            <>
              <Box
                data-testid="current-ticket"
                sx={{
                  fontSize: 'max(96px, 22vmin)',
                  fontWeight: 800,
                  lineHeight: 1.05,
                  letterSpacing: '0.06em',
                  color: ACCENT,
                }}
              >
                {current.ticket}
              </Box>
              <Box sx={{ fontSize: 'max(64px, 9vmin)', fontWeight: 700 }}>
                {t('display.toDesk', { desk: current.desk.name })}
              </Box>
            </>
          ) : (
            <Box sx={{ fontSize: 'max(40px, 6vmin)', mt: 2 }}>{t('display.none')}</Box>
          )}
        </Box>
        <Box
          component="section"
          aria-labelledby="display-earlier"
          sx={{
            p: '3vmin',
            borderTop: `0.3vmin solid rgba(255,255,255,.25)`,
            '@media (orientation: landscape)': {
              borderTop: 0,
              borderLeft: `0.3vmin solid rgba(255,255,255,.25)`,
            },
            minHeight: 0,
            overflow: 'hidden',
          }}
        >
          <Box
            id="display-earlier"
            component="h2"
            sx={{ m: 0, mb: '1.5vmin', fontSize: 'max(28px, 4vmin)', fontWeight: 400, opacity: 0.9 }}
          >
            {t('display.earlier')}
          </Box>
          <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: '1vmin' }}>
            {earlier.map((c) => (
              <Box
                component="li"
                key={c.id}
                sx={{
                  display: 'flex',
                  justifyContent: 'space-between',
                  gap: 3,
                  fontSize: 'max(32px, 5vmin)',
                  fontWeight: 600,
                }}
              >
                <span>{c.ticket}</span>
                <span>{c.desk.name}</span>
              </Box>
            ))}
          </Box>
        </Box>
      </Box>

      {/* One polite announcement per call: screen readers read it once, without interrupting. */}
      <Box role="status" aria-live="polite" sx={visuallyHidden}>
        {announcement}
      </Box>
      {connection !== 'open' && connection !== 'connecting' && (
        <Box
          role="alert"
          sx={{
            position: 'absolute',
            left: 0,
            right: 0,
            bottom: 0,
            p: '2vmin',
            bgcolor: '#b71c1c',
            color: TEXT,
            fontSize: 'max(28px, 4vmin)',
            textAlign: 'center',
            fontWeight: 700,
          }}
        >
          {connection === 'bad_key' ? t('display.badKey') : t('display.lost')}
        </Box>
      )}
    </Box>
  );
}
