import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { REQUIRED, terminalFilterOptionsPageSchema, terminalFilterOptionsQuerySchema, type IdNome, type PagedList, type TerminalFilterOptionsQuery } from '@acervo/contracts';
import type { DomainRoutes } from '../shared/context.ts';
import type { Executor } from '../db/client.ts';
import { AUTH_ERRORS } from '../shared/api-schemas.ts';
import { requireCompany } from '../shared/request-auth.ts';
import { matchesTerm, pageRequest, pagedResult, termPattern } from '../shared/paging.ts';
import { erpSubjects } from '../erp/data/erp-data.schema.ts';
import { publishers } from '../products/products.schema.ts';

type OptionsQuery = TerminalFilterOptionsQuery;

/**
 * The active subjects of one company's ERP as `{id, nome}` by name (placeholders left out), `term`
 * on the description ignoring case and accents. Their ids are the Terminal search's `idAssunto`.
 */
export async function listTerminalSubjects(db: Executor, companyId: number, query: OptionsQuery): Promise<PagedList<IdNome>> {
  const request = pageRequest(query, { sortable: { nome: erpSubjects.description }, defaultSort: { field: 'nome', direction: 'asc' }, tieBreaker: erpSubjects.id });
  const pattern = termPattern(query.term);
  const where = and(eq(erpSubjects.companyId, companyId), isNotNull(erpSubjects.erpChangedAt), eq(erpSubjects.active, true), pattern ? matchesTerm(erpSubjects.description, pattern) : undefined);
  const rows = db.select({ id: erpSubjects.id, nome: erpSubjects.description }).from(erpSubjects).where(where).orderBy(...request.orderBy).limit(request.size).offset(request.offset);
  return pagedResult(request, rows.then((list) => list.map((r) => ({ id: r.id, nome: r.nome ?? '' }))), db.$count(erpSubjects, where));
}

/** The active catalogue publishers as `{id, nome}` by name, `term` on the name ignoring case and accents (the search's `idEditora`). */
export async function listTerminalPublishers(db: Executor, query: OptionsQuery): Promise<PagedList<IdNome>> {
  const request = pageRequest(query, { sortable: { nome: publishers.name }, defaultSort: { field: 'nome', direction: 'asc' }, tieBreaker: publishers.id });
  const pattern = termPattern(query.term);
  const where = and(eq(publishers.active, true), pattern ? matchesTerm(publishers.name, pattern) : undefined);
  const rows = db.select({ id: publishers.id, nome: publishers.name }).from(publishers).where(where).orderBy(asc(publishers.name), asc(publishers.id)).limit(request.size).offset(request.offset);
  return pagedResult(request, rows, db.$count(publishers, where));
}

/**
 * Choices of the Terminal's subject and publisher filters (issue 16 part 4), role
 * ROLE_VISUALIZAR_TERMINAL (401/403 before validation), under `/api/core-api`:
 * - `GET produto/terminal/assuntos?term&page&pageSize` → paged `{id, nome}`: subjects of the selected
 *   company's ERP;
 * - `GET produto/terminal/editoras?term&page&pageSize` → paged `{id, nome}`: catalogue publishers.
 * 400 naming the field for a bad query.
 */
export const terminalFiltersRoutes: DomainRoutes = (api, ctx) => {
  const config = { role: REQUIRED.terminal };
  const tags = ['produto/terminal'];
  const security = [{ bearer: [] }];
  const schema = (summary: string) => ({ tags, summary, security, querystring: terminalFilterOptionsQuerySchema, response: { 200: terminalFilterOptionsPageSchema, ...AUTH_ERRORS } });
  api.get('/produto/terminal/assuntos', { schema: schema('Assuntos do ERP da empresa selecionada (filtro do Terminal)'), config }, async (request) =>
    listTerminalSubjects(ctx.db, requireCompany(request), request.query),
  );
  api.get('/produto/terminal/editoras', { schema: schema('Editoras do catálogo (filtro do Terminal)'), config }, async (request) => listTerminalPublishers(ctx.db, request.query));
};
