import { and, eq, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { OPPORTUNITY_TYPES, type Opportunity, type OpportunityType } from '@acervo/contracts';
import type { Executor } from '../db/client.ts';
import { companies } from '../companies/companies.schema.ts';
import { users } from '../users/users.schema.ts';
import { products } from '../products/products.schema.ts';
import { opportunityReasons } from '../lookups/lookups.schema.ts';
import { opportunities } from './opportunities.schema.ts';

/** Time zone of the report's days (`dataInicio` / `dataFim`). */
const TIME_ZONE = 'America/Sao_Paulo';

/** The wire columns of an opportunity, joined with its company, product, reason and user. */
export const opportunityColumns = {
  id: opportunities.id,
  idEmpresa: opportunities.companyId,
  empresa: companies.name,
  idProduto: opportunities.productId,
  titulo: products.title,
  ean: opportunities.ean,
  issn: opportunities.issn,
  descricao: opportunities.description,
  quantidade: opportunities.quantity,
  tipo: opportunities.type,
  idMotivo: opportunities.reasonId,
  motivo: opportunityReasons.name,
  observacao: opportunities.observation,
  idUsuario: opportunities.userId,
  usuario: users.name,
  data: opportunities.createdAt,
};

/** A row of `opportunityColumns`. */
type OpportunityRow = { [K in keyof typeof opportunityColumns]: unknown } & { data: Date; tipo: string };

/** Row → wire opportunity (`data` as ISO 8601). */
export function toOpportunity(row: OpportunityRow): Opportunity {
  return { ...(row as unknown as Opportunity), tipo: row.tipo as OpportunityType, data: row.data.toISOString() };
}

/** `oportunidade` joined with what the list shows (company, catalogue title, reason, user name). */
export function opportunityFrom(db: Executor) {
  return db
    .select(opportunityColumns)
    .from(opportunities)
    .innerJoin(companies, eq(companies.id, opportunities.companyId))
    .innerJoin(opportunityReasons, eq(opportunityReasons.id, opportunities.reasonId))
    .leftJoin(products, eq(products.id, opportunities.productId))
    .leftJoin(users, eq(users.id, opportunities.userId));
}

/** One opportunity by id with its joined names, or null. */
export async function findOpportunity(db: Executor, id: number): Promise<Opportunity | null> {
  const [row] = await opportunityFrom(db).where(eq(opportunities.id, id));
  return row ? toOpportunity(row as OpportunityRow) : null;
}

/** The ISBN-13 and title of a catalogue product, or null when absent. */
export async function findProductIdentity(db: Executor, productId: number): Promise<{ isbn13: string; titulo: string; issn: string | null } | null> {
  const [row] = await db.select({ isbn13: products.isbn13, titulo: products.title, issn: products.issn }).from(products).where(eq(products.id, productId));
  return row ?? null;
}

/** True when the reason exists and is active (locks it against a concurrent delete until the transaction ends). */
export async function isActiveReason(db: Executor, reasonId: number): Promise<boolean> {
  const [row] = await db.select({ active: opportunityReasons.active }).from(opportunityReasons).where(eq(opportunityReasons.id, reasonId)).for('key share');
  return row?.active === true;
}

/** Values of one new opportunity row. */
export type OpportunityValues = typeof opportunities.$inferInsert;

/** Inserts one opportunity and answers its id. */
export async function insertOpportunity(db: Executor, values: OpportunityValues): Promise<number> {
  const [row] = await db.insert(opportunities).values(values).returning({ id: opportunities.id });
  return row.id;
}

/** Start instant of a local day (`YYYY-MM-DD`) in São Paulo, as SQL. */
export const dayStart = (day: string): SQL => sql`(${day}::date::timestamp AT TIME ZONE ${TIME_ZONE})`;
/** Start instant of the day after a local day in São Paulo (the exclusive end of `dataFim`). */
export const dayEnd = (day: string): SQL => sql`((${day}::date + 1)::timestamp AT TIME ZONE ${TIME_ZONE})`;

/** The report's date range on `data_cadastro`: from the start of `from` to the end of `to` (São Paulo days, inclusive). */
export function createdBetween(from: string | undefined, to: string | undefined): SQL | undefined {
  return and(from ? gte(opportunities.createdAt, dayStart(from)) : undefined, to ? lt(opportunities.createdAt, dayEnd(to)) : undefined);
}

/**
 * Opportunities of a catalogue product: registered with its id, or registered without a product
 * under its ISBN-13 (a title typed by hand before it was catalogued).
 */
export function ofProduct(productId: number): SQL {
  return or(
    eq(opportunities.productId, productId),
    and(isNull(opportunities.productId), sql`${opportunities.ean} = (SELECT ${products.isbn13} FROM ${products} WHERE ${products.id} = ${productId})`),
  ) as SQL;
}

/**
 * How many lost sales and purchase suggestions a catalogue product has in `companyIds` since
 * `days` days ago (rows, not copies): the Terminal detail's `oportunidadesAbertas`.
 * @returns 0 for no company
 */
export async function countRecentOpportunities(db: Executor, productId: number, companyIds: readonly number[], days: number): Promise<number> {
  if (companyIds.length === 0) return 0;
  return db.$count(opportunities, recentOpportunitiesOf(productId, inArray(opportunities.companyId, [...companyIds]), days));
}

/**
 * The condition of `countRecentOpportunities` on table `oportunidade` (not aliased) with the
 * companies given as a condition (`inCompanies`, e.g. `empresa_id IN (SELECT …)`), for a caller
 * that counts inside a larger statement (the Terminal detail).
 */
export function recentOpportunitiesOf(productId: number, inCompanies: SQL, days: number): SQL {
  return and(
    ofProduct(productId),
    inCompanies,
    inArray(opportunities.type, [...OPPORTUNITY_TYPES]),
    gte(opportunities.createdAt, sql`now() - make_interval(days => ${days}::int)`),
  ) as SQL;
}
