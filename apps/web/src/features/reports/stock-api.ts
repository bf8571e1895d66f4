import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { STOCK_TYPES, stockReportOptionsSchema, stockReportPageSchema, stockReportTotalsSchema } from '@acervo/contracts';
import { api, type QueryValue } from '../../shared/api/api-client.ts';

/** URL (and API) names of the stock report's filters; the lists are comma-separated in the URL. */
export const STOCK_FILTER_KEYS = ['ean', 'descricao', 'idEditora', 'idAssunto', 'situacao', 'idTipoProduto', 'fisicoMenorQue', 'fisicoMaiorQue', 'tiposEstoque'] as const;
export type StockFilterKey = (typeof STOCK_FILTER_KEYS)[number];

/** Filters holding several values (comma-separated in the URL, repeated in the API query). */
export const STOCK_LIST_FILTERS: readonly StockFilterKey[] = ['idEditora', 'idAssunto', 'situacao', 'idTipoProduto', 'tiposEstoque'];

/**
 * The URL's filters as the API query (and the export's `filtros`): list filters split on commas
 * (repeated query values), `tiposEstoque` limited to the known types.
 */
export function stockApiFilters(filters: Partial<Record<StockFilterKey, string>>): Record<string, QueryValue> {
  const out: Record<string, QueryValue> = {};
  for (const key of STOCK_FILTER_KEYS) {
    const value = filters[key];
    if (!value) continue;
    if (STOCK_LIST_FILTERS.includes(key)) {
      const items = value.split(',').map((v) => v.trim()).filter(Boolean);
      const kept = key === 'tiposEstoque' ? items.filter((v) => (STOCK_TYPES as readonly string[]).includes(v)) : items;
      if (kept.length > 0) out[key] = kept;
    } else out[key] = value;
  }
  return out;
}

/** `GET relatorio/estoque`: one page (key `['stock-report', query]`). */
export function useStockReport(query: Record<string, QueryValue>) {
  return useQuery({
    queryKey: ['stock-report', query],
    queryFn: async ({ signal }) => stockReportPageSchema.parse(await api.get<unknown>('relatorio/estoque', { query, signal, area: 'stock-report' })),
    placeholderData: keepPreviousData,
  });
}

/** `GET relatorio/estoque/totais` of the same filters (key `['stock-report', 'totals', filters]`). */
export function useStockTotals(filters: Record<string, QueryValue>) {
  return useQuery({
    queryKey: ['stock-report', 'totals', filters],
    queryFn: async ({ signal }) => stockReportTotalsSchema.parse(await api.get<unknown>('relatorio/estoque/totais', { query: filters, signal, area: false })),
    placeholderData: keepPreviousData,
  });
}

/** `GET relatorio/estoque/opcoes`: the filters' choices (publishers, categories, product types, situations). */
export function useStockOptions() {
  return useQuery({
    queryKey: ['stock-report', 'options'],
    queryFn: async ({ signal }) => stockReportOptionsSchema.parse(await api.get<unknown>('relatorio/estoque/opcoes', { signal, area: false })),
    staleTime: 5 * 60_000,
  });
}
