import type { Plugin, Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

/** Source module of the signed-in application (its chunk and static imports are preloaded). */
const SIGNED_IN_MODULE = /[\\/]src[\\/]app[\\/]signed-in-app\.tsx$/;

/**
 * Files (paths under the build's base, e.g. `assets/mui-abc.js`) a chunk needs before it runs:
 * itself and its static imports, recursively, leaving out what `skip` already holds.
 */
function staticClosure(bundle: OutputBundle, file: string, skip: ReadonlySet<string>, into: Set<string>): Set<string> {
  if (skip.has(file) || into.has(file)) return into;
  const chunk = bundle[file];
  if (!chunk || chunk.type !== 'chunk') return into;
  into.add(file);
  for (const dep of chunk.imports) staticClosure(bundle, dep, skip, into);
  return into;
}

/** A route of the app's route table, as the preload needs it. */
export interface PreloadRoute {
  /** Route-table id (`APP_ROUTES[].id`). */
  id: string;
  /** React Router path, e.g. `/product/:id`. */
  path: string;
}

/** What the plugin preloads besides the signed-in app: each screen at its address. */
export interface ScreenPreloads {
  /** The route table (`APP_ROUTES`). */
  routes: readonly PreloadRoute[];
  /** Page module of each lazily loaded screen by route id, as a path under `srcDir` (`ROUTE_PAGE_FILES`). */
  pageFiles: Readonly<Record<string, string>>;
  /**
   * Modules a screen imports lazily but draws on its first view, by route id, as paths under
   * `srcDir` (`ROUTE_LAZY_FILES`, e.g. Home's trend chart): preloaded with the screen, so they
   * download while the app starts instead of after the screen asked for them.
   */
  lazyFiles?: Readonly<Record<string, readonly string[]>>;
  /** Absolute folder the page files are relative to (`apps/web/src`). */
  srcDir: string;
}

/** Early requests the script sends at their screen's address (`src/shared/api/early-request.ts`). */
export interface EarlyRequests {
  /** The requests (`EARLY_REQUESTS`). */
  requests: readonly { name: string; path: string; api: string; query: readonly string[] }[];
  /** API base path, e.g. `/api/core-api/`. */
  apiBase: string;
  /** Local-storage key prefix of each request's permission (`EARLY_REQUEST_KEY_PREFIX`). */
  keyPrefix: string;
  /** Name of the global object the answers go to (`EARLY_ANSWERS_GLOBAL`). */
  global: string;
}

/** Regular-expression source matching a route path (`:param` = one segment; a trailing slash allowed). */
function pathPattern(path: string): string {
  const parts = path.split('/').filter(Boolean).map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return parts.length === 0 ? '^/?$' : `^/${parts.join('/')}/?$`;
}

const normalise = (file: string) => file.replace(/\\/g, '/');

/**
 * Vite plugin (build only): a returning user's browser starts downloading the signed-in
 * application, and the screen at the address, while the entry chunk downloads, instead of after
 * it has run.
 *
 * The entry chunk carries only the login area (issue 5: login route JS at most 200 KB); the
 * signed-in app is a lazy chunk that `App` asks for once the entry has run and found a session,
 * and the screen's chunk (`ROUTE_MODULES`) one step later still: two round trips on every visit
 * of a signed-in user, on a phone's slow link the largest part of the screen's first paint
 * (issue 15: the catalogue's chunk was requested 4.4 s after the page on Lighthouse's mobile
 * profile). The session lives in `localStorage` (`<appId>:token`), which the server cannot see,
 * so the build adds a small inline script to `index.html` that, when a token is stored, adds
 * `<link rel="modulepreload">` for the signed-in app's chunk and its static imports (those not
 * already in the entry's), and for the chunk of the screen whose route matches the address (a
 * static path before a parameterised one, as the router) with its static imports not already
 * listed. Without a token (the login page) nothing extra is downloaded. The lists are the
 * build's own, so they never name a file that does not exist.
 *
 * With `early`, the script also sends each early request whose route matches the address and
 * whose permission key is set (the screen read its answer before in this session), with the
 * stored token, no company header and the listed query parameters of the address, and leaves
 * `{at, answer}` (answer: the JSON of a 2xx, else null; never a rejection) in
 * `window[early.global][name]` for the screen to take.
 *
 * @param tokenKey localStorage key of the session token (`TOKEN_STORAGE_KEY`).
 * @param screens the route table and page modules; without it only the signed-in app is preloaded
 * @param early the early requests (`EARLY_REQUESTS` and their keys); without it none is sent
 * @throws Error at build time when the signed-in app's chunk, or a screen's page chunk, is not in
 *   the bundle (a renamed module would otherwise silently drop its preload)
 */
export function signedInPreload(tokenKey: string, screens?: ScreenPreloads, early?: EarlyRequests): Plugin {
  let base = '/';
  return {
    name: 'acervo-signed-in-preload',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
        const entry = chunks.find((chunk) => chunk.isEntry);
        const signedIn = chunks.find((chunk) => chunk.facadeModuleId !== null && SIGNED_IN_MODULE.test(chunk.facadeModuleId));
        if (!entry || !signedIn) throw new Error('signed-in preload: the entry or the signed-in app chunk is missing from the build');
        const inEntry = staticClosure(bundle, entry.fileName, new Set(), new Set());
        const appFiles = [...staticClosure(bundle, signedIn.fileName, inEntry, new Set())];
        const files = [...appFiles];
        const index = (file: string) => {
          const at = files.indexOf(file);
          return at >= 0 ? at : files.push(file) - 1;
        };
        // [pattern, file indexes] per screen, static paths first (fewest parameters), as the router matches
        const screenList: Array<[string, number[]]> = [];
        if (screens) {
          const before = new Set([...inEntry, ...appFiles]);
          const byModule = new Map(chunks.filter((chunk) => chunk.facadeModuleId).map((chunk) => [normalise(chunk.facadeModuleId ?? ''), chunk]));
          const modulesOf = (id: string) => [...(screens.pageFiles[id] ? [screens.pageFiles[id]] : []), ...(screens.lazyFiles?.[id] ?? [])];
          const routes = screens.routes
            .filter((route) => modulesOf(route.id).length > 0)
            .map((route) => ({ route, params: route.path.split('/').filter((part) => part.startsWith(':')).length }))
            .sort((a, b) => a.params - b.params);
          for (const { route } of routes) {
            const own = new Set<string>();
            for (const file of modulesOf(route.id)) {
              const page = byModule.get(normalise(`${screens.srcDir}/${file}`));
              if (!page) throw new Error(`signed-in preload: the chunk of ${file} (route ${route.id}) is missing from the build`);
              staticClosure(bundle, page.fileName, before, own);
            }
            screenList.push([pathPattern(route.path), [...own].map(index)]);
          }
        }
        // file names without their common folder and extension: the script is in every page's HTML
        const prefix = files.every((file) => file.startsWith('assets/')) ? 'assets/' : '';
        const suffix = files.every((file) => file.endsWith('.js')) ? '.js' : '';
        const short = files.map((file) => file.slice(prefix.length, file.length - suffix.length));
        // [pattern, name, api, query parameters] per early request
        const earlyList = (early?.requests ?? []).map((request) => [pathPattern(request.path), request.name, request.api, request.query]);
        const earlyScript = earlyList.length === 0 ? '' :
          `var e=${JSON.stringify(earlyList)},s=new URLSearchParams(location.search),w=window[${JSON.stringify(early?.global)}]={};` +
          `e.forEach(function(x){if(!new RegExp(x[0]).test(location.pathname)||!localStorage.getItem(${JSON.stringify(early?.keyPrefix)}+x[1]))return;` +
          `var q=[];x[3].forEach(function(k){var v=s.get(k);if(v)q.push(encodeURIComponent(k)+'='+encodeURIComponent(v));});` +
          `w[x[1]]={at:Date.now(),answer:fetch(${JSON.stringify(early?.apiBase)}+x[2]+(q.length?'?'+q.join('&'):''),{headers:{Authorization:'Bearer '+t,Accept:'application/json','Accept-Language':'pt-BR'}})` +
          `.then(function(r){return r.ok?r.json():null;}).catch(function(){return null;})};});`;
        const script =
          `(function(){try{var t=localStorage.getItem(${JSON.stringify(tokenKey)});if(!t)return;` +
          earlyScript +
          `var f=${JSON.stringify(short)},r=${JSON.stringify(screenList)};` +
          `function p(i){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=${JSON.stringify(base + prefix)}+f[i]+${JSON.stringify(suffix)};document.head.appendChild(l);}` +
          `for(var i=0;i<${appFiles.length};i++)p(i);` +
          `for(var j=0;j<r.length;j++)if(new RegExp(r[j][0]).test(location.pathname)){r[j][1].forEach(p);break;}` +
          `}catch(e){}})();`;
        return { html, tags: [{ tag: 'script', children: script, injectTo: 'head' }] };
      },
    },
  };
}
