import { useRef, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { renderRoutes, renderWithProviders } from '../../test/render.tsx';
import { useListParams } from '../list-params/use-list-params.ts';
import { ListFilters, activeStatusFilter, type ListFilterValues, type SelectFilter } from './list-filters.tsx';

/** A register's filter bar as the screens mount it: the status select built from the screen's texts. */
function RegisterFilters({ textsKey, idPrefix, value, onApply, onClear, extra = [] }: { textsKey: string; idPrefix: string; value: ListFilterValues; onApply: (f: ListFilterValues) => void; onClear: () => void; extra?: SelectFilter[] }) {
  const { t } = useTranslation();
  return <ListFilters idPrefix={idPrefix} textsKey={textsKey} selects={[activeStatusFilter(t, textsKey), ...extra]} value={value} onApply={onApply} onClear={onClear} />;
}

/** Opens a select and picks an option by its text. */
function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: option }));
}

describe('ListFilters', () => {
  it('names the section, keeps the screen ids and labels, and shows the screen’s own "all" texts', () => {
    renderWithProviders(<RegisterFilters textsKey="companies.filters" idPrefix="companies" value={{}} onApply={vi.fn()} onClear={vi.fn()} />);
    const section = screen.getByRole('region', { name: 'Filtros' });
    expect(within(section).getByLabelText('Pesquisar').id).toBe('companies-term');
    expect(within(section).getByRole('combobox', { name: 'Situação' }).textContent).toBe('Todas');
    expect(section.querySelector('#companies-status')).toBeTruthy();
    expect(within(section).getByRole('button', { name: 'Limpar' })).toBeTruthy();
    expect(within(section).getByRole('button', { name: 'Buscar' })).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Situação' }));
    expect(within(screen.getByRole('listbox')).getAllByRole('option').map((o) => o.textContent)).toEqual(['Todas', 'Ativas', 'Inativas']);
  });

  it('says "Todos" / "Ativos" where the screen does, and takes an explicit search label', () => {
    renderWithProviders(<RegisterFilters textsKey="profiles.filters" idPrefix="profiles" value={{ status: 'false' }} onApply={vi.fn()} onClear={vi.fn()} />);
    expect(screen.getByLabelText('Pesquisar por nome ou descrição').id).toBe('profiles-term');
    expect(screen.getByRole('combobox', { name: 'Situação' }).textContent).toBe('Inativos');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Situação' }));
    expect(within(screen.getByRole('listbox')).getAllByRole('option').map((o) => o.textContent)).toEqual(['Todos', 'Ativos', 'Inativos']);
  });

  it('applies the trimmed search on Enter and on Buscar, keeping the applied selects', () => {
    const onApply = vi.fn();
    renderWithProviders(<RegisterFilters textsKey="users.filters" idPrefix="users" value={{ status: 'true' }} onApply={onApply} onClear={vi.fn()} />);
    const term = screen.getByLabelText('Pesquisar');
    fireEvent.change(term, { target: { value: '  ana  ' } });
    expect(onApply).not.toHaveBeenCalled();
    fireEvent.keyDown(term, { key: 'Enter' });
    expect(onApply).toHaveBeenLastCalledWith({ status: 'true', term: 'ana' });
    fireEvent.change(term, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(onApply).toHaveBeenLastCalledWith({ status: 'true', term: undefined });
  });

  it('applies a select when chosen, with the search as typed; "all" clears it', () => {
    const onApply = vi.fn();
    const kinds: SelectFilter = { key: 'tipo', label: 'Tipo', options: [{ value: 'LIMPEZA', label: 'Limpeza de sessões' }], width: 260 };
    renderWithProviders(<RegisterFilters textsKey="schedules.filters" idPrefix="schedules" value={{ tipo: 'LIMPEZA' }} extra={[kinds]} onApply={onApply} onClear={vi.fn()} />);
    expect(document.getElementById('schedules-tipo')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Pesquisar'), { target: { value: 'noturna' } });
    choose('Situação', 'Ativos');
    expect(onApply).toHaveBeenLastCalledWith({ tipo: 'LIMPEZA', term: 'noturna', status: 'true' });
    choose('Tipo', 'Todos');
    expect(onApply).toHaveBeenLastCalledWith({ tipo: undefined, term: 'noturna' });
  });

  it('shows a URL value that is not an option as "all", and Limpar calls onClear', () => {
    const onClear = vi.fn();
    renderWithProviders(<RegisterFilters textsKey="companies.filters" idPrefix="companies" value={{ status: 'talvez', term: 'alfa' }} onApply={vi.fn()} onClear={onClear} />);
    expect(screen.getByRole('combobox', { name: 'Situação' }).textContent).toBe('Todas');
    expect((screen.getByLabelText('Pesquisar') as HTMLInputElement).value).toBe('alfa');
    fireEvent.click(screen.getByRole('button', { name: 'Limpar' }));
    expect(onClear).toHaveBeenCalledOnce();
  });

  it('reads the integration screens’ texts and an explicit search label', () => {
    renderWithProviders(
      <ListFilters idPrefix="queue" textsKey="integration.filters" termLabel="Referência ou descrição" selects={[{ key: 'status', label: 'Status', options: [{ value: 'ERRO', label: 'Erro' }] }]} value={{}} onApply={vi.fn()} onClear={vi.fn()} />,
    );
    expect(screen.getByRole('region', { name: 'Filtros' })).toBeTruthy();
    expect(screen.getByLabelText('Referência ou descrição').id).toBe('queue-term');
    expect(screen.getByRole('combobox', { name: 'Status' }).textContent).toBe('Todos');
  });
});

/** A list screen's filter bar as the pages mount it: applied filters in the URL through `useListParams`. */
function UrlFilters() {
  const list = useListParams({ filterKeys: ['term', 'status'] as const });
  return <RegisterFilters textsKey="companies.filters" idPrefix="companies" value={list.filters} onApply={(filters) => list.setFilters(filters)} onClear={list.reset} />;
}

/**
 * Gives the filter bar what it applied (or cleared) only when the test calls `echoUrl`: a URL
 * that renders late, as React Router's navigation transition does on a busy machine.
 */
let echoUrl: (value?: ListFilterValues) => void = () => undefined;
function LateUrlFilters({ onApply }: { onApply: (f: ListFilterValues) => void }) {
  const [value, setValue] = useState<ListFilterValues>({});
  const sent = useRef<ListFilterValues>({});
  echoUrl = (echoed = sent.current) => setValue(echoed);
  return (
    <RegisterFilters
      textsKey="companies.filters"
      idPrefix="companies"
      value={value}
      onApply={(filters) => {
        sent.current = filters;
        onApply(filters);
      }}
      onClear={() => {
        sent.current = {};
      }}
    />
  );
}

describe('ListFilters while a search is on its way to the URL', () => {
  it('keeps what the user types after Enter when the URL then echoes the search sent', () => {
    const onApply = vi.fn();
    renderWithProviders(<LateUrlFilters onApply={onApply} />);
    const term = screen.getByLabelText('Pesquisar') as HTMLInputElement;
    fireEvent.change(term, { target: { value: 'ipe classicos' } });
    fireEvent.keyDown(term, { key: 'Enter' });
    expect(onApply).toHaveBeenLastCalledWith({ term: 'ipe classicos' });
    // the next search is typed before the list re-renders with the first one
    fireEvent.change(term, { target: { value: '11444777' } });
    act(() => echoUrl());
    expect(term.value).toBe('11444777');
    fireEvent.keyDown(term, { key: 'Enter' });
    expect(onApply).toHaveBeenLastCalledWith({ term: '11444777' });
  });

  it('keeps the typing through two searches still on their way, and after Limpar', () => {
    const onApply = vi.fn();
    renderWithProviders(<LateUrlFilters onApply={onApply} />);
    const term = screen.getByLabelText('Pesquisar') as HTMLInputElement;
    for (const text of ['alfa', 'beta']) {
      fireEvent.change(term, { target: { value: text } });
      fireEvent.keyDown(term, { key: 'Enter' });
    }
    fireEvent.change(term, { target: { value: 'gama' } });
    act(() => echoUrl({ term: 'alfa' }));
    act(() => echoUrl({ term: 'beta' }));
    expect(term.value).toBe('gama');
    // Limpar empties the box at once; what is typed before the cleared URL renders stays
    fireEvent.click(screen.getByRole('button', { name: 'Limpar' }));
    expect(term.value).toBe('');
    fireEvent.change(term, { target: { value: 'delta' } });
    act(() => echoUrl());
    expect(term.value).toBe('delta');
  });

  it('through the router: each Enter puts its term in the URL and the box keeps what was typed', async () => {
    const { router } = renderRoutes([{ path: '/', element: <UrlFilters /> }], '/');
    const term = (await screen.findByLabelText('Pesquisar')) as HTMLInputElement;
    for (const text of ['ipe classicos', '11444777']) {
      fireEvent.change(term, { target: { value: text } });
      fireEvent.keyDown(term, { key: 'Enter' });
      await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('term')).toBe(text));
      expect(term.value).toBe(text);
    }
  });

  it('takes a URL change that is not its own (back, a link) and empties the box on Limpar', async () => {
    const { router } = renderRoutes([{ path: '/', element: <UrlFilters /> }], '/?term=alfa');
    const term = (await screen.findByLabelText('Pesquisar')) as HTMLInputElement;
    expect(term.value).toBe('alfa');
    fireEvent.change(term, { target: { value: 'beta' } });
    fireEvent.keyDown(term, { key: 'Enter' });
    await waitFor(() => expect(router.state.location.search).toBe('?term=beta'));
    await act(() => router.navigate(-1));
    await waitFor(() => expect(term.value).toBe('alfa'));
    await act(() => router.navigate('/?term=gama'));
    await waitFor(() => expect(term.value).toBe('gama'));
    fireEvent.click(screen.getByRole('button', { name: 'Limpar' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(term.value).toBe('');
  });
});
