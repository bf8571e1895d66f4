/** Every table of the app, for Drizzle's typed queries and drizzle-kit. */
export * from '../companies/companies.schema.ts';
export * from '../profiles/profiles.schema.ts';
export * from '../users/users.schema.ts';
export * from '../auth/auth.schema.ts';
export * from '../parameters/parameters.schema.ts';
export * from '../lookups/lookups.schema.ts';
export * from '../products/products.schema.ts';
export * from '../audit/audit.schema.ts';
export * from '../goals/goals.schema.ts';
export * from '../schedules/schedules.schema.ts';
export * from '../integration/integration.schema.ts';
export * from '../erp/data/erp-data.schema.ts';
export * from '../matching/matching.schema.ts';
export * from '../products/import/product-import.schema.ts';
export * from '../exports/exports.schema.ts';
