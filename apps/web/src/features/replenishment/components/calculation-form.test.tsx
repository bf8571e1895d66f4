import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReplenishmentTemplate, SessionUser } from '@acervo/contracts';
import { renderWithProviders } from '../../../test/render.tsx';
import { DateLocalization } from '../../../shared/date-picker/date-localization.tsx';
import { calculationFormSchema, defaultFormValues, formValuesFromInputs, toCalculationRequest } from './calculation-form.ts';
import { CalculationInputs } from './calculation-inputs.tsx';

const user: SessionUser = { id: 1, idEmpresa: 1, nome: 'Comprador', nomPerfil: 'Compras', login: 'compras', roles: ['ROLE_VISUALIZAR_REPOSICAO_CALCULO'], token: 't', indNewPassword: false };

/** The form's error message of each field, after the schema ran on `values`. */
function errors(values: ReturnType<typeof defaultFormValues>): Record<string, string> {
  const parsed = calculationFormSchema.safeParse(values);
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]));
}

describe('calculation form rules', () => {
  const base = defaultFormValues('2026-11-26');

  it('defaults to the last 12 months up to today and the documented defaults, and is valid as is', () => {
    expect(base.dataInicio).toBe('2025-11-27');
    expect(base.dataFim).toBe('2026-11-26');
    expect(errors(base)).toEqual({});
    expect(toCalculationRequest(base)).toEqual({
      idModelo: null,
      base: 'EMPRESA',
      dataInicio: '2025-11-27',
      dataFim: '2026-11-26',
      situacoes: [],
      maisVendidos: null,
      estoqueMinimo: null,
      quantidadeMinimaPedido: 1,
      tipoProduto: null,
      somenteSaldoMenorQue: null,
      periodosProjecao: 1,
      metodoPonderacao: 'AUTOMATICO',
      somenteComReposicao: true,
      idEditora: null,
      considerarDevolucoes: true,
      prazoEntregaMeses: 1,
      nivelServico: 90,
    });
  });

  it('refuses an end before the start and a period over 60 months, with the contract messages', () => {
    expect(errors({ ...base, dataFim: '2025-01-01' })).toEqual({ dataFim: 'A data final deve ser igual ou posterior à data inicial' });
    expect(errors({ ...base, dataInicio: '2020-01-01' })).toEqual({ dataInicio: 'O período de vendas deve ter no máximo 60 meses' });
    expect(errors({ ...base, dataInicio: '' })).toHaveProperty('dataInicio');
  });

  it('checks the numbers against the contract bounds: multiple ≥ 1, service level 50–99, projection 1–24, lead time 0–12, whole numbers', () => {
    expect(errors({ ...base, quantidadeMinimaPedido: '0' })).toEqual({ quantidadeMinimaPedido: 'Deve ser maior ou igual a 1' });
    expect(errors({ ...base, nivelServico: '100' })).toEqual({ nivelServico: 'Deve ser menor ou igual a 99' });
    expect(errors({ ...base, nivelServico: '49' })).toEqual({ nivelServico: 'Deve ser maior ou igual a 50' });
    expect(errors({ ...base, periodosProjecao: '25' })).toHaveProperty('periodosProjecao');
    expect(errors({ ...base, prazoEntregaMeses: '13' })).toHaveProperty('prazoEntregaMeses');
    expect(errors({ ...base, estoqueMinimo: '2.5' })).toEqual({ estoqueMinimo: 'Deve ser um número inteiro' });
    // lead time 0 is allowed (stock arrives within the month)
    expect(errors({ ...base, prazoEntregaMeses: '0' })).toEqual({});
  });

  it('asks N for top sellers and a class for ABC, and sends them as the contract union', () => {
    expect(errors({ ...base, maisVendidosTipo: 'TOP', maisVendidosValor: '' })).toHaveProperty('maisVendidosValor');
    expect(toCalculationRequest({ ...base, maisVendidosTipo: 'TOP', maisVendidosValor: '50' }).maisVendidos).toEqual({ tipo: 'TOP', valor: 50 });
    expect(errors({ ...base, maisVendidosTipo: 'ABC', maisVendidosValor: 'D' }).maisVendidosValor).toMatch(/A, B ou C/);
    expect(errors({ ...base, maisVendidosTipo: 'ABC', maisVendidosValor: '' })).toHaveProperty('maisVendidosValor');
    expect(toCalculationRequest({ ...base, maisVendidosTipo: 'ABC', maisVendidosValor: 'B' }).maisVendidos).toEqual({ tipo: 'ABC', valor: 'B' });
  });

  it('round-trips stored inputs (a template, a reloaded calculation) through the form', () => {
    const inputs = { base: 'REDE' as const, dataInicio: '2025-01-01', dataFim: '2025-12-31', situacoes: ['20', '21'], maisVendidos: { tipo: 'TOP' as const, valor: 100 }, estoqueMinimo: 3, quantidadeMinimaPedido: 5, periodosProjecao: 2, metodoPonderacao: 'TSB' as const, somenteComReposicao: false, idEditora: 7, considerarDevolucoes: false, prazoEntregaMeses: 2, nivelServico: 95 };
    const back = toCalculationRequest(formValuesFromInputs(inputs, '4', 'Companhia das Letras'));
    expect(back).toEqual({ ...inputs, idModelo: 4, tipoProduto: null, somenteSaldoMenorQue: null });
  });
});

