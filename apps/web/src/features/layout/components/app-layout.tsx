import { useMemo, useState } from 'react';
import { Outlet } from 'react-router';
import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';
import { MOBILE_MAX_WIDTH, MOBILE_QUERY } from '../../../shared/app-id.ts';
import { useSignedUser } from '../../../shared/session/session-context.tsx';
import { buildMenu } from '../menu-model.ts';
import { SideMenu } from './side-menu.tsx';
import { TopBar } from './top-bar.tsx';

/**
 * Signed-in layout (SPEC section 2): side menu, top bar and the routed content. The menu starts
 * expanded on wide screens and collapsed below 769 px.
 */
export function AppLayout() {
  const user = useSignedUser();
  const mobile = useMediaQuery(MOBILE_QUERY, { noSsr: true });
  const [expanded, setExpanded] = useState(() => typeof window === 'undefined' || window.innerWidth > MOBILE_MAX_WIDTH);
  const [mobileOpen, setMobileOpen] = useState(false);
  const sections = useMemo(() => buildMenu(user.roles), [user.roles]);

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', backgroundColor: 'background.default' }}>
      <SideMenu
        sections={sections}
        mobile={mobile}
        expanded={expanded}
        onExpandedChange={setExpanded}
        mobileOpen={mobileOpen}
        onMobileClose={() => setMobileOpen(false)}
      />
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <TopBar mobile={mobile} onMenuClick={() => (mobile ? setMobileOpen(true) : setExpanded((e) => !e))} />
        <Box component="main" sx={{ flex: 1, p: { xs: 2, sm: 3 }, minWidth: 0 }}>
          <Outlet />
        </Box>
      </Box>
    </Box>
  );
}
