import type { DomainRoutes } from '../shared/context.ts';

/** auth API routes (being written). */
export const authRoutes: DomainRoutes = () => undefined;
