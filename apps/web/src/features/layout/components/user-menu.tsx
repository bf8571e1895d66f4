import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import CheckIcon from '@mui/icons-material/Check';
import LogoutIcon from '@mui/icons-material/Logout';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import { useTranslation } from 'react-i18next';
import { APP_ROUTES } from '@acervo/contracts';
import { useSession, useSignedUser } from '../../../shared/session/session-context.tsx';
import { LANGUAGE_LABELS, LANGUAGES, changeLanguage } from '../../../shared/i18n/language.ts';
import { BRAND } from '../../../shared/theme/palette.ts';
import { logout } from '../api/logout.ts';
import { FullscreenMenuItem } from './fullscreen-toggle.tsx';

/**
 * Up to two initials of a name: first letters of the first and last words, uppercase
 * ('Maria da Silva' → 'MS', 'admin' → 'A'); '?' for an empty name.
 */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = words[0][0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1][0] ?? '') : '';
  return (first + last).toUpperCase();
}

/** Path of My user (route `myUser` of the route table, open to every signed-in user). */
export const MY_USER_PATH = APP_ROUTES.find((route) => route.id === 'myUser')?.path ?? '/system/user/me';

/** Props of `UserMenu`. */
export interface UserMenuProps {
  /** Narrow layout: the fullscreen toggle lives in this menu instead of the top bar. */
  mobile?: boolean;
}

/**
 * User menu of the top bar (SPEC section 2): avatar initials, and name and profile name
 * (`nomPerfil`) when the top bar is at least 900 px wide; the menu always repeats the name and
 * profile, opens 'Meu usuário' (/system/user/me), offers the language (Português / English, kept per browser), the fullscreen toggle on
 * phones, and Logout, which calls `GET auth/logout` and on success clears the session (a failure
 * shows the error toast and keeps the session).
 */
export function UserMenu({ mobile = false }: UserMenuProps) {
  const { t, i18n } = useTranslation();
  const user = useSignedUser();
  const { endSession } = useSession();
  const queryClient = useQueryClient();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const navigate = useNavigate();

  const onLogout = async () => {
    setAnchor(null);
    const ok = await logout().then(() => true, () => false);
    if (!ok) return;
    queryClient.clear();
    endSession();
  };

  return (
    <>
      <ButtonBase
        aria-haspopup="menu"
        aria-expanded={Boolean(anchor)}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ flexShrink: 0, borderRadius: 2, px: 1, py: 0.5, gap: 1.25, textAlign: 'left', '&.Mui-focusVisible': { outline: `2px solid ${BRAND.primary}` } }}
      >
        {/* accessible name "Menu do usuário" + the visible name and profile (WCAG 2.5.3 label in name) */}
        <Box component="span" sx={visuallyHidden}>
          {t('layout.userMenu')}
        </Box>
        <Avatar aria-hidden sx={{ width: 36, height: 36, bgcolor: 'primary.main', fontSize: 15, fontWeight: 700 }}>
          {initials(user.nome)}
        </Avatar>
        <Box sx={{ minWidth: 0, maxWidth: 180, display: 'none', '@container topbar (min-width: 900px)': { display: 'block' } }}>
          <Typography variant="body2" noWrap sx={{ fontWeight: 700, lineHeight: 1.2 }}>
            {user.nome}
          </Typography>
          <Typography variant="caption" noWrap color="text.secondary" component="div" sx={{ lineHeight: 1.2 }}>
            {user.nomPerfil ?? ''}
          </Typography>
        </Box>
      </ButtonBase>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} transformOrigin={{ vertical: 'top', horizontal: 'right' }}>
        <Box sx={{ px: 2, py: 1, minWidth: 220 }} data-testid="user-menu-identity">
          <Typography variant="body2" sx={{ fontWeight: 700 }}>
            {user.nome}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {user.nomPerfil ?? ''}
          </Typography>
        </Box>
        <Divider />
        <MenuItem
          onClick={() => {
            setAnchor(null);
            void navigate(MY_USER_PATH);
          }}
        >
          <ListItemIcon>
            <ManageAccountsIcon fontSize="small" />
          </ListItemIcon>
          {t('menu.myUser')}
        </MenuItem>
        <Divider />
        <ListSubheader sx={{ lineHeight: '32px' }}>{t('layout.language')}</ListSubheader>
        {LANGUAGES.map((language) => {
          const selected = i18n.resolvedLanguage === language;
          return (
            <MenuItem
              key={language}
              lang={language}
              selected={selected}
              aria-current={selected ? 'true' : undefined}
              onClick={() => {
                setAnchor(null);
                void changeLanguage(i18n, language);
              }}
            >
              <ListItemIcon>{selected && <CheckIcon fontSize="small" />}</ListItemIcon>
              <ListItemText>{LANGUAGE_LABELS[language]}</ListItemText>
            </MenuItem>
          );
        })}
        <Divider />
        {mobile && <FullscreenMenuItem onDone={() => setAnchor(null)} />}
        <MenuItem onClick={() => void onLogout()}>
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          {t('layout.logout')}
        </MenuItem>
      </Menu>
    </>
  );
}
