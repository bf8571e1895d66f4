import type { Page } from 'playwright-core';

/**
 * Signs in through the login form with the mouse: fills Usuário and Senha and clicks Entrar.
 * Does not wait for the result.
 */
export async function signIn(page: Page, baseURL: string, login: string, senha: string, path = '/'): Promise<void> {
  await page.goto(baseURL + path);
  await page.getByLabel('Usuário', { exact: true }).fill(login);
  await page.getByLabel('Senha', { exact: true }).fill(senha);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

/** Heading of the home page for a user, shown right after sign-in. */
export function welcomeHeading(name: string): RegExp {
  return new RegExp(`Bem-vindo\\(a\\), ${name}!`);
}

/**
 * Collects the browser console's warnings and errors (and uncaught page errors) of a page, for
 * tests that must see none of a kind (e.g. React Router's "navigate() during render").
 */
export function collectConsole(page: Page): string[] {
  const lines: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') lines.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => lines.push(`pageerror: ${error.message}`));
  return lines;
}
