import { useMemo, useState } from 'react';
import { Outlet } from 'react-router';
import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import { MOBILE_MAX_WIDTH, MOBILE_QUERY } from '../../../shared/app-id.ts';
import { useSignedUser } from '../../../shared/session/session-context.tsx';
import { buildMenu } from '../menu-model.ts';
import { SideMenu } from './side-menu.tsx';
import { TopBar } from './top-bar.tsx';

/** Id of the routed content; the "skip to content" link moves the focus there. */
export const MAIN_CONTENT_ID = 'conteudo';

/**
 * Signed-in layout (SPEC section 2): a "skip to content" link (the first stop of the keyboard), the
 * top bar across the whole width (its menu button never moves), the side menu below it and the
 * routed content. The menu starts expanded on wide screens and collapsed below 769 px.
 */
export function AppLayout() {
  const { t } = useTranslation();
  const user = useSignedUser();
  const mobile = useMediaQuery(MOBILE_QUERY, { noSsr: true });
  const [expanded, setExpanded] = useState(() => typeof window === 'undefined' || window.innerWidth > MOBILE_MAX_WIDTH);
  const [mobileOpen, setMobileOpen] = useState(false);
  const sections = useMemo(() => buildMenu(user.roles), [user.roles]);

  return (
    <Box sx={{ minHeight: '100vh', backgroundColor: 'background.default' }}>
      <Box
        component="a"
        href={`#${MAIN_CONTENT_ID}`}
        onClick={(event) => {
          event.preventDefault();
          document.getElementById(MAIN_CONTENT_ID)?.focus();
        }}
        sx={{
          position: 'fixed',
          left: 8,
          top: -100,
          zIndex: (theme) => theme.zIndex.tooltip + 1,
          px: 2,
          py: 1,
          borderRadius: 1,
          backgroundColor: 'primary.main',
          color: '#fff',
          fontWeight: 700,
          textDecoration: 'none',
          '&:focus': { top: 8, outline: '3px solid #fff', outlineOffset: 2 },
        }}
      >
        {t('layout.skipToContent')}
      </Box>
      <TopBar mobile={mobile} onMenuClick={() => (mobile ? setMobileOpen(true) : setExpanded((e) => !e))} menuExpanded={mobile ? mobileOpen : expanded} />
      <Box sx={{ display: 'flex' }}>
        <SideMenu sections={sections} mobile={mobile} expanded={expanded} mobileOpen={mobileOpen} onMobileClose={() => setMobileOpen(false)} />
        <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1} sx={{ flex: 1, minWidth: 0, p: { xs: 2, sm: 3 }, '&:focus': { outline: 'none' } }}>
          <Outlet />
        </Box>
      </Box>
    </Box>
  );
}
