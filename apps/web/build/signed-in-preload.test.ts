import { afterEach, describe, expect, it, vi } from 'vitest';
import type { IndexHtmlTransformContext, IndexHtmlTransformResult, Rollup } from 'vite';
import { signedInPreload, type EarlyRequests, type ScreenPreloads } from './signed-in-preload.ts';

/** A chunk of a fake bundle: its file, static imports and, for the entry, `isEntry`. */
function chunk(fileName: string, imports: string[], extra: Partial<Rollup.OutputChunk> = {}): Rollup.OutputChunk {
  return { type: 'chunk', fileName, imports, dynamicImports: [], isEntry: false, facadeModuleId: null, ...extra } as unknown as Rollup.OutputChunk;
}

/** Runs the plugin's index.html transform on a bundle; answers the inline script it adds. */
function scriptFor(bundle: Rollup.OutputBundle, screens?: ScreenPreloads, early?: EarlyRequests): string {
  const plugin = signedInPreload('acervo:token', screens, early);
  (plugin.configResolved as (config: { base: string }) => void)({ base: '/' });
  const hook = plugin.transformIndexHtml as { handler: (html: string, ctx: IndexHtmlTransformContext) => IndexHtmlTransformResult };
  const result = hook.handler('<html></html>', { path: '/index.html', filename: 'index.html', bundle } as IndexHtmlTransformContext) as { tags: Array<{ children: string; injectTo: string }> };
  expect(result.tags).toHaveLength(1);
  expect(result.tags[0].injectTo).toBe('head');
  return result.tags[0].children;
}

const bundle: Rollup.OutputBundle = {
  'assets/index.js': chunk('assets/index.js', ['assets/entry-vendor.js'], { isEntry: true, dynamicImports: ['assets/signed-in-app.js'] }),
  'assets/entry-vendor.js': chunk('assets/entry-vendor.js', []),
  'assets/signed-in-app.js': chunk('assets/signed-in-app.js', ['assets/entry-vendor.js', 'assets/mui.js', 'assets/router.js'], { facadeModuleId: '/repo/apps/web/src/app/signed-in-app.tsx' }),
  'assets/mui.js': chunk('assets/mui.js', ['assets/entry-vendor.js', 'assets/router.js']),
  'assets/router.js': chunk('assets/router.js', []),
  'assets/grid.js': chunk('assets/grid.js', ['assets/mui.js']),
};

