import type { DomainRoutes } from './shared/context.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { companiesRoutes } from './companies/companies.routes.ts';
import { usersRoutes } from './users/users.routes.ts';
import { profilesRoutes } from './profiles/profiles.routes.ts';
import { parametersRoutes } from './parameters/parameters.routes.ts';
import { schedulesRoutes } from './schedules/schedules.routes.ts';
import { goalsRoutes } from './goals/goals.routes.ts';
import { auditRoutes } from './audit/audit.routes.ts';
import { productsRoutes } from './products/products.routes.ts';
import { integrationRoutes } from './integration/integration.routes.ts';
import { matchingRoutes } from './matching/matching.routes.ts';
import { registersRoutes } from './registers/registers.routes.ts';
import { publishersRoutes } from './publishers/publishers.routes.ts';
import { productImportRoutes } from './products/import/import.routes.ts';
import { imageProxyRoutes } from './proxy/proxy.routes.ts';
import { terminalRoutes } from './terminal/terminal.routes.ts';
import { opportunitiesRoutes } from './opportunities/opportunities.routes.ts';
import { terminalFiltersRoutes } from './terminal/terminal-filters.routes.ts';
import { ordersRoutes } from './orders/orders.routes.ts';
import { exportsRoutes } from './exports/exports.routes.ts';
import { stockReportRoutes } from './reports/stock-report.routes.ts';
import { billingReportRoutes } from './reports/billing-report.routes.ts';
import { readSideRoutes } from './reports/read-side.routes.ts';
import { dashboardRoutes } from './dashboard/dashboard.routes.ts';
import { opportunityReportRoutes } from './reports/opportunity-report.routes.ts';

/** Every domain's API routes, mounted under `/api/core-api` by `app.ts`. */
export const API_ROUTES: DomainRoutes[] = [authRoutes, companiesRoutes, usersRoutes, profilesRoutes, parametersRoutes, schedulesRoutes, goalsRoutes, auditRoutes, productsRoutes, integrationRoutes, registersRoutes, publishersRoutes, matchingRoutes, productImportRoutes, imageProxyRoutes(), terminalRoutes, opportunitiesRoutes, terminalFiltersRoutes, exportsRoutes, stockReportRoutes, billingReportRoutes, ordersRoutes, readSideRoutes, dashboardRoutes, opportunityReportRoutes];
