import { useEffect, useState } from 'react';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import FullscreenIcon from '@mui/icons-material/Fullscreen';
import FullscreenExitIcon from '@mui/icons-material/FullscreenExit';
import { useTranslation } from 'react-i18next';

/** True when the browser has the Fullscreen API (not iOS Safari on iPhone, for one). */
function fullscreenAvailable(): boolean {
  return typeof document !== 'undefined' && Boolean(document.fullscreenEnabled);
}

/**
 * Fullscreen state and its toggle (SPEC section 2), following changes made with Esc/F11.
 * @returns `on` (fullscreen now), `label` (pt-BR/en-US text of the action) and `toggle`
 */
function useFullscreen() {
  const { t } = useTranslation();
  const [on, setOn] = useState(() => typeof document !== 'undefined' && Boolean(document.fullscreenElement));
  useEffect(() => {
    const sync = () => setOn(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);
  const toggle = () => {
    const action = document.fullscreenElement ? document.exitFullscreen() : document.documentElement.requestFullscreen();
    void action.catch(() => undefined);
  };
  return { on, label: on ? t('layout.exitFullscreen') : t('layout.enterFullscreen'), toggle };
}

/** Fullscreen button of the top bar (wide layout). Hidden without the Fullscreen API. */
export function FullscreenToggle() {
  const { on, label, toggle } = useFullscreen();
  if (!fullscreenAvailable()) return null;
  return (
    <Tooltip title={label}>
      <IconButton aria-label={label} onClick={toggle} sx={{ flexShrink: 0 }}>
        {on ? <FullscreenExitIcon /> : <FullscreenIcon />}
      </IconButton>
    </Tooltip>
  );
}

/** Fullscreen entry of the user menu (narrow layout). Hidden without the Fullscreen API. */
export function FullscreenMenuItem({ onDone }: { onDone: () => void }) {
  const { on, label, toggle } = useFullscreen();
  if (!fullscreenAvailable()) return null;
  return (
    <MenuItem
      onClick={() => {
        onDone();
        toggle();
      }}
    >
      <ListItemIcon>{on ? <FullscreenExitIcon fontSize="small" /> : <FullscreenIcon fontSize="small" />}</ListItemIcon>
      {label}
    </MenuItem>
  );
}
