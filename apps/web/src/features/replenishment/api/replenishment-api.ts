import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  replacementDetailSchema,
  replacementItemPageSchema,
  replacementItemSchema,
  replacementPageSchema,
  replacementSchema,
  replenishmentCalculationSchema,
  replenishmentExplanationSchema,
  replenishmentItemPageSchema,
  replenishmentItemSchema,
  replenishmentSupplierTotalsSchema,
  replenishmentTemplateSchema,
  type ReplacementAction,
  type ReplenishmentCalculationRequest,
  type ReplenishmentTemplateSave,
} from '@acervo/contracts';
import { api, type QueryValue } from '../../../shared/api/api-client.ts';

/*
 * The replenishment screens' calls (issue 18 Parts 2–3; paths and shapes in
 * packages/contracts/src/replenishment.ts). Query keys start with 'reposicao-calculo',
 * 'reposicao-modelo' or 'reposicao', so a save refreshes what shows it.
 */

type Query = Record<string, QueryValue>;

/** Export origin of a replacement's items (`POST fila-exportacao/csv|excel`, filters `{idReposicao}`). */
export const REPLACEMENT_ITEMS_ORIGIN = 'reposicao/itens';

/** URL (and API) names of the result grid's filters. */
export const RESULT_FILTER_KEYS = ['term', 'idEditora', 'somenteComSugestao'] as const;
/** URL (and API) names of the history's filters (dates ISO `YYYY-MM-DD`). */
export const HISTORY_FILTER_KEYS = ['term', 'status', 'dataInicio', 'dataFim', 'idEditora', 'idUsuario'] as const;
/** URL name of the replacement items' search. */
export const ITEM_FILTER_KEYS = ['term'] as const;

/** Loading area of a running calculation (the page shows its own progress instead of the overlay). */
export const CALCULATION_AREA = 'replenishment-calculation';

/** `GET reposicao/modelo`: the selected company's templates (key `['reposicao-modelo']`). */
export function useTemplates() {
  return useQuery({
    queryKey: ['reposicao-modelo'],
    queryFn: async ({ signal }) => z.array(replenishmentTemplateSchema).parse(await api.get<unknown>('reposicao/modelo', { signal, area: false })),
    staleTime: 60_000,
  });
}

/** `POST reposicao/modelo` (no id) or `PUT reposicao/modelo/{id}`: saves a template; refreshes the list. 409 when the name is taken (the error toast says so). */
export function useSaveTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id?: number; body: ReplenishmentTemplateSave }) =>
      replenishmentTemplateSchema.parse(id ? await api.put<unknown>(`reposicao/modelo/${id}`, body) : await api.post<unknown>('reposicao/modelo', body)),
    onSuccess: () => client.invalidateQueries({ queryKey: ['reposicao-modelo'] }),
  });
}

/** `DELETE reposicao/modelo/{id}`; refreshes the list. */
export function useDeleteTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await api.delete<unknown>(`reposicao/modelo/${id}`);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: ['reposicao-modelo'] }),
  });
}

/**
 * `POST reposicao/calculo`: runs and stores a calculation (it can take seconds: its own loading
 * area, so the page shows a progress bar instead of the global overlay). 400 carries field errors.
 */
export function useCalculate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: ReplenishmentCalculationRequest) => replenishmentCalculationSchema.parse(await api.post<unknown>('reposicao/calculo', body, { area: CALCULATION_AREA })),
    onSuccess: (calculation) => client.setQueryData(['reposicao-calculo', calculation.id], calculation),
  });
}

/** `GET reposicao/calculo/{id}`: a stored calculation (inputs, totals); null id = none. A 404 (expired) comes back as an error without a toast. */
export function useCalculation(id: number | null) {
  return useQuery({
    queryKey: ['reposicao-calculo', id],
    queryFn: async ({ signal }) => replenishmentCalculationSchema.parse(await api.get<unknown>(`reposicao/calculo/${id}`, { signal, area: false, toastErrors: false })),
    enabled: id !== null,
    retry: false,
  });
}

/** `GET reposicao/calculo/{id}/itens`: one page of the result lines (paged, sorted, filtered). */
export function useCalculationItems(id: number | null, query: Query) {
  return useQuery({
    queryKey: ['reposicao-calculo', id, 'itens', query],
    queryFn: async ({ signal }) => replenishmentItemPageSchema.parse(await api.get<unknown>(`reposicao/calculo/${id}/itens`, { query, signal, area: 'replenishment-items' })),
    enabled: id !== null,
    placeholderData: keepPreviousData,
  });
}

