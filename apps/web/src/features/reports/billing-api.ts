import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { billingOptionListSchema, billingPageSchema, billingTotalsSchema, type BillingTab } from '@acervo/contracts';
import { api, type QueryValue } from '../../shared/api/api-client.ts';

/**
 * URL (and API) names of the billing report's filters. `idEmpresa` is comma-separated in the URL
 * and repeated in the API query; `considerarDevolucoes` is `true`/`false` (absent = true).
 */
export const BILLING_FILTER_KEYS = ['idEmpresa', 'dataInicio', 'dataFim', 'idAssunto', 'numeroNota', 'serie', 'ean', 'descricaoProduto', 'idCliente', 'idEditora', 'uf', 'considerarDevolucoes', 'agrupamento'] as const;
/** One filter name. */
export type BillingFilterKey = (typeof BILLING_FILTER_KEYS)[number];

/**
 * The API query of the URL's filters: `idEmpresa` split into a list (default the selected company
 * when absent), the rest as they are; `aba` is not a filter.
 */
export function billingApiFilters(filters: Partial<Record<BillingFilterKey, string>>, selectedCompany: number | null): Record<string, QueryValue> {
  const out: Record<string, QueryValue> = {};
  for (const key of BILLING_FILTER_KEYS) {
    const value = filters[key];
    if (!value) continue;
    if (key === 'idEmpresa') {
      const ids = value.split(',').map((v) => v.trim()).filter((v) => /^\d+$/.test(v));
      if (ids.length > 0) out.idEmpresa = ids;
    } else out[key] = value;
  }
  if (!out.idEmpresa && selectedCompany) out.idEmpresa = [String(selectedCompany)];
  return out;
}

/** `GET relatorio/faturamento/totais` (key `['billing-report', 'totals', filters]`). */
export function useBillingTotals(filters: Record<string, QueryValue>) {
  return useQuery({
    queryKey: ['billing-report', 'totals', filters],
    queryFn: async ({ signal }) => billingTotalsSchema.parse(await api.get<unknown>('relatorio/faturamento/totais', { query: filters, signal, area: false })),
    placeholderData: keepPreviousData,
  });
}

/** `GET relatorio/faturamento/{aba}`: one page of a tab (key `['billing-report', aba, query]`). */
export function useBillingTab(tab: BillingTab, query: Record<string, QueryValue>, enabled = true) {
  return useQuery({
    queryKey: ['billing-report', tab, query],
    queryFn: async ({ signal }) => billingPageSchema.parse(await api.get<unknown>(`relatorio/faturamento/${tab}`, { query, signal, area: 'billing-report' })),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** `GET relatorio/faturamento/opcoes/{tipo}`: up to 20 clients, publishers or subjects matching `term`. */
export function useBillingOptions(kind: 'cliente' | 'editora' | 'assunto', term: string, companies: QueryValue) {
  return useQuery({
    queryKey: ['billing-report', 'options', kind, term, companies],
    queryFn: async ({ signal }) =>
      billingOptionListSchema.parse(await api.get<unknown>(`relatorio/faturamento/opcoes/${kind}`, { query: { term: term || undefined, idEmpresa: companies }, signal, area: false })),
    staleTime: 60_000,
  });
}
