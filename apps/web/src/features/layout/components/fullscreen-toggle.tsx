import { useEffect, useState } from 'react';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import FullscreenIcon from '@mui/icons-material/Fullscreen';
import FullscreenExitIcon from '@mui/icons-material/FullscreenExit';
import { useTranslation } from 'react-i18next';

/**
 * Toggles the browser fullscreen with the Fullscreen API (SPEC section 2); follows changes made
 * with Esc/F11. Hidden when the browser has no Fullscreen API (e.g. iOS Safari).
 */
export function FullscreenToggle() {
  const { t } = useTranslation();
  const [on, setOn] = useState(() => typeof document !== 'undefined' && Boolean(document.fullscreenElement));
  useEffect(() => {
    const sync = () => setOn(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);
  if (typeof document === 'undefined' || !document.fullscreenEnabled) return null;
  const label = on ? t('layout.exitFullscreen') : t('layout.enterFullscreen');
  const toggle = () => {
    const action = document.fullscreenElement ? document.exitFullscreen() : document.documentElement.requestFullscreen();
    void action.catch(() => undefined);
  };
  return (
    <Tooltip title={label}>
      <IconButton aria-label={label} onClick={toggle}>
        {on ? <FullscreenExitIcon /> : <FullscreenIcon />}
      </IconButton>
    </Tooltip>
  );
}
