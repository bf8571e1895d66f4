import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  FORBIDDEN_MESSAGE,
  OPEN_OPPORTUNITY_DAYS,
  OPPORTUNITY_COMPANY_MESSAGE,
  OPPORTUNITY_DATE_RANGE_MESSAGE,
  OPPORTUNITY_DESCRIPTION_REQUIRED_MESSAGE,
  OPPORTUNITY_FORWARDED_MESSAGE,
  OPPORTUNITY_PRODUCT_NOT_FOUND_MESSAGE,
  OPPORTUNITY_REASON_INVALID_MESSAGE,
  OPPORTUNITY_SORT_FIELDS,
  type Opportunity,
  type OpportunityCreated,
  type OpportunityListQuery,
  type OpportunityRequest,
  type PagedList,
} from '@acervo/contracts';
import type { Db, Executor } from '../db/client.ts';
import type { AuthContext } from '../shared/request-auth.ts';
import { DomainError, fieldError } from '../shared/errors.ts';
import { matchesTerm, pageRequest, pagedResult, termPattern } from '../shared/paging.ts';
import { listActiveCompaniesOfUser } from '../companies/companies.repository.ts';
import { companies } from '../companies/companies.schema.ts';
import { users } from '../users/users.schema.ts';
import { products } from '../products/products.schema.ts';
import { opportunityReasons } from '../lookups/lookups.schema.ts';
import { opportunities } from './opportunities.schema.ts';
import {
  countRecentOpportunities,
  createdBetween,
  findOpportunity,
  findProductIdentity,
  insertOpportunity,
  isActiveReason,
  ofProduct,
  opportunityFrom,
  toOpportunity,
} from './opportunities.repository.ts';

/** Ids of the active companies the user is linked to (the scope of every opportunity read). */
export async function userCompanyIds(db: Executor, userId: number): Promise<number[]> {
  return (await listActiveCompaniesOfUser(db, userId)).map((c) => c.id);
}

/**
 * `POST oportunidade`: stores one lost sale or purchase suggestion in the caller's selected
 * company, with the caller and the current instant, in one transaction. With `idProduto`, an
 * absent `ean`, `issn` or `descricao` takes the product's ISBN-13, ISSN or title.
 * @returns the SPEC 8 message ("Oportunidade encaminhada com sucesso!") and the stored opportunity
 * @throws DomainError FORBIDDEN without a selected company;
 *   VALIDATION on `idProduto` (not in the catalogue), `idMotivo` (absent or inactive) or
 *   `descricao` (neither a description nor a product)
 */
export async function createOpportunity(db: Db, auth: AuthContext, body: OpportunityRequest): Promise<OpportunityCreated> {
  const companyId = auth.companyId;
  if (!companyId) throw new DomainError('FORBIDDEN', FORBIDDEN_MESSAGE);
  const id = await db.transaction(async (tx) => {
    const product = body.idProduto ? await findProductIdentity(tx, body.idProduto) : null;
    if (body.idProduto && !product) throw fieldError('idProduto', OPPORTUNITY_PRODUCT_NOT_FOUND_MESSAGE);
    const description = body.descricao ?? product?.titulo.slice(0, 300);
    if (!description) throw fieldError('descricao', OPPORTUNITY_DESCRIPTION_REQUIRED_MESSAGE);
    if (!(await isActiveReason(tx, body.idMotivo))) throw fieldError('idMotivo', OPPORTUNITY_REASON_INVALID_MESSAGE);
    return insertOpportunity(tx, {
      companyId,
      userId: auth.userId,
      productId: body.idProduto ?? null,
      ean: body.ean ?? product?.isbn13 ?? null,
      issn: body.issn ?? product?.issn ?? null,
      description,
      quantity: body.quantidade,
      type: body.tipo,
      reasonId: body.idMotivo,
      observation: body.observacao ?? null,
    });
  });
  return { message: OPPORTUNITY_FORWARDED_MESSAGE, oportunidade: (await findOpportunity(db, id)) as Opportunity };
}

/**
 * `GET oportunidade`: one page of the opportunities of the caller's active companies (or of
 * `idEmpresa`, which must be one of them), newest first by default, filtered by days (São Paulo,
 * inclusive), product (`idProduto`, which also matches rows typed without a product under its
 * ISBN-13), `ean`, `term` (description, catalogue title or EAN contains; accents and case ignored),
 * `tipo` and `idMotivo`.
 * @throws DomainError VALIDATION on `idEmpresa` (not one of the caller's companies), `dataFim`
 *   (before `dataInicio`) or `sorter`
 */
export async function listOpportunities(db: Db, auth: AuthContext, query: OpportunityListQuery): Promise<PagedList<Opportunity>> {
  const request = pageRequest<(typeof OPPORTUNITY_SORT_FIELDS)[number]>(query, {
    sortable: {
      data: opportunities.createdAt,
      descricao: sql`acervo_normalize(${opportunities.description})`,
      quantidade: opportunities.quantity,
      tipo: opportunities.type,
      motivo: sql`acervo_normalize(${opportunityReasons.name})`,
      empresa: sql`acervo_normalize(${companies.name})`,
      usuario: sql`acervo_normalize(${users.name})`,
    },
    defaultSort: { field: 'data', direction: 'desc' },
    tieBreaker: opportunities.id,
  });
  if (query.dataInicio && query.dataFim && query.dataFim < query.dataInicio) throw fieldError('dataFim', OPPORTUNITY_DATE_RANGE_MESSAGE);
  const mine = await userCompanyIds(db, auth.userId);
  if (query.idEmpresa !== undefined && !mine.includes(query.idEmpresa)) throw fieldError('idEmpresa', OPPORTUNITY_COMPANY_MESSAGE);
  const scope = query.idEmpresa !== undefined ? [query.idEmpresa] : mine;
  if (scope.length === 0) return pagedResult(request, Promise.resolve([]), Promise.resolve(0));
  const pattern = termPattern(query.term);
  const where = and(
    inArray(opportunities.companyId, scope),
    createdBetween(query.dataInicio, query.dataFim),
    query.idProduto !== undefined ? ofProduct(query.idProduto) : undefined,
    query.ean ? eq(opportunities.ean, query.ean) : undefined,
    query.tipo ? eq(opportunities.type, query.tipo) : undefined,
    query.idMotivo !== undefined ? eq(opportunities.reasonId, query.idMotivo) : undefined,
    pattern ? (or(matchesTerm(opportunities.description, pattern), matchesTerm(products.title, pattern), sql`${opportunities.ean} LIKE ${pattern}`) as SQL) : undefined,
  );
  const rows = opportunityFrom(db).where(where).orderBy(...request.orderBy).limit(request.size).offset(request.offset);
  const count = db
    .select({ n: sql<number>`count(*)::int` })
    .from(opportunities)
    .leftJoin(products, eq(products.id, opportunities.productId))
    .where(where)
    .then((r) => Number(r[0]?.n ?? 0));
  return pagedResult(
    request,
    rows.then((list) => list.map((row) => toOpportunity(row as Parameters<typeof toOpportunity>[0]))),
    count,
  );
}

/**
 * `oportunidadesAbertas` of the Terminal detail (issue 16 part 2): lost sales plus purchase
 * suggestions of catalogue product `productId` registered in the last OPEN_OPPORTUNITY_DAYS (90)
 * days in the user's active companies (rows, not copies; rows typed without a product under its
 * ISBN-13 count too).
 */
export async function countOpenOpportunities(db: Executor, userId: number, productId: number): Promise<number> {
  return countRecentOpportunities(db, productId, await userCompanyIds(db, userId), OPEN_OPPORTUNITY_DAYS);
}
