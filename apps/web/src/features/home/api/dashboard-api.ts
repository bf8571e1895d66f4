import { useQuery } from '@tanstack/react-query';
import { dashboardSchema, type Dashboard, type DashboardComparison } from '@acervo/contracts';
import { api } from '../../../shared/api/api-client.ts';

/** How often Home refetches the dashboard while shown (ms). */
export const DASHBOARD_REFETCH_MS = 60_000;

/** Query key of the dashboard: the company is part of it, so a company switch fetches again. */
export function dashboardQueryKey(idEmpresa: number, comparacao: DashboardComparison) {
  return ['dashboard', idEmpresa, comparacao] as const;
}

/**
 * `GET dashboard?idEmpresa&comparacao` (today's figures, cents) of the selected company, refetched
 * every 60 s without a reload (untracked: no global overlay for the background refresh).
 * Enabled only when `enabled` (the user holds the billing report's role: without it the route
 * answers 403, which SPEC 8 turns into a sign-out).
 */
export function useDashboard(idEmpresa: number | null, comparacao: DashboardComparison, enabled: boolean) {
  return useQuery({
    queryKey: dashboardQueryKey(idEmpresa ?? 0, comparacao),
    queryFn: async ({ signal }): Promise<Dashboard> => dashboardSchema.parse(await api.get<unknown>('dashboard', { query: { idEmpresa: idEmpresa ?? undefined, comparacao }, signal, area: false })),
    enabled: enabled && idEmpresa !== null,
    refetchInterval: DASHBOARD_REFETCH_MS,
  });
}
