import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:3103';
const out = '/tmp/locale-shots';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const productId = process.argv[2] ?? '1';
for (const lang of ['pt-BR', 'en-US']) {
  for (const [w, h] of [[1366, 768], [390, 844]]) {
    const ctx = await browser.newContext({ viewport: { width: w, height: h }, locale: 'pt-BR', timezoneId: 'Asia/Tokyo' });
    const page = await ctx.newPage();
    await page.goto(base + '/login');
    await page.evaluate((l) => localStorage.setItem('acervo:lang', l), lang);
    await page.goto(base + '/login');
    await page.locator('input').nth(0).fill('admin');
    await page.locator('input[type=password]').first().fill('admin');
    await page.getByRole('button', { name: lang === 'pt-BR' ? 'Entrar' : 'Sign in' }).click();
    await page.waitForTimeout(2500);
    const tag = `${lang}-${w}x${h}`;
    const shot = async (name) => { await page.waitForTimeout(2500); await page.screenshot({ path: `${out}/${name}-${tag}.png`, fullPage: false }); };
    await page.goto(base + '/system/log-integration'); await shot('log');
    await page.goto(base + '/product/estatistica-integracao'); await shot('stats');
    await page.goto(base + '/system/schedule'); await shot('schedule');
    await page.goto(base + '/product/catalog?term=' + encodeURIComponent(process.argv[2] ?? ''));
    await page.waitForTimeout(4000);
    await page.locator('.MuiDataGrid-row').first().click();
    await page.waitForURL(/\/product\/\d+/);
    await shot('product');
    await page.getByText(lang === 'pt-BR' ? /Situação/ : /Situation|Availability|Status/).first().scrollIntoViewIfNeeded().catch(() => {});
    await page.locator('#produto-situacao').scrollIntoViewIfNeeded().catch(() => {});
    await shot('product-situation');
    await page.locator('#autores-0-tipo').scrollIntoViewIfNeeded().catch(() => {});
    await shot('product-contributors');
    // open the publication-date picker of the product form
    const openBtn = page.getByRole('button', { name: lang === 'pt-BR' ? /Escolha uma data/ : /Choose date/ }).first();
    if (await openBtn.count()) { await openBtn.scrollIntoViewIfNeeded(); await openBtn.click(); await shot('picker'); await page.keyboard.press('Escape'); }
    await page.goto(base + '/system/log-integration?status=NAO_EXISTE_X&requisicao=zzzzzz'); await shot('log-empty');
    await ctx.close();
  }
}
await browser.close();
