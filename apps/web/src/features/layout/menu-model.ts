import { APP_ROUTES, MENU_GROUPS, hasRole, type AppRoute, type MenuGroup } from '@acervo/contracts';

/** One group of the side menu with the entries the user may open. */
export interface MenuSection {
  group: MenuGroup;
  /** i18n key of the group label (`menu.groups.<group>`). */
  labelKey: string;
  entries: AppRoute[];
}

/**
 * Side menu of SPEC section 2 for a set of roles: groups in `MENU_GROUPS` order, each with the
 * `APP_ROUTES` entries of that group whose required role the user holds (substring match); a group
 * with no allowed entry is left out.
 * @param roles the signed-in user's roles for the selected company
 * @param routes route table (defaults to the contracts' `APP_ROUTES`)
 */
export function buildMenu(roles: readonly string[], routes: readonly AppRoute[] = APP_ROUTES): MenuSection[] {
  const sections: MenuSection[] = [];
  for (const group of MENU_GROUPS) {
    const entries = routes.filter((route) => route.menu === group && hasRole(roles, route.role));
    if (entries.length > 0) sections.push({ group, labelKey: `menu.groups.${group}`, entries });
  }
  return sections;
}

/**
 * True when `pathname` is the entry's page or below it (`/product/catalog` for the catalogue,
 * `/` only for itself).
 */
export function isActivePath(entryPath: string, pathname: string): boolean {
  if (entryPath === '/') return pathname === '/';
  return pathname === entryPath || pathname.startsWith(`${entryPath}/`);
}

/**
 * The one menu entry to highlight at `pathname` (issue 15: /pedido/pedido-venda/cadastrar lit both
 * "Pedidos de venda" and "Criar pedido"): of the entries `isActivePath` accepts, the one with the
 * longest path, i.e. the most specific; undefined when none is.
 */
export function activeEntry(sections: readonly MenuSection[], pathname: string): { group: MenuGroup; entry: AppRoute } | undefined {
  let best: { group: MenuGroup; entry: AppRoute } | undefined;
  for (const section of sections) {
    for (const entry of section.entries) {
      if (isActivePath(entry.path, pathname) && (!best || entry.path.length > best.entry.path.length)) best = { group: section.group, entry };
    }
  }
  return best;
}
