import Backdrop from '@mui/material/Backdrop';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';
import { useLoading } from './loading-tracker.ts';

/** Delay (ms) before the global overlay appears (SPEC section 9). */
export const LOADING_OVERLAY_DELAY_MS = 300;

/**
 * Global loading overlay: shown while a request tracked in the default area has been pending for
 * more than 300 ms (SPEC section 2).
 */
export function LoadingOverlay() {
  const busy = useLoading({ delay: LOADING_OVERLAY_DELAY_MS });
  const { t } = useTranslation();
  return (
    <Backdrop open={busy} sx={{ zIndex: (theme) => theme.zIndex.modal + 10, color: '#fff', backgroundColor: 'rgba(14,41,86,0.25)' }}>
      <CircularProgress color="inherit" aria-label={t('session.loading')} />
    </Backdrop>
  );
}

/** Full-page spinner (sign-in state loading, lazy route loading), named in the interface language. */
export function PageSpinner() {
  const { t } = useTranslation();
  return (
    <Box role="progressbar" aria-label={t('session.loading')} sx={{ minHeight: '60vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <CircularProgress />
    </Box>
  );
}