/** `GET reposicao/calculo/{id}/fornecedores`: totals per supplier. */
export function useSupplierTotals(id: number | null) {
  return useQuery({
    queryKey: ['reposicao-calculo', id, 'fornecedores'],
    queryFn: async ({ signal }) => z.array(replenishmentSupplierTotalsSchema).parse(await api.get<unknown>(`reposicao/calculo/${id}/fornecedores`, { signal, area: false })),
    enabled: id !== null,
  });
}

/** `GET reposicao/calculo/{id}/itens/{idProduto}/explicacao`: every number behind one line. */
export function useExplanation(id: number | null, idProduto: number | null) {
  return useQuery({
    queryKey: ['reposicao-calculo', id, 'explicacao', idProduto],
    queryFn: async ({ signal }) => replenishmentExplanationSchema.parse(await api.get<unknown>(`reposicao/calculo/${id}/itens/${idProduto}/explicacao`, { signal, area: false })),
    enabled: id !== null && idProduto !== null,
    staleTime: 5 * 60_000,
  });
}

/**
 * `PUT reposicao/calculo/{id}/itens/{idProduto}` `{quantidadePedido}`: the quantity to order of one
 * line before generating; refreshes the lines, totals and supplier totals of that calculation.
 */
export function useUpdateCalculationItem(id: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ idProduto, quantidadePedido }: { idProduto: number; quantidadePedido: number }) =>
      replenishmentItemSchema.or(z.unknown()).parse(await api.put<unknown>(`reposicao/calculo/${id}/itens/${idProduto}`, { quantidadePedido }, { area: false })),
    onSuccess: () => client.invalidateQueries({ queryKey: ['reposicao-calculo', id] }),
  });
}

/** `POST reposicao` `{idCalculo, descricao}`: generates a replacement (status GERADA); refreshes the history. */
export function useGenerateReplacement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: { idCalculo: number; descricao: string }) => replacementSchema.parse(await api.post<unknown>('reposicao', body)),
    onSuccess: () => client.invalidateQueries({ queryKey: ['reposicao'] }),
  });
}

/** `GET reposicao`: one page of the history. */
export function useReplacements(query: Query) {
  return useQuery({
    queryKey: ['reposicao', 'lista', query],
    queryFn: async ({ signal }) => replacementPageSchema.parse(await api.get<unknown>('reposicao', { query, signal, area: 'replenishment-history' })),
    placeholderData: keepPreviousData,
  });
}

/** `GET reposicao/{id}`: header, transitions and purchase orders; refreshed every 10 s while an order is PENDENTE (the ERP queue moves it). */
export function useReplacement(id: number | null) {
  return useQuery({
    queryKey: ['reposicao', 'detalhe', id],
    queryFn: async ({ signal }) => replacementDetailSchema.parse(await api.get<unknown>(`reposicao/${id}`, { signal, area: false })),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.pedidosCompra.some((p) => p.status === 'PENDENTE') ? 10_000 : false),
  });
}

/** `GET reposicao/{id}/item`: one page of a replacement's items. */
export function useReplacementItems(id: number | null, query: Query) {
  return useQuery({
    queryKey: ['reposicao', 'itens', id, query],
    queryFn: async ({ signal }) => replacementItemPageSchema.parse(await api.get<unknown>(`reposicao/${id}/item`, { query, signal, area: 'replenishment-items' })),
    enabled: id !== null,
    placeholderData: keepPreviousData,
  });
}

/** `PUT reposicao/{id}/item/{idItem}` `{quantidadePedido}` (GERADA only; 409 otherwise); refreshes the replacement. */
export function useUpdateReplacementItem(id: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ idItem, quantidadePedido }: { idItem: number; quantidadePedido: number }) =>
      replacementItemSchema.or(z.unknown()).parse(await api.put<unknown>(`reposicao/${id}/item/${idItem}`, { quantidadePedido }, { area: false })),
    onSuccess: () => client.invalidateQueries({ queryKey: ['reposicao'] }),
  });
}

/**
 * `PUT reposicao/{id}/aprovar | reprovar | cancelar` (reprovar with `{justificativa}`); refreshes
 * the history and the detail. 409 (not GERADA) shows the server's message.
 */
export function useReplacementAction(id: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ action, justificativa }: { action: ReplacementAction; justificativa?: string }) =>
      api.put<unknown>(`reposicao/${id}/${action}`, action === 'reprovar' ? { justificativa } : {}),
    onSuccess: () => client.invalidateQueries({ queryKey: ['reposicao'] }),
  });
}
