import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { renderWithProviders } from '../../test/render.tsx';
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
