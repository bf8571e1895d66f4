/**
 * The coded lookups the register screens edit (contributor roles, bindings / product forms,
 * product situations). Their tables live in `lookups/` beside the simple lookups, so the products
 * domain reads their labels without importing this domain (which imports products).
 */
export { bindings, contributionTypes, productSituations } from '../lookups/lookups.schema.ts';
