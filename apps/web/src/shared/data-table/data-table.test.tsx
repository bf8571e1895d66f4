import { describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { GridColDef } from '@mui/x-data-grid';
import { renderRoutes } from '../../test/render.tsx';
import { useListParams } from '../list-params/use-list-params.ts';
import { DataTable } from './data-table.tsx';
import { displayedRows } from './data-grid-view.tsx';

interface Row {
  id: number;
  titulo: string;
}

const COLUMNS: GridColDef<Row>[] = [{ field: 'titulo', headerName: 'Título', flex: 1 }];

/** A list page over `total` rows of which the server says `approximate` and `hasNext`, showing the URL's page. */
function ListPage({ total, approximate, hasNext, pageRows, loading = false }: { total: number; approximate: boolean; hasNext: boolean; pageRows: number; loading?: boolean }) {
  const list = useListParams({ filterKeys: [] });
  const rows = Array.from({ length: pageRows }, (_, i) => ({ id: list.page * list.pageSize + i + 1, titulo: `Título ${list.page * list.pageSize + i + 1}` }));
  return <DataTable<Row> ariaLabel="Lista" rows={rows} rowCount={total} rowCountApproximate={approximate} hasNextPage={hasNext} columns={COLUMNS} loading={loading} list={list} />;
}

describe('displayedRows', () => {
  it('writes the exact count, or "mais de" the lower bound (or the last row shown, when past it)', () => {
    expect(displayedRows({ from: 1, to: 10, count: 25 })).toBe('1–10 de 25');
    expect(displayedRows({ from: 1, to: 10, count: -1, estimated: 1000 })).toBe('1–10 de mais de 1.000');
    expect(displayedRows({ from: 1001, to: 1010, count: -1, estimated: 1000 })).toBe('1.001–1.010 de mais de 1.010');
  });
});

describe('DataTable pager with a count that stopped early', () => {
  it('says "mais de 1.000" and keeps next enabled while the server says a page follows', async () => {
    renderRoutes([{ path: '/lista', element: <ListPage total={1000} approximate hasNext pageRows={10} /> }], '/lista');
    expect(await screen.findByText('1–10 de mais de 1.000')).toBeTruthy();
    const next = screen.getByRole('button', { name: 'Ir para a próxima página' });
    expect((next as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(next);
    expect(await screen.findByText('11–20 de mais de 1.000')).toBeTruthy();
  });

  it('shows the exact end and disables next on the last page', async () => {
    renderRoutes([{ path: '/lista', element: <ListPage total={1000} approximate hasNext={false} pageRows={4} /> }], '/lista?page=120');
    await waitFor(() => expect(screen.getByText('1.201–1.204 de 1.204')).toBeTruthy());
    expect((screen.getByRole('button', { name: 'Ir para a próxima página' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('keeps the exact count when the server counted every row', async () => {
    renderRoutes([{ path: '/lista', element: <ListPage total={25} approximate={false} hasNext pageRows={10} /> }], '/lista');
    expect(await screen.findByText('1–10 de 25')).toBeTruthy();
  });
});

describe('DataTable follows the interface language (issue 15, defect 8)', () => {
  it('pt-BR: empty list, rows per page and "0–0 de 0" in Portuguese', async () => {
    renderRoutes([{ path: '/lista', element: <ListPage total={0} approximate={false} hasNext={false} pageRows={0} /> }], '/lista');
    expect(await screen.findByText('Não foi encontrado dados')).toBeTruthy();
    expect(screen.getByText('0–0 de 0')).toBeTruthy();
    expect(screen.getByText('Linhas por página:')).toBeTruthy();
  });

  it('en-US: MUI X English texts, "No data found" and "0–0 of 0"', async () => {
    renderRoutes([{ path: '/lista', element: <ListPage total={0} approximate={false} hasNext={false} pageRows={0} /> }], '/lista', { language: 'en-US' });
    expect(await screen.findByText('No data found')).toBeTruthy();
    expect(screen.getByText('0–0 of 0')).toBeTruthy();
    expect(screen.getByText('Rows per page:')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Go to next page' })).toBeTruthy();
  });

  it('en-US pager: "of more than 1,000"', () => {
    expect(displayedRows({ from: 1001, to: 1010, count: -1, estimated: 1000 }, 'en-US')).toBe('1,001–1,010 of more than 1,010');
    expect(displayedRows({ from: 1, to: 10, count: 25 }, 'en-US')).toBe('1–10 of 25');
  });
});

describe('DataTable cells', () => {
  it('ends a text wider than its column in an ellipsis and shows it whole on hover', async () => {
    const long = 'Uma editora de nome muito comprido '.repeat(9).trim();
    function LongRow() {
      const list = useListParams({ filterKeys: [] });
      return <DataTable<Row> ariaLabel="Lista" rows={[{ id: 1, titulo: long }]} rowCount={1} columns={[{ field: 'titulo', headerName: 'Título', width: 200 }]} loading={false} list={list} />;
    }
    renderRoutes([{ path: '/lista', element: <LongRow /> }], '/lista');
    const text = await screen.findByTitle(long);
    expect(text.textContent).toBe(long);
    const style = getComputedStyle(text);
    expect(style.textOverflow).toBe('ellipsis');
    expect(style.overflow).toBe('hidden');
    expect(style.whiteSpace).toBe('nowrap');
  });

  it('shows a number column in the interface language, not the browser locale (5.757 / 5,757)', async () => {
    function NumberRow() {
      const list = useListParams({ filterKeys: [] });
      return <DataTable<{ id: number; produtos: number }> ariaLabel="Lista" rows={[{ id: 1, produtos: 5757 }]} rowCount={1} columns={[{ field: 'produtos', headerName: 'Produtos', width: 120, type: 'number' }]} loading={false} list={list} />;
    }
    renderRoutes([{ path: '/lista', element: <NumberRow /> }], '/lista');
    expect(await screen.findByText('5.757')).toBeTruthy();
    cleanup();
    renderRoutes([{ path: '/lista', element: <NumberRow /> }], '/lista', { language: 'en-US' });
    expect(await screen.findByText('5,757')).toBeTruthy();
  });
});

describe('DataTable while loading', () => {
  it('shows a progress bar named for screen readers, in the interface language (axe aria-progressbar-name)', async () => {
    renderRoutes([{ path: '/lista', element: <ListPage total={0} approximate={false} hasNext={false} pageRows={0} loading /> }], '/lista');
    expect(await screen.findByRole('progressbar', { name: 'Carregando a lista…' })).toBeTruthy();
    cleanup();
    renderRoutes([{ path: '/lista', element: <ListPage total={25} approximate={false} hasNext pageRows={10} loading /> }], '/lista', { language: 'en-US' });
    expect(await screen.findByRole('progressbar', { name: 'Loading the list…' })).toBeTruthy();
  });
});
