import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import MenuIcon from '@mui/icons-material/Menu';
import { useTranslation } from 'react-i18next';
import { CompanySelector } from './company-selector.tsx';
import { ErpIndicator } from './erp-indicator.tsx';
import { DownloadsButton } from './downloads-button.tsx';
import { FullscreenToggle } from './fullscreen-toggle.tsx';
import { UserMenu } from './user-menu.tsx';

/** Props of `TopBar`. */
export interface TopBarProps {
  mobile: boolean;
  /** Menu button: opens the drawer (narrow) or toggles collapsed/expanded (wide). */
  onMenuClick: () => void;
}

/**
 * Top bar of SPEC section 2: menu button, company selector, ERP indicator (no value until its API
 * exists), downloads button (badge 0 until the export-queue API exists), fullscreen toggle and the
 * user menu.
 */
export function TopBar({ mobile, onMenuClick }: TopBarProps) {
  const { t } = useTranslation();
  return (
    <AppBar position="sticky" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider', backgroundColor: '#fff' }}>
      <Toolbar sx={{ gap: { xs: 0.5, sm: 1.5 }, minHeight: 64, px: { xs: 1, sm: 2 } }}>
        <IconButton edge="start" aria-label={mobile ? t('layout.openMenu') : t('layout.toggleMenu')} onClick={onMenuClick}>
          <MenuIcon />
        </IconButton>
        <CompanySelector />
        <Box sx={{ flex: 1 }} />
        <ErpIndicator percent={null} />
        <DownloadsButton count={0} />
        {!mobile && <FullscreenToggle />}
        <UserMenu />
      </Toolbar>
    </AppBar>
  );
}
