import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../shared/api/api-client.ts';

/** How often the top-bar indicator asks again (SPEC section 9: 60000 ms). */
export const ERP_LAG_REFRESH_MS = 60_000;

/**
 * `GET status-integracao-entidade-erp-acervo/porcentagem-defasagem-temporal`: the percentage
 * (0–100) of the selected company's 13 entity types in time. Background call: no loading overlay,
 * and no error toast (the indicator stays grey instead).
 */
export async function getErpLagPercent(signal?: AbortSignal): Promise<number> {
  return z.number().parse(await api.get<unknown>('status-integracao-entidade-erp-acervo/porcentagem-defasagem-temporal', { signal, area: false, toastErrors: false }));
}

/** The indicator's value (key `['erp-lag-percent']`): on header load, then every 60 s. */
export function useErpLagPercent() {
  return useQuery({ queryKey: ['erp-lag-percent'], queryFn: ({ signal }) => getErpLagPercent(signal), refetchInterval: ERP_LAG_REFRESH_MS, refetchIntervalInBackground: true });
}
