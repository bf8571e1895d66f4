import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { auditScreen, newPage, useBrowser } from './src/browser.ts';
import { signIn, welcomeHeading } from './src/session.ts';
import { waitForToast } from './src/toast.ts';
import { searchList } from './src/list.ts';

const baseURL = inject('baseURL');
const browser = useBrowser();

/** This file's own task (never a built-in one). */
const NAME = 'E2E Limpeza de sessões noturna';
const RENAMED = 'E2E Limpeza de sessões madrugada';
/**
 * Next run of "30 23 * * 1-5" / "15 3 * * *" repeated every 10 min (Brasília time): the series'
 * first time, or a later one of the same hour when the test runs inside it (docs/scheduled-tasks.md).
 */
const NEXT_AT_2330 = /^\d{2}\/\d{2}\/\d{4} 23:[345]0$/;
const NEXT_AT_0315 = /^\d{2}\/\d{2}\/\d{4} 03:[1-5]5$/;
/** The "Próxima execução" cell of a row. */
const nextRun = (row: ReturnType<Page['getByRole']>) => row.locator('[data-field="proximaExecucao"]');

async function signInAdmin(page: Page): Promise<void> {
  await signIn(page, baseURL, 'admin', 'admin');
  await page.getByRole('heading', { name: welcomeHeading('Administrador') }).waitFor();
}

const toast = (page: Page, text: string) => waitForToast(page, 'success', text);

describe('schedule screen', () => {
  it('creates a task (live pt-BR period description, invalid cron refused under the field), finds, edits, runs now and sees the run, deactivates and deletes it', async () => {
    const { context, page } = await newPage(browser());
    await signInAdmin(page);
    await page.goto(baseURL + '/system/schedule');
    await page.getByRole('heading', { name: 'Agendamentos' }).waitFor();
    // the built-in clean-ups are there on every install
    await page.getByText('Limpeza da caixa de saída de e-mails').first().waitFor();
    await auditScreen(page, 'schedules', { viewports: ['desktop', 'phone'], ready: (p) => p.getByText('Limpeza da caixa de saída de e-mails').first().waitFor() });

    // create: kind from the registry; the period is described as typed, an invalid one says why
    await page.getByRole('button', { name: 'Novo agendamento' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo agendamento' });
    await dialog.getByRole('combobox', { name: 'Tipo' }).click();
    await page.getByRole('option', { name: 'Limpeza de sessões expiradas ou encerradas' }).click();
    await dialog.getByRole('textbox', { name: 'Nome' }).fill(NAME);
    const period = dialog.getByRole('textbox', { name: 'Período' });
    await period.fill('0 25 * * *');
    await dialog.getByText('Valor inválido no campo hora: "25"').waitFor();
    await period.fill('0 2 * * *');
    await dialog.getByText('Às 02:00', { exact: true }).waitFor();
    await period.fill('30 23 * * 1-5');
    await dialog.getByText('Às 23:30, de segunda-feira a sexta-feira').waitFor();
    await dialog.getByRole('spinbutton', { name: 'Intervalo de repetição' }).fill('5000');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.getByText('Deve ser menor ou igual a 1440').waitFor();
    await dialog.getByRole('spinbutton', { name: 'Intervalo de repetição' }).fill('10');
    await auditScreen(page, 'schedule-form', { viewports: ['desktop', 'phone'], ready: (p) => p.getByRole('dialog').waitFor() });
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'Agendamento salvo com sucesso!');
    await dialog.waitFor({ state: 'detached' });

    // find by search (without accents); the search is kept in the URL
    await searchList(page, 'sessoes noturna');
    const row = page.getByRole('row', { name: new RegExp(NAME) });
    await row.waitFor();
    await row.getByText('Às 23:30, de segunda-feira a sexta-feira').waitFor();
    await row.getByText('A cada 10 min').waitFor();
    // next run: DD/MM/YYYY 23:30 (Brasília time; 23:40 or 23:50 while the series is running)
    await expect.poll(async () => (await nextRun(row).innerText()).trim()).toMatch(NEXT_AT_2330);

    // edit from the row: the history shows the creation
    await row.getByText(NAME).click();
    const edit = page.getByRole('dialog', { name: 'Editar agendamento' });
    await edit.getByText('Histórico').waitFor();
    await edit.getByText('Criação').first().waitFor();
    await edit.getByRole('textbox', { name: 'Nome' }).fill(RENAMED);
    await edit.getByRole('textbox', { name: 'Período' }).fill('15 3 * * *');
    await edit.getByText('Às 03:15', { exact: true }).waitFor();
    await edit.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'Agendamento salvo com sucesso!');
    await edit.waitFor({ state: 'detached' });
    // the list refetched after the save has landed before the next search is typed (searchList)
    await searchList(page, 'madrugada');
    const renamed = page.getByRole('row', { name: new RegExp(RENAMED) });
    await renamed.waitFor();
    await expect.poll(async () => (await nextRun(renamed).innerText()).trim()).toMatch(NEXT_AT_0315);

    // run now: the run goes through the queue and shows in the history with its outcome
    await renamed.getByRole('button', { name: `Executar ${RENAMED} agora` }).click();
    await toast(page, `Execução de "${RENAMED}" enviada para a fila.`);
    const runs = page.getByRole('dialog', { name: `Execuções de ${RENAMED}` });
    await runs.waitFor();
    const run = runs.getByTestId('schedule-run').first();
    await run.getByText('Sucesso').waitFor();
    await run.getByText(/Manual por Administrador/).waitFor();
    await run.getByText(/sessão\(ões\) expirada\(s\) ou encerrada\(s\) excluída\(s\)/).waitFor();
    await auditScreen(page, 'schedule-runs', { viewports: ['desktop', 'phone'], ready: (p) => p.getByTestId('schedule-run').first().waitFor() });
    await runs.getByRole('button', { name: 'Fechar' }).click();
    await renamed.getByText('Sucesso').waitFor();

    // deactivate with the row's switch: no next run; the status filter finds it among the inactive
    await renamed.getByRole('switch', { name: `Agendamento ${RENAMED} ativo` }).click();
    await toast(page, 'Agendamento inativado com sucesso!');
    await page.getByLabel('Situação').click();
    const inactive = page.waitForResponse((r) => r.request().method() === 'GET' && new URL(r.url()).searchParams.get('status') === 'false');
    await page.getByRole('option', { name: 'Inativos' }).click();
    await inactive;
    expect(new URL(page.url()).searchParams.get('status')).toBe('false');
    await renamed.waitFor();
    await expect.poll(() => renamed.getByRole('switch').isChecked()).toBe(false);
    await expect.poll(async () => (await nextRun(renamed).innerText()).trim()).toBe('—'); // no next run while inactive

    // delete after the SPEC confirmation
    await renamed.getByRole('button', { name: `Excluir ${RENAMED}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Excluir agendamento' });
    await confirm.getByText('Esta operação não poderá ser desfeita. Deseja prosseguir com a exclusão?').waitFor();
    await confirm.getByRole('button', { name: 'Excluir' }).click();
    await toast(page, 'Agendamento excluído com sucesso!');
    await page.getByText('Não foi encontrado dados').waitFor();
    await context.close();
  });
});
