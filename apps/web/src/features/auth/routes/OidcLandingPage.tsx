import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { OIDC_FAILURES, type OidcFailure } from '@balie/shared';
import { AuthCard } from '../../../components/AuthCard';
import { markProviderSession } from '../../../session/providerSession';
import { useTakeOidcSessionMutation } from '../api';
import { MfaCodeStep } from '../components/MfaCodeStep';

type Outcome =
  { kind: 'working' } | { kind: 'mfa'; mfaToken: string } | { kind: 'refused'; reason: OidcFailure };

/** What the callback put in the fragment: a hand-over, or why there is none. */
function readFragment(): { handoff: string } | { reason: OidcFailure } {
  const params = new URLSearchParams(window.location.hash.slice(1));
  const handoff = params.get('handoff');
  if (handoff) return { handoff };
  const error = params.get('error') ?? '';
  return {
    reason: (OIDC_FAILURES as readonly string[]).includes(error) ? (error as OidcFailure) : 'expired',
  };
}

/**
 * /login/oidc: where a sign-in through the organisation's identity provider lands (decision 0452). It
 * takes the session (the same token pair a password sign-in gives), asks Balie's own code when the
 * provider asserted no second factor for an account that has one, or says in words why there is no
 * session (no role at the provider, another account of that address, …).
 */
export default function OidcLandingPage() {
  const { t } = useTranslation(['identityProvider', 'auth']);
  const navigate = useNavigate();
  const [take] = useTakeOidcSessionMutation();
  const [fragment] = useState(readFragment);
  const [outcome, setOutcome] = useState<Outcome>(() =>
    'reason' in fragment ? { kind: 'refused', reason: fragment.reason } : { kind: 'working' },
  );
  const started = useRef(false);

  const signedIn = () => {
    markProviderSession(true);
    void navigate('/home', { replace: true });
  };

  useEffect(() => {
    // The hand-over is single use: off the address bar so it is neither bookmarked nor shared.
    window.history.replaceState(null, '', window.location.pathname);
    if (started.current || !('handoff' in fragment)) return;
    started.current = true;
    void take({ handoff: fragment.handoff }).then((result) => {
      if (result.error) return setOutcome({ kind: 'refused', reason: 'expired' });
      if ('mfaRequired' in result.data) return setOutcome({ kind: 'mfa', mfaToken: result.data.mfaToken });
      signedIn();
    });
    // Runs once per landing: the hand-over can be taken only once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (outcome.kind === 'mfa')
    return (
      <AuthCard title={t('auth:mfa.title')}>
        <MfaCodeStep
          mfaToken={outcome.mfaToken}
          onSignedIn={signedIn}
          onRestart={() => setOutcome({ kind: 'refused', reason: 'expired' })}
        />
      </AuthCard>
    );

  return (
    <AuthCard title={t('landing.title')}>
      {outcome.kind === 'working' ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }} role="status" aria-live="polite">
          <CircularProgress aria-label={t('landing.working')} />
        </Box>
      ) : (
        <>
          <Alert severity={outcome.reason === 'no_role' ? 'warning' : 'error'} role="alert">
            {t(`landing.refused.${outcome.reason}`)}
          </Alert>
          <Box sx={{ mt: 3 }}>
            <Link component={RouterLink} to="/login">
              {t('landing.back')}
            </Link>
          </Box>
        </>
      )}
    </AuthCard>
  );
}
