import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import MenuIcon from '@mui/icons-material/Menu';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AcervoLogo } from '../../../shared/brand/acervo-logo.tsx';
import { CompanySelector } from './company-selector.tsx';
import { ErpIndicator } from './erp-indicator.tsx';
import { DownloadsButton } from './downloads-button.tsx';
import { DownloadsDrawer } from './downloads-drawer.tsx';
import { useUnreadDownloads } from '../../../shared/exports/export-api.ts';
import { FullscreenToggle } from './fullscreen-toggle.tsx';
import { UserMenu } from './user-menu.tsx';
import { useErpLagPercent } from '../api/get-erp-lag.ts';
import { TOP_BAR_HEIGHT } from './side-menu.tsx';

/** Props of `TopBar`. */
export interface TopBarProps {
  mobile: boolean;
  /** Menu button: opens the drawer (narrow) or toggles collapsed/expanded (wide). */
  onMenuClick: () => void;
  /** Whether the menu is expanded (wide) or the drawer open (narrow), for `aria-expanded`. */
  menuExpanded: boolean;
}

/**
 * Top bar of SPEC section 2, across the whole width: menu button (always at the same place), logo,
 * company selector, ERP indicator (the lag percentage, asked on load and every 60 s), downloads button (its badge: finished
 * exports not downloaded yet, asked on load and every 60 s; it opens the Downloads drawer), fullscreen toggle and the user menu. It adapts to its own width
 * (container queries) so nothing overflows from 360 px up: the user's name shows from 900 px, the
 * full logo from 600 px; on phones the fullscreen toggle moves into the user menu.
 */
export function TopBar({ mobile, onMenuClick, menuExpanded }: TopBarProps) {
  const { t } = useTranslation();
  return (
    <AppBar
      position="sticky"
      color="inherit"
      elevation={0}
      sx={{ top: 0, borderBottom: 1, borderColor: 'divider', backgroundColor: '#fff', containerType: 'inline-size', containerName: 'topbar' }}
    >
      <Toolbar disableGutters sx={{ gap: { xs: 0.5, sm: 1.5 }, minHeight: TOP_BAR_HEIGHT, height: TOP_BAR_HEIGHT, px: { xs: 1, sm: 2 } }}>
        <IconButton aria-label={mobile ? t('layout.openMenu') : t('layout.toggleMenu')} aria-expanded={menuExpanded} onClick={onMenuClick} sx={{ flexShrink: 0 }}>
          <MenuIcon />
        </IconButton>
        <Box sx={{ flexShrink: 0, display: 'none', '@container topbar (min-width: 600px)': { display: 'block' }, mr: 1 }}>
          <AcervoLogo height={30} />
        </Box>
        <CompanySelector />
        <Box sx={{ flex: 1, minWidth: 0 }} />
        <TopBarErpIndicator />
        <TopBarDownloads />
        {!mobile && <FullscreenToggle />}
        <UserMenu mobile={mobile} />
      </Toolbar>
    </AppBar>
  );
}

/**
 * The ERP indicator with its own query: the answer (and its refresh every 60 s) re-renders the
 * indicator alone, not the whole top bar (on a phone each re-render of the bar was a long task).
 */
function TopBarErpIndicator() {
  const erpLag = useErpLagPercent();
  return <ErpIndicator percent={erpLag.data ?? null} />;
}

/** The downloads button with its badge query and the drawer it opens; re-renders alone, as above. */
function TopBarDownloads() {
  const unread = useUnreadDownloads();
  const [open, setOpen] = useState(false);
  return (
    <>
      <DownloadsButton count={unread.data ?? 0} onClick={() => setOpen(true)} />
      <DownloadsDrawer open={open} onClose={() => setOpen(false)} />
    </>
  );
}