const template: ReplenishmentTemplate = {
  id: 4,
  nome: 'Semanal',
  alteradoEm: '2026-11-20T12:00:00Z',
  parametros: { dataInicio: '2025-06-01', dataFim: '2026-05-31', quantidadeMinimaPedido: 5, nivelServico: 95, metodoPonderacao: 'TSB', prazoEntregaMeses: 2, idEditora: 7 },
  editora: 'Companhia das Letras',
};

afterEach(() => vi.unstubAllGlobals());

/** The answers of the pickers' endpoints a user with only the calculation role may read (`reposicao/opcoes/*`). */
function answer(url: string): unknown {
  if (url.includes('reposicao/opcoes/tipo-produto')) return [{ id: 3, nome: 'Livro impresso' }];
  if (url.includes('reposicao/opcoes/editora')) return { itens: [{ id: 7, nome: 'Companhia das Letras' }], page: 0, size: 20, totalPage: 1, totalItens: 1, proxima: false };
  return { itens: [], page: 0, size: 20, totalPage: 0, totalItens: 0, proxima: false };
}

function renderInputs(onCalculate = vi.fn()) {
  vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL) => new Response(JSON.stringify(answer(String(input instanceof Request ? input.url : input))), { headers: { 'content-type': 'application/json' } })));
  renderWithProviders(
    <DateLocalization>
      <CalculationInputs initialValues={defaultFormValues('2026-11-26')} templates={[template]} calculating={false} onCalculate={onCalculate} />
    </DateLocalization>,
    { user },
  );
  return onCalculate;
}

describe('CalculationInputs', () => {
  it('offers suppliers and product types to a user with only the calculation role (reposicao/opcoes/*)', async () => {
    const onCalculate = renderInputs();
    const urls = () => (fetch as unknown as { mock: { calls: unknown[][] } }).mock.calls.map(([input]) => String(input instanceof Request ? input.url : input));
    await waitFor(() => expect(urls().some((u) => u.includes('reposicao/opcoes/tipo-produto'))).toBe(true));
    fireEvent.mouseDown(screen.getByLabelText('Tipo de produto'));
    fireEvent.click(within(await screen.findByRole('listbox')).getByText('Livro impresso'));
    const supplier = screen.getByLabelText('Fornecedor (editora)');
    fireEvent.mouseDown(supplier);
    fireEvent.keyDown(supplier, { key: 'ArrowDown' });
    fireEvent.click(await screen.findByRole('option', { name: 'Companhia das Letras' }));
    fireEvent.click(screen.getByRole('button', { name: 'Calcular' }));
    await waitFor(() => expect(onCalculate).toHaveBeenCalledTimes(1));
    expect(onCalculate.mock.calls[0][0]).toMatchObject({ tipoProduto: 3, idEditora: 7 });
    // never the registers' own endpoints, which need other roles
    expect(urls().filter((u) => /core-api\/(editora|usuario|relatorio)/.test(u))).toEqual([]);
  });

  it('shows the error under the field and does not calculate while an input is out of bounds', async () => {
    const onCalculate = renderInputs();
    const level = screen.getByLabelText('Nível de serviço (%)');
    fireEvent.change(level, { target: { value: '120' } });
    fireEvent.click(screen.getByRole('button', { name: 'Calcular' }));
    expect(await screen.findByText('Deve ser menor ou igual a 99')).toBeTruthy();
    expect(onCalculate).not.toHaveBeenCalled();
    fireEvent.change(level, { target: { value: '95' } });
    fireEvent.click(screen.getByRole('button', { name: 'Calcular' }));
    await waitFor(() => expect(onCalculate).toHaveBeenCalledTimes(1));
    expect(onCalculate.mock.calls[0][0]).toMatchObject({ nivelServico: 95, dataInicio: '2025-11-27', dataFim: '2026-11-26' });
  });

  it('fills the inputs from a picked template and sends its id', async () => {
    const onCalculate = renderInputs();
    fireEvent.mouseDown(screen.getByLabelText('Modelo'));
    fireEvent.click(within(await screen.findByRole('listbox')).getByText('Semanal'));
    expect((screen.getByLabelText('Múltiplo de pedido') as HTMLInputElement).value).toBe('5');
    expect((screen.getByLabelText('Prazo de entrega (meses)') as HTMLInputElement).value).toBe('2');
    // the template's supplier by its name (the answer's `editora`), not '#7'
    expect((screen.getByLabelText('Fornecedor (editora)') as HTMLInputElement).value).toBe('Companhia das Letras');
    fireEvent.click(screen.getByRole('button', { name: 'Calcular' }));
    await waitFor(() => expect(onCalculate).toHaveBeenCalledTimes(1));
    expect(onCalculate.mock.calls[0][0]).toMatchObject({ idModelo: 4, quantidadeMinimaPedido: 5, nivelServico: 95, metodoPonderacao: 'TSB', dataInicio: '2025-06-01', dataFim: '2026-05-31', idEditora: 7 });
  });

  it('deletes a template only after the SPEC 8 confirmation', async () => {
    renderInputs();
    const del = screen.getByRole('button', { name: 'Excluir modelo' }) as HTMLButtonElement;
    expect(del.disabled).toBe(true);
    fireEvent.mouseDown(screen.getByLabelText('Modelo'));
    fireEvent.click(within(await screen.findByRole('listbox')).getByText('Semanal'));
    fireEvent.click(screen.getByRole('button', { name: 'Excluir modelo' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Esta operação não poderá ser desfeita. Deseja prosseguir com a exclusão?')).toBeTruthy();
  });
});
