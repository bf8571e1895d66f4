import { useState, type FocusEvent, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import { visuallyHidden } from '@mui/utils';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import ShoppingCartOutlined from '@mui/icons-material/ShoppingCartOutlined';
import AutorenewOutlined from '@mui/icons-material/AutorenewOutlined';
import AssessmentOutlined from '@mui/icons-material/AssessmentOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import type { MenuGroup } from '@acervo/contracts';
import { useTranslation } from 'react-i18next';
import { BRAND, MENU_SELECTED_BG } from '../../../shared/theme/palette.ts';
import { AcervoLogo } from '../../../shared/brand/acervo-logo.tsx';
import { activeEntry, type MenuSection } from '../menu-model.ts';

/** Expanded width of the side menu in px (SPEC section 9). */
export const MENU_WIDTH = 250;
/** Collapsed width of the side menu in px (SPEC section 9). */
export const MENU_COLLAPSED_WIDTH = 92;
/** Height of the top bar in px; the wide-layout menu sits below it. */
export const TOP_BAR_HEIGHT = 64;

const GROUP_ICONS: Record<MenuGroup, ReactNode> = {
  home: <HomeOutlined />,
  product: <MenuBookOutlined />,
  orders: <ShoppingCartOutlined />,
  replacement: <AutorenewOutlined />,
  reports: <AssessmentOutlined />,
  system: <SettingsOutlined />,
};

/**
 * Menu item look on the dark menu: text 0.85 white (11.1:1 on #0E2956); the selected item is
 * #1D6FA5 with white text (5.43:1); the keyboard focus is a 2 px white outline (14.3:1 against the
 * menu) drawn inside the item, so it shows on the selected item too without hiding its colour.
 */
const itemSx = {
  borderRadius: 1.5,
  mx: 1.5,
  my: 0.25,
  color: 'rgba(255,255,255,0.85)',
  '& .MuiListItemIcon-root': { color: 'inherit', minWidth: 40 },
  '&:hover': { backgroundColor: 'rgba(255,255,255,0.08)' },
  '&.active, &.Mui-selected, &.Mui-selected:hover': { backgroundColor: MENU_SELECTED_BG, color: '#fff' },
  '&.Mui-focusVisible': { outline: '2px solid #fff', outlineOffset: '-2px' },
  '&.Mui-focusVisible:not(.active):not(.Mui-selected)': { backgroundColor: 'rgba(255,255,255,0.12)' },
  '&.active.Mui-focusVisible, &.Mui-selected.Mui-focusVisible': { backgroundColor: MENU_SELECTED_BG },
} as const;

/** Props of `MenuContent`. */
interface MenuContentProps {
  sections: MenuSection[];
  expanded: boolean;
  /** Shows the logo above the entries (the drawer; the wide layout has it in the top bar). */
  withLogo?: boolean;
  onNavigate?: () => void;
}

function MenuContent({ sections, expanded, withLogo = false, onNavigate }: MenuContentProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const active = activeEntry(sections, pathname);
  const activeGroup = active?.group;
  const [open, setOpen] = useState<Partial<Record<MenuGroup, boolean>>>(() => (activeGroup ? { [activeGroup]: true } : {}));

  return (
    <Box sx={{ height: '100%', display: 'flex', flexDirection: 'column', backgroundColor: BRAND.primary, color: '#fff', overflowX: 'hidden' }}>
      {withLogo && (
        <Box sx={{ height: TOP_BAR_HEIGHT, flexShrink: 0, display: 'flex', alignItems: 'center', px: 3 }}>
          <AcervoLogo height={34} color="#FFFFFF" />
        </Box>
      )}
      <List component="div" sx={{ flex: 1, overflowY: 'auto', overflowX: 'hidden', py: 1 }}>
        {sections.map((section) => {
          const icon = GROUP_ICONS[section.group];
          if (section.group === 'home') {
            return section.entries.map((entry) => (
              <Tooltip key={entry.id} title={expanded ? '' : t(entry.labelKey)} placement="right">
                <ListItemButton component={NavLink} to={entry.path} end onClick={onNavigate} sx={{ ...itemSx, justifyContent: expanded ? 'flex-start' : 'center' }}>
                  <ListItemIcon sx={{ justifyContent: 'center' }}>{icon}</ListItemIcon>
                  {expanded ? <ListItemText primary={t(entry.labelKey)} /> : <Box component="span" sx={visuallyHidden}>{t(entry.labelKey)}</Box>}
                </ListItemButton>
              </Tooltip>
            ));
          }
          const isOpen = expanded && Boolean(open[section.group]);
          const groupActive = section.group === activeGroup;
          return (
            <Box key={section.group} role="group" aria-label={t(section.labelKey)}>
              <Tooltip title={expanded ? '' : t(section.labelKey)} placement="right">
                <ListItemButton
                  onClick={() => setOpen((o) => ({ ...o, [section.group]: !o[section.group] }))}
                  aria-expanded={isOpen}
                  sx={{ ...itemSx, justifyContent: expanded ? 'flex-start' : 'center', ...(groupActive && !isOpen ? { color: '#fff', backgroundColor: 'rgba(39,147,206,0.35)' } : {}) }}
                >
                  <ListItemIcon sx={{ justifyContent: 'center' }}>{icon}</ListItemIcon>
                  {expanded ? <ListItemText primary={t(section.labelKey)} /> : <Box component="span" sx={visuallyHidden}>{t(section.labelKey)}</Box>}
                  {expanded && (isOpen ? <ExpandLess /> : <ExpandMore />)}
                </ListItemButton>
              </Tooltip>
              <Collapse in={isOpen} timeout="auto" unmountOnExit>
                <List component="div" disablePadding>
                  {section.entries.map((entry) => (
                    <ListItemButton
                      key={entry.id}
                      component={Link}
                      to={entry.path}
                      onClick={onNavigate}
                      selected={entry.id === active?.entry.id}
                      aria-current={entry.id === active?.entry.id ? 'page' : undefined}
                      sx={{ ...itemSx, pl: 7, py: 0.5, '& .MuiListItemText-primary': { fontSize: 14 } }}
                    >
                      <ListItemText primary={t(entry.labelKey)} />
                    </ListItemButton>
                  ))}
                </List>
              </Collapse>
            </Box>
          );
        })}
      </List>
    </Box>
  );
}

/** Props of `SideMenu`. */
export interface SideMenuProps {
  sections: MenuSection[];
  /** Narrow layout (≤ 768 px): the menu is a temporary drawer. */
  mobile: boolean;
  /** Wide layout: expanded by the menu button (250 px, the content beside it) or collapsed (92 px). */
  expanded: boolean;
  /** Narrow layout: drawer open. */
  mobileOpen: boolean;
  onMobileClose: () => void;
}

/**
 * Side menu of SPEC section 2.
 * - Wide layout: below the top bar, 250 px when expanded with the menu button (the content sits
 *   beside it) or 92 px when collapsed. A collapsed menu expands on mouse-over and when it takes
 *   the keyboard focus, as a panel over the content (the content does not move), and collapses
 *   again when the mouse leaves it or the focus moves out (or Escape).
 * - Narrow layout (≤ 768 px): hidden, shown as a temporary drawer opened from the top bar's menu
 *   button and closed on navigation. The drawer mounts when opened: kept mounted while closed, its
 *   slide transition measured the page (a forced layout) in every screen's first commit on phones.
 */
export function SideMenu({ sections, mobile, expanded, mobileOpen, onMobileClose }: SideMenuProps) {
  const { t } = useTranslation();
  const [peek, setPeek] = useState(false);
  if (mobile) {
    return (
      <Drawer
        variant="temporary"
        open={mobileOpen}
        onClose={onMobileClose}
        slotProps={{ paper: { sx: { width: MENU_WIDTH, border: 0 } } }}
      >
        <Box component="nav" aria-label={t('layout.navigation')} sx={{ height: '100%' }}>
          <MenuContent sections={sections} expanded withLogo onNavigate={onMobileClose} />
        </Box>
      </Drawer>
    );
  }
  const open = expanded || peek;
  const overlay = peek && !expanded;
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setPeek(false);
  };
  return (
    <Box
      data-testid="side-menu-slot"
      sx={{
        width: expanded ? MENU_WIDTH : MENU_COLLAPSED_WIDTH,
        flexShrink: 0,
        position: 'sticky',
        top: TOP_BAR_HEIGHT,
        height: `calc(100vh - ${TOP_BAR_HEIGHT}px)`,
        zIndex: (theme) => theme.zIndex.appBar - 1,
        transition: (theme) => theme.transitions.create('width', { duration: theme.transitions.duration.shorter }),
      }}
    >
      <Box
        component="nav"
        aria-label={t('layout.navigation')}
        data-expanded={open}
        onMouseEnter={() => setPeek(true)}
        onMouseLeave={() => setPeek(false)}
        onFocus={() => setPeek(true)}
        onBlur={onBlur}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && overlay) {
            setPeek(false);
            (document.activeElement as HTMLElement | null)?.blur();
          }
        }}
        sx={{
          position: 'absolute',
          top: 0,
          left: 0,
          bottom: 0,
          width: open ? MENU_WIDTH : MENU_COLLAPSED_WIDTH,
          boxShadow: overlay ? 8 : 'none',
          transition: (theme) => theme.transitions.create(['width', 'box-shadow'], { duration: theme.transitions.duration.shorter }),
        }}
      >
        <MenuContent sections={sections} expanded={open} />
      </Box>
    </Box>
  );
}
