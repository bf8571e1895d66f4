import { useQuery } from '@tanstack/react-query';
import { dashboardSchema, type Dashboard, type DashboardComparison } from '@acervo/contracts';
import { api } from '../../../shared/api/api-client.ts';
import { allowEarlyRequest, takeEarlyAnswer } from '../../../shared/api/early-request.ts';

/** How often Home refetches the dashboard while shown (ms). */
export const DASHBOARD_REFETCH_MS = 60_000;

/** Query key of the dashboard: the company is part of it, so a company switch fetches again. */
export function dashboardQueryKey(idEmpresa: number, comparacao: DashboardComparison) {
  return ['dashboard', idEmpresa, comparacao] as const;
}

/**
 * The answer of the dashboard request index.html's script sent before the app ran
 * (`shared/api/early-request.ts`), when it is this company's and this comparison's; else null.
 * The script sends no company: the server answered for the token's company, which may not be the
 * one this tab shows (another tab switched), so the company is checked here.
 */
async function earlyDashboard(idEmpresa: number | null, comparacao: DashboardComparison): Promise<Dashboard | null> {
  const pending = takeEarlyAnswer('dashboard');
  if (!pending) return null;
  const parsed = dashboardSchema.safeParse(await pending);
  return parsed.success && parsed.data.idEmpresa === idEmpresa && parsed.data.comparacao === comparacao ? parsed.data : null;
}

/**
 * `GET dashboard?idEmpresa&comparacao` (today's figures, cents) of the selected company, refetched
 * every 60 s without a reload (untracked: no global overlay for the background refresh).
 * Enabled only when `enabled` (the user holds the billing report's role: without it the route
 * answers 403, which SPEC 8 turns into a sign-out). The first fetch of a page load takes the early
 * answer when it fits (`earlyDashboard`); a normal answer allows the early request next time.
 */
export function useDashboard(idEmpresa: number | null, comparacao: DashboardComparison, enabled: boolean) {
  return useQuery({
    queryKey: dashboardQueryKey(idEmpresa ?? 0, comparacao),
    queryFn: async ({ signal }): Promise<Dashboard> => {
      const early = await earlyDashboard(idEmpresa, comparacao);
      if (early) return early;
      const answer = dashboardSchema.parse(await api.get<unknown>('dashboard', { query: { idEmpresa: idEmpresa ?? undefined, comparacao }, signal, area: false }));
      allowEarlyRequest('dashboard', true);
      return answer;
    },
    enabled: enabled && idEmpresa !== null,
    refetchInterval: DASHBOARD_REFETCH_MS,
  });
}
