import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:3300';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
async function walk(user: string, pass: string, sizes: [number, number][], paths: string[], tag: string) {
  for (const [w, h] of sizes) {
    const ctx = await browser.newContext({ viewport: { width: w, height: h }, timezoneId: 'Asia/Tokyo' });
    const page = await ctx.newPage();
    await page.goto(base + '/');
    await page.getByLabel('Usuário', { exact: true }).fill(user);
    await page.getByLabel('Senha', { exact: true }).fill(pass);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForTimeout(4000);
    for (const p of paths) {
      await page.goto(base + p);
      await page.waitForTimeout(5000);
      const name = `${tag}-${p.replace(/[/?=&]+/g, '_')}-${w}.png`;
      await page.screenshot({ path: `/tmp/shots/walk/${name}`, fullPage: false });
      console.log('shot', name);
    }
    await ctx.close();
  }
}
await walk('admin', 'admin', [[1366, 768], [390, 844]], ['/', '/product/terminal?q=machado', '/reports/billing', '/reports/stock', '/reports/opportunity', '/pedido/pedido-venda', '/pedido/pedido-venda/cadastrar'], 'admin');
await walk('vendedor', 'vendedor', [[1366, 768]], ['/product/terminal?q=azevdo', '/'], 'vend');
await browser.close();