function preloads(): string[] {
  return [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((l) => l.getAttribute('href') ?? '');
}

describe('signedInPreload (index.html of the build)', () => {
  afterEach(() => {
    localStorage.clear();
    document.head.innerHTML = '';
    window.history.replaceState(null, '', '/');
  });

  it('with a stored token, preloads the signed-in app and its static imports, not what the entry already loads nor lazy chunks', () => {
    localStorage.setItem('acervo:token', 'abc');
    new Function(scriptFor(bundle))();
    expect(preloads().sort()).toEqual(['/assets/mui.js', '/assets/router.js', '/assets/signed-in-app.js']);
  });

  it('without a token (the login page) preloads nothing', () => {
    new Function(scriptFor(bundle))();
    expect(preloads()).toEqual([]);
  });

  it('fails the build when the signed-in app chunk is not found (a renamed module would silently drop the preload)', () => {
    const { ['assets/signed-in-app.js']: _gone, ...rest } = bundle;
    expect(() => scriptFor(rest)).toThrow(/signed-in app chunk is missing/);
  });

  describe('with the screens', () => {
    const screens: ScreenPreloads = {
      routes: [
        { id: 'home', path: '/' },
        { id: 'productDetail', path: '/product/:id' },
        { id: 'catalog', path: '/product/catalog' },
      ],
      pageFiles: { catalog: 'features/products/pages/catalog-page.tsx', productDetail: 'features/products/pages/product-form-page.tsx' },
      srcDir: '/repo/apps/web/src',
    };
    const withScreens: Rollup.OutputBundle = {
      ...bundle,
      'assets/catalog-page.js': chunk('assets/catalog-page.js', ['assets/mui.js', 'assets/data-table.js'], { facadeModuleId: '/repo/apps/web/src/features/products/pages/catalog-page.tsx' }),
      'assets/data-table.js': chunk('assets/data-table.js', ['assets/entry-vendor.js']),
      'assets/product-form-page.js': chunk('assets/product-form-page.js', ['assets/data-table.js', 'assets/form.js'], { facadeModuleId: '/repo/apps/web/src/features/products/pages/product-form-page.tsx' }),
      'assets/form.js': chunk('assets/form.js', []),
    };
    const app = ['/assets/mui.js', '/assets/router.js', '/assets/signed-in-app.js'];

    it('preloads the screen at the address with its static imports not already listed; a static path wins over a parameterised one', () => {
      localStorage.setItem('acervo:token', 'abc');
      window.history.replaceState(null, '', '/product/catalog');
      new Function(scriptFor(withScreens, screens))();
      expect(preloads().sort()).toEqual([...app, '/assets/catalog-page.js', '/assets/data-table.js'].sort());

      document.head.innerHTML = '';
      window.history.replaceState(null, '', '/product/9788535914840/');
      new Function(scriptFor(withScreens, screens))();
      expect(preloads().sort()).toEqual([...app, '/assets/data-table.js', '/assets/form.js', '/assets/product-form-page.js'].sort());
    });

    it('preloads only the signed-in app at an address of no lazily loaded screen, and nothing without a token', () => {
      localStorage.setItem('acervo:token', 'abc');
      window.history.replaceState(null, '', '/');
      new Function(scriptFor(withScreens, screens))();
      expect(preloads().sort()).toEqual(app);

      document.head.innerHTML = '';
      localStorage.clear();
      window.history.replaceState(null, '', '/product/catalog');
      new Function(scriptFor(withScreens, screens))();
      expect(preloads()).toEqual([]);
    });

    it("preloads a screen's listed lazy modules (Home's chart) with their static imports, and fails the build when one is missing", () => {
      const withChart: Rollup.OutputBundle = {
        ...withScreens,
        'assets/trend-chart.js': chunk('assets/trend-chart.js', ['assets/charts.js', 'assets/mui.js'], { facadeModuleId: '/repo/apps/web/src/features/home/components/trend-chart.tsx' }),
        'assets/charts.js': chunk('assets/charts.js', []),
      };
      const lazy: ScreenPreloads = { ...screens, lazyFiles: { home: ['features/home/components/trend-chart.tsx'] } };
      localStorage.setItem('acervo:token', 'abc');
      window.history.replaceState(null, '', '/');
      new Function(scriptFor(withChart, lazy))();
      expect(preloads().sort()).toEqual([...app, '/assets/charts.js', '/assets/trend-chart.js'].sort());
      expect(() => scriptFor(withScreens, lazy)).toThrow(/trend-chart\.tsx \(route home\) is missing/);
    });

    describe('early requests', () => {
      const early: EarlyRequests = { requests: [{ name: 'dashboard', path: '/', api: 'dashboard', query: ['comparacao'] }], apiBase: '/api/core-api/', keyPrefix: 'acervo:early:', global: '__acervoEarly' };
      const slots = () => (window as unknown as { __acervoEarly?: Record<string, { at: number; answer: Promise<unknown> }> }).__acervoEarly;
      afterEach(() => {
        vi.unstubAllGlobals();
        delete (window as unknown as { __acervoEarly?: unknown }).__acervoEarly;
      });

      it("at the request's address, when allowed, sends it with the token and the address's listed parameters, and leaves its JSON", async () => {
        const fetchMock = vi.fn(async () => new Response(JSON.stringify({ idEmpresa: 2 })));
        vi.stubGlobal('fetch', fetchMock);
        localStorage.setItem('acervo:token', 'abc');
        localStorage.setItem('acervo:early:dashboard', '1');
        window.history.replaceState(null, '', '/?comparacao=ANO_ANTERIOR&x=1');
        new Function(scriptFor(withScreens, screens, early))();
        expect(fetchMock).toHaveBeenCalledTimes(1);
        expect(fetchMock).toHaveBeenCalledWith('/api/core-api/dashboard?comparacao=ANO_ANTERIOR', { headers: { Authorization: 'Bearer abc', Accept: 'application/json', 'Accept-Language': 'pt-BR' } });
        expect(await slots()?.dashboard?.answer).toEqual({ idEmpresa: 2 });
        expect(preloads().sort()).toEqual(app);
      });

      it('leaves null for a refused answer or a network failure, never a rejection', async () => {
        localStorage.setItem('acervo:token', 'abc');
        localStorage.setItem('acervo:early:dashboard', '1');
        vi.stubGlobal('fetch', vi.fn(async () => new Response('{"messages":[]}', { status: 403 })));
        new Function(scriptFor(withScreens, screens, early))();
        expect(await slots()?.dashboard?.answer).toBeNull();
        vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('offline'))));
        new Function(scriptFor(withScreens, screens, early))();
        expect(await slots()?.dashboard?.answer).toBeNull();
      });

      it('sends nothing without the permission, without a token, or at another address', () => {
        const fetchMock = vi.fn(async () => new Response('{}'));
        vi.stubGlobal('fetch', fetchMock);
        localStorage.setItem('acervo:token', 'abc');
        new Function(scriptFor(withScreens, screens, early))();
        localStorage.setItem('acervo:early:dashboard', '1');
        window.history.replaceState(null, '', '/product/catalog');
        new Function(scriptFor(withScreens, screens, early))();
        localStorage.removeItem('acervo:token');
        window.history.replaceState(null, '', '/');
        new Function(scriptFor(withScreens, screens, early))();
        expect(fetchMock).not.toHaveBeenCalled();
      });
    });

    it("fails the build when a screen's page chunk is not found", () => {
      const { ['assets/catalog-page.js']: _gone, ...rest } = withScreens;
      expect(() => scriptFor(rest, screens)).toThrow(/catalog-page\.tsx \(route catalog\) is missing/);
    });
  });
});
