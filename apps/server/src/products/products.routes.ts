import type { DomainRoutes } from '../shared/context.ts';

/** products API routes (being written). */
export const productsRoutes: DomainRoutes = () => undefined;
