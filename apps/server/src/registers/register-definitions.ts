import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { REGISTERS, type RegisterDefinition, type RegisterKey } from '@acervo/contracts';
import { ageRanges, contentRatings, opportunityReasons, productLines, targetAudiences } from '../lookups/lookups.schema.ts';
import { productContributors, products } from '../products/products.schema.ts';
import { bindings, contributionTypes, productSituations } from './registers.schema.ts';

/** The table shape every simple register shares: `id`, `nome`, `ativo` (coded ones add `codigo`). */
export type RegisterTable = typeof ageRanges;

/**
 * A product column that refers to a register record: by its `id` (foreign key) or by its
 * `codigo` (ONIX code stored in the product). A record with a referring product cannot be
 * deleted (409), and a coded record's `codigo` cannot change while products use it.
 */
export interface RegisterUsage {
  table: PgTable;
  column: AnyPgColumn;
  by: 'id' | 'codigo';
  /** The product id column when `table` is not `produto` itself (products are counted once). */
  productId?: AnyPgColumn;
}

/**
 * Server side of a register: the wire definition (`REGISTERS` in contracts) plus its table, its
 * `codigo` column when coded, and the product columns that use it.
 */
export interface ServerRegisterDefinition extends RegisterDefinition {
  key: RegisterKey;
  table: RegisterTable;
  code?: AnyPgColumn;
  usages: RegisterUsage[];
}

/** Builds a server definition from the contracts entry. */
function define(key: RegisterKey, table: RegisterTable, usages: RegisterUsage[], code?: AnyPgColumn): ServerRegisterDefinition {
  return { ...(REGISTERS[key] as RegisterDefinition), key, table, usages, code };
}

// The coded tables have one more column (`codigo`); the shared columns are used through RegisterTable.
const coded = (table: typeof contributionTypes) => table as unknown as RegisterTable;

/**
 * Every simple register served by the generic routes (`registers.routes.ts`). Adding one: an
 * entry in contracts `REGISTERS`, its table, and a line here.
 */
export const SERVER_REGISTERS: readonly ServerRegisterDefinition[] = [
  define('ageRange', ageRanges, [{ table: products, column: products.ageRangeId, by: 'id' }]),
  define('targetAudience', targetAudiences, [{ table: products, column: products.targetAudienceId, by: 'id' }]),
  define('contentRating', contentRatings, [{ table: products, column: products.contentRatingId, by: 'id' }]),
  define('productLine', productLines, [{ table: products, column: products.productLineId, by: 'id' }]),
  define('contributions', coded(contributionTypes), [{ table: productContributors, column: productContributors.role, by: 'codigo', productId: productContributors.productId }], contributionTypes.code),
  define(
    'bindings',
    coded(bindings),
    [
      { table: products, column: products.binding, by: 'codigo' },
      { table: products, column: products.productForm, by: 'codigo' },
    ],
    bindings.code,
  ),
  define('productStatus', coded(productSituations), [{ table: products, column: products.availability, by: 'codigo' }], productSituations.code),
  // no product column uses a reason; the opportunities referring to one make its delete a 409 (foreign key)
  define('opportunityReason', opportunityReasons, []),
];
