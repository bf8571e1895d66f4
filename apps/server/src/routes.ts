import type { DomainRoutes } from './shared/context.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { companiesRoutes } from './companies/companies.routes.ts';
import { usersRoutes } from './users/users.routes.ts';
import { productsRoutes } from './products/products.routes.ts';

/** Every domain's API routes, mounted under `/api/core-api` by `app.ts`. */
export const API_ROUTES: DomainRoutes[] = [authRoutes, companiesRoutes, usersRoutes, productsRoutes];
