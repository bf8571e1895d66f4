import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AuditEntry, PagedList } from '@acervo/contracts';
import { renderWithProviders } from '../../test/render.tsx';
import { HistoryPanel, auditValue } from './history-panel.tsx';

function entry(id: number, overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id,
    data: '2026-03-04T15:06:00.000Z',
    idUsuario: 1,
    nomeUsuario: 'Administrador',
    idEmpresa: 1,
    entidade: 'usuario',
    idRegistro: '7',
    acao: 'ALTERACAO',
    alteracoes: [{ campo: 'nome', antes: `Nome ${id - 1}`, depois: `Nome ${id}` }],
    ...overrides,
  };
}

/** Serves `GET auditoria` from `all` (newest first), honouring page and pageSize; records each URL. */
function serve(all: AuditEntry[]) {
  const urls: string[] = [];
  const fetchMock = vi.fn(async (input: string | URL | Request) => {
    const url = new URL(String(input), 'http://localhost');
    urls.push(url.pathname + url.search);
    const size = Number(url.searchParams.get('pageSize'));
    const page = Number(url.searchParams.get('page'));
    const itens = all.slice(page * size, page * size + size);
    const totalPage = Math.ceil(all.length / size);
    const body: PagedList<AuditEntry> = { itens, page, size, totalPage, totalItens: all.length, proxima: page + 1 < totalPage };
    return new Response(JSON.stringify(body), { status: 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return urls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('HistoryPanel', () => {
  it('asks for the entity and record, and lists each entry: action, who, when, changed fields by label', async () => {
    const urls = serve([
      entry(2, { acao: 'SENHA', alteracoes: [{ campo: 'senha', antes: '***', depois: '***' }] }),
      entry(1, { acao: 'CRIACAO', alteracoes: [{ campo: 'nome', antes: null, depois: 'Ana' }, { campo: 'ativo', antes: null, depois: true }, { campo: 'empresas', antes: null, depois: [1, 2] }] }),
    ]);
    renderWithProviders(<HistoryPanel entidade="usuario" idRegistro={7} fieldLabels={{ nome: 'Nome', senha: 'Senha', ativo: 'Ativo' }} />);
    expect(screen.getByRole('heading', { name: 'Histórico' })).toBeTruthy();
    const items = await screen.findAllByRole('listitem', { name: undefined });
    const entries = items.filter((li) => li.querySelector('.MuiChip-root'));
    expect(entries).toHaveLength(2);
    expect(urls[0]).toBe('/api/core-api/auditoria?entidade=usuario&idRegistro=7&page=0&pageSize=10');
    const first = within(entries[0]);
    expect(first.getByText('Troca de senha')).toBeTruthy();
    expect(first.getByText('Administrador')).toBeTruthy();
    expect(first.getByText(/^\d{2}\/\d{2}\/2026 \d{2}:\d{2}$/)).toBeTruthy();
    // a secret arrives masked and is shown masked, never as a value
    expect(entries[0].textContent).toContain('Senha: *** → ***');
    const second = entries[1].textContent ?? '';
    expect(second).toContain('Criação');
    expect(second).toContain('Nome: — → Ana');
    expect(second).toContain('Ativo: — → Sim');
    expect(second).toContain('empresas: — → 1, 2'); // no label: the wire name
  });

  it("shows 'Carregar mais' while older entries remain, and loads ten more each time", async () => {
    const urls = serve(Array.from({ length: 23 }, (_, i) => entry(23 - i)));
    renderWithProviders(<HistoryPanel entidade="usuario" idRegistro={7} />);
    await waitFor(() => expect(screen.getAllByText('Alteração')).toHaveLength(10));
    expect(screen.getAllByText('nome:')[0].parentElement?.textContent).toBe('nome: Nome 22 → Nome 23'); // newest first
    fireEvent.click(screen.getByRole('button', { name: 'Carregar mais' }));
    await waitFor(() => expect(screen.getAllByText('Alteração')).toHaveLength(20));
    expect(urls.at(-1)).toContain('pageSize=20');
    fireEvent.click(screen.getByRole('button', { name: 'Carregar mais' }));
    await waitFor(() => expect(screen.getAllByText('Alteração')).toHaveLength(23));
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).toBeNull();
  });

  it('says when nothing was recorded, and formats values with formatValue when given', async () => {
    serve([]);
    const { unmount } = renderWithProviders(<HistoryPanel entidade="empresa" idRegistro={3} />);
    await screen.findByText('Nenhuma alteração registrada.');
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).toBeNull();
    unmount();

    serve([entry(1, { entidade: 'meta', idRegistro: '1-2026', alteracoes: [{ campo: 'mes01', antes: 100, depois: null }] })]);
    renderWithProviders(<HistoryPanel entidade="meta" idRegistro="1-2026" fieldLabels={{ mes01: 'Janeiro' }} formatValue={(_campo, value) => `R$ ${String(value)}`} />);
    await screen.findByText('Janeiro:');
    expect(screen.getByText('Janeiro:').parentElement?.textContent).toBe('Janeiro: R$ 100 → —');
  });

  it('says so when the history cannot be read', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ message: 'Falhou', messages: [] }), { status: 500 })));
    renderWithProviders(<HistoryPanel entidade="empresa" idRegistro={3} />);
    await screen.findByText('Não foi possível carregar o histórico.', undefined, { timeout: 10_000 });
  });
});

describe('auditValue', () => {
  it('shows null and empty as —, booleans as Sim/Não, lists joined, objects as JSON', () => {
    expect(auditValue(null)).toBe('—');
    expect(auditValue('')).toBe('—');
    expect(auditValue([])).toBe('—');
    expect(auditValue(false)).toBe('Não');
    expect(auditValue(['A', 'B'])).toBe('A, B');
    expect(auditValue([{ idEmpresa: 1 }])).toBe('{"idEmpresa":1}');
    expect(auditValue({ a: 1 })).toBe('{"a":1}');
    expect(auditValue(0)).toBe('0');
  });
});
