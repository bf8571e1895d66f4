import { allowedRoutes } from '@acervo/contracts';

/** Query parameters that belong to the login area and are dropped on sign-in (`?resetToken=`). */
const LOGIN_ONLY_PARAMS = ['resetToken'];

/**
 * True when `pathname` is the path of a route-table pattern: same number of segments, literal
 * segments equal, `:param` segments non-empty (`/product/:id` matches `/product/42`). A trailing
 * slash is ignored.
 */
export function matchesRoutePath(pattern: string, pathname: string): boolean {
  const split = (path: string) => path.replace(/\/+$/, '').split('/').filter(Boolean);
  const want = split(pattern);
  const have = split(pathname);
  if (want.length !== have.length) return false;
  return want.every((segment, i) => (segment.startsWith(':') ? have[i].length > 0 : segment === have[i]));
}

/**
 * Where a user lands right after signing in (issue 15, defect 2): the address they asked for
 * before signing in when it is one of the routes their roles allow (SPEC section 2), with its query
 * (minus the login area's `resetToken`) and hash; `/` otherwise: an unknown path, a path of a
 * route the roles do not allow, or the page a previous user left (sign-out sends the tab to `/`).
 * @param location the address shown at sign-in (`window.location`)
 * @param roles the roles of the user who signed in, in the selected company
 * @returns a path with query and hash, always starting with `/`
 */
export function landingPath(location: Pick<Location, 'pathname' | 'search' | 'hash'>, roles: readonly string[]): string {
  const { pathname } = location;
  const allowed = allowedRoutes(roles).some((route) => route.routed !== false && matchesRoutePath(route.path, pathname));
  if (!allowed) return '/';
  const params = new URLSearchParams(location.search);
  for (const name of LOGIN_ONLY_PARAMS) params.delete(name);
  const query = params.toString();
  return `${pathname}${query ? `?${query}` : ''}${location.hash}`;
}

/** The current address (path, query and hash), as `landingPath` answers it. */
export function currentAddress(): string {
  return `${window.location.pathname}${window.location.search}${window.location.hash}`;
}

/** Shows `path` in the address bar without a reload or a history entry (no-op when it is already shown). */
export function replaceAddress(path: string): void {
  if (currentAddress() !== path) window.history.replaceState(null, '', path);
}
