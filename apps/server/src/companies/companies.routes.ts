import type { DomainRoutes } from '../shared/context.ts';

/** companies API routes (being written). */
export const companiesRoutes: DomainRoutes = () => undefined;
