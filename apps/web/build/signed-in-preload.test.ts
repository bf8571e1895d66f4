import { afterEach, describe, expect, it } from 'vitest';
import type { IndexHtmlTransformContext, IndexHtmlTransformResult, Rollup } from 'vite';
import { signedInPreload, type ScreenPreloads } from './signed-in-preload.ts';

/** A chunk of a fake bundle: its file, static imports and, for the entry, `isEntry`. */
function chunk(fileName: string, imports: string[], extra: Partial<Rollup.OutputChunk> = {}): Rollup.OutputChunk {
  return { type: 'chunk', fileName, imports, dynamicImports: [], isEntry: false, facadeModuleId: null, ...extra } as unknown as Rollup.OutputChunk;
}

/** Runs the plugin's index.html transform on a bundle; answers the inline script it adds. */
function scriptFor(bundle: Rollup.OutputBundle, screens?: ScreenPreloads): string {
  const plugin = signedInPreload('acervo:token', screens);
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

    it("fails the build when a screen's page chunk is not found", () => {
      const { ['assets/catalog-page.js']: _gone, ...rest } = withScreens;
      expect(() => scriptFor(rest, screens)).toThrow(/catalog-page\.tsx \(route catalog\) is missing/);
    });
  });
});
