import { useState, type ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
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
import { AcervoLogo } from '../../../shared/brand/acervo-logo.tsx';
import { isActivePath, type MenuSection } from '../menu-model.ts';

/** Expanded width of the side menu in px (SPEC section 9). */
export const MENU_WIDTH = 250;
/** Collapsed width of the side menu in px (SPEC section 9). */
export const MENU_COLLAPSED_WIDTH = 92;

const GROUP_ICONS: Record<MenuGroup, ReactNode> = {
  home: <HomeOutlined />,
  product: <MenuBookOutlined />,
  orders: <ShoppingCartOutlined />,
  replacement: <AutorenewOutlined />,
  reports: <AssessmentOutlined />,
  system: <SettingsOutlined />,
};

const MENU_BG = '#0E2956';
const itemSx = {
  borderRadius: 1.5,
  mx: 1.5,
  my: 0.25,
  color: 'rgba(255,255,255,0.85)',
  '& .MuiListItemIcon-root': { color: 'inherit', minWidth: 40 },
  '&:hover': { backgroundColor: 'rgba(255,255,255,0.08)' },
  '&.active, &.Mui-selected, &.Mui-selected:hover': { backgroundColor: '#2793CE', color: '#fff' },
} as const;

/** Props of `MenuContent`. */
interface MenuContentProps {
  sections: MenuSection[];
  expanded: boolean;
  onNavigate?: () => void;
}

function MenuContent({ sections, expanded, onNavigate }: MenuContentProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const activeGroup = sections.find((s) => s.entries.some((e) => isActivePath(e.path, pathname)))?.group;
  const [open, setOpen] = useState<Partial<Record<MenuGroup, boolean>>>(() => (activeGroup ? { [activeGroup]: true } : {}));

  return (
    <Box sx={{ height: '100%', display: 'flex', flexDirection: 'column', backgroundColor: MENU_BG, color: '#fff', overflowX: 'hidden' }}>
      <Box sx={{ height: 64, flexShrink: 0, display: 'flex', alignItems: 'center', px: expanded ? 3 : 0, justifyContent: expanded ? 'flex-start' : 'center', overflow: 'hidden' }}>
        {expanded ? (
          <AcervoLogo height={34} color="#FFFFFF" />
        ) : (
          <Box sx={{ width: 44, overflow: 'hidden' }}>
            <AcervoLogo height={44} color="#FFFFFF" />
          </Box>
        )}
      </Box>
      <List component="div" sx={{ flex: 1, overflowY: 'auto', overflowX: 'hidden', py: 1 }}>
        {sections.map((section) => {
          const icon = GROUP_ICONS[section.group];
          if (section.group === 'home') {
            return section.entries.map((entry) => (
              <Tooltip key={entry.id} title={expanded ? '' : t(entry.labelKey)} placement="right">
                <ListItemButton component={NavLink} to={entry.path} end onClick={onNavigate} sx={{ ...itemSx, justifyContent: expanded ? 'flex-start' : 'center' }}>
                  <ListItemIcon sx={{ justifyContent: 'center' }}>{icon}</ListItemIcon>
                  {expanded && <ListItemText primary={t(entry.labelKey)} />}
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
                  {expanded && <ListItemText primary={t(section.labelKey)} />}
                  {expanded && (isOpen ? <ExpandLess /> : <ExpandMore />)}
                </ListItemButton>
              </Tooltip>
              <Collapse in={isOpen} timeout="auto" unmountOnExit>
                <List component="div" disablePadding>
                  {section.entries.map((entry) => (
                    <ListItemButton
                      key={entry.id}
                      component={NavLink}
                      to={entry.path}
                      onClick={onNavigate}
                      selected={isActivePath(entry.path, pathname)}
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
  /** Wide layout: expanded (250 px) or collapsed (92 px). */
  expanded: boolean;
  onExpandedChange: (expanded: boolean) => void;
  /** Narrow layout: drawer open. */
  mobileOpen: boolean;
  onMobileClose: () => void;
}

/**
 * Side menu of SPEC section 2. Wide layout: 250 px expanded / 92 px collapsed, expands on
 * mouse-over and collapses when the mouse leaves it. Narrow layout (≤ 768 px): hidden, shown as a
 * temporary drawer opened from the top bar's menu button and closed on navigation.
 */
export function SideMenu({ sections, mobile, expanded, onExpandedChange, mobileOpen, onMobileClose }: SideMenuProps) {
  const { t } = useTranslation();
  if (mobile) {
    return (
      <Drawer
        variant="temporary"
        open={mobileOpen}
        onClose={onMobileClose}
        ModalProps={{ keepMounted: true }}
        slotProps={{ paper: { sx: { width: MENU_WIDTH, border: 0 } } }}
      >
        <Box component="nav" aria-label={t('layout.navigation')} sx={{ height: '100%' }}>
          <MenuContent sections={sections} expanded onNavigate={onMobileClose} />
        </Box>
      </Drawer>
    );
  }
  const width = expanded ? MENU_WIDTH : MENU_COLLAPSED_WIDTH;
  return (
    <Box
      component="nav"
      aria-label={t('layout.navigation')}
      data-expanded={expanded}
      onMouseEnter={() => onExpandedChange(true)}
      onMouseLeave={() => onExpandedChange(false)}
      sx={{
        width,
        flexShrink: 0,
        position: 'sticky',
        top: 0,
        height: '100vh',
        transition: (theme) => theme.transitions.create('width', { duration: theme.transitions.duration.shorter }),
        zIndex: (theme) => theme.zIndex.appBar + 1,
      }}
    >
      <MenuContent sections={sections} expanded={expanded} />
    </Box>
  );
}
