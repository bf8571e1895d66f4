import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  OPPORTUNITY_REPORT_VIEWS,
  OPPORTUNITY_TYPES,
  opportunityAnalyticPageSchema,
  opportunitySyntheticPageSchema,
  type OpportunityReportView,
  type OpportunityType,
} from '@acervo/contracts';
import { api, type QueryValue } from '../../shared/api/api-client.ts';

/**
 * URL names of the opportunities report's state besides paging and sort: the tab (`tipo`), the
 * view (`visao`) and the filters (also their API names; `idEmpresa` comma-separated in the URL,
 * repeated in the API query).
 */
export const OPPORTUNITY_FILTER_KEYS = ['tipo', 'visao', 'idEmpresa', 'dataInicio', 'dataFim', 'ean', 'descricao'] as const;
/** One URL key of the report. */
export type OpportunityFilterKey = (typeof OPPORTUNITY_FILTER_KEYS)[number];
/** The report's URL state (lists comma-separated). */
export type OpportunityFilterValues = Partial<Record<OpportunityFilterKey, string>>;

/** Tabs in SPEC order (purchase suggestion, lost opportunity); the first is the default. */
export const OPPORTUNITY_TABS: readonly OpportunityType[] = ['SUGESTAO_COMPRA', 'VENDA_PERDIDA'];

/** The URL's tab, default purchase suggestion. */
export function tabOf(values: OpportunityFilterValues): OpportunityType {
  return (OPPORTUNITY_TYPES as readonly string[]).includes(values.tipo ?? '') ? (values.tipo as OpportunityType) : OPPORTUNITY_TABS[0]!;
}

/** The URL's view, default synthetic. */
export function viewOf(values: OpportunityFilterValues): OpportunityReportView {
  return (OPPORTUNITY_REPORT_VIEWS as readonly string[]).includes(values.visao ?? '') ? (values.visao as OpportunityReportView) : 'sintetica';
}

/**
 * The URL's filters as the API's (and the export's `filtros`), without tab and view: companies
 * split on commas (digits only), empty values left out.
 */
export function opportunityApiFilters(values: OpportunityFilterValues): Record<string, QueryValue> {
  const out: Record<string, QueryValue> = {};
  const companies = (values.idEmpresa ?? '').split(',').map((v) => v.trim()).filter((v) => /^\d+$/.test(v));
  if (companies.length > 0) out.idEmpresa = companies;
  for (const key of ['dataInicio', 'dataFim', 'ean', 'descricao'] as const) {
    const value = values[key]?.trim();
    if (value) out[key] = value;
  }
  return out;
}

/** `GET relatorio/oportunidade` of the synthetic view (key `['opportunity-report', query]`). */
export function useOpportunitySynthetic(query: Record<string, QueryValue>, enabled: boolean) {
  return useQuery({
    queryKey: ['opportunity-report', 'sintetica', query],
    queryFn: async ({ signal }) => opportunitySyntheticPageSchema.parse(await api.get<unknown>('relatorio/oportunidade', { query: { ...query, visao: 'sintetica' }, signal, area: 'opportunity-report' })),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** `GET relatorio/oportunidade` of the analytic view. */
export function useOpportunityAnalytic(query: Record<string, QueryValue>, enabled: boolean) {
  return useQuery({
    queryKey: ['opportunity-report', 'analitica', query],
    queryFn: async ({ signal }) => opportunityAnalyticPageSchema.parse(await api.get<unknown>('relatorio/oportunidade', { query: { ...query, visao: 'analitica' }, signal, area: 'opportunity-report' })),
    placeholderData: keepPreviousData,
    enabled,
  });
}
