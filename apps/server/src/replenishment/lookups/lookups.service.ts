import { sql, type SQL } from 'drizzle-orm';
import { DEFAULT_PAGE_SIZE, toPagedList, type IdNome, type PagedList, type ReplenishmentLookupQuery } from '@acervo/contracts';
import type { Executor } from '../../db/client.ts';
import { resultRows } from '../../db/rows.ts';
import { termPattern } from '../../shared/paging.ts';

/*
 * The pickers of the replenishment screens (docs/replenishment.md, "Pickers"): supplier, "generated
 * by" and product type, read with a replenishment role. The registers' own endpoints (`editora`,
 * `usuario`, `relatorio/estoque/opcoes`) need the publisher, user and stock report roles, which a
 * buyer does not have; these answer only `{id, nome}`, and the users and product types of the
 * caller's selected company.
 */

/** A page of `{id, nome}` from a query of `id` and `nome` columns, by name ignoring case and accents (Ática before Companhia), with its count. */
async function page(db: Executor, query: ReplenishmentLookupQuery, from: SQL): Promise<PagedList<IdNome>> {
  const size = query.pageSize ?? query.size ?? DEFAULT_PAGE_SIZE;
  const pageNumber = query.page ?? 0;
  const pattern = termPattern(query.term);
  const where = pattern ? sql`WHERE unaccent(lower(l.nome)) LIKE unaccent(${pattern})` : sql``;
  const [rows, count] = await Promise.all([
    db.execute(sql`SELECT l.id, l.nome FROM (${from}) l ${where} ORDER BY unaccent(lower(l.nome)), l.id LIMIT ${size} OFFSET ${pageNumber * size}`),
    db.execute(sql`SELECT count(*)::int AS n FROM (${from}) l ${where}`),
  ]);
  const itens = resultRows<{ id: number; nome: string }>(rows).map((r) => ({ id: Number(r.id), nome: r.nome }));
  return toPagedList(itens, pageNumber, size, Number(resultRows<{ n: number }>(count)[0]?.n ?? 0));
}

/**
 * `GET reposicao/opcoes/editora`: the catalogue's publishers (the suppliers of a replenishment),
 * active or not (an inactive one may still name old replacements), `term` over the name
 * (accent- and case-insensitive), by name.
 */
export function lookupPublishers(db: Executor, query: ReplenishmentLookupQuery): Promise<PagedList<IdNome>> {
  return page(db, query, sql`SELECT id, nome FROM editora`);
}

/**
 * `GET reposicao/opcoes/usuario`: the users of the selected company (linked to it, or who
 * generated one of its replacements), `term` over the name, by name; no login, e-mail or profile.
 */
export function lookupUsers(db: Executor, companyId: number, query: ReplenishmentLookupQuery): Promise<PagedList<IdNome>> {
  return page(
    db,
    query,
    sql`SELECT u.id, u.nome FROM usuario u WHERE u.id IN (SELECT ue.usuario_id FROM usuario_empresa ue WHERE ue.empresa_id = ${companyId}::int)
      OR u.id IN (SELECT r.gerado_por FROM reposicao r WHERE r.empresa_id = ${companyId}::int)`,
  );
}

/** `GET reposicao/opcoes/tipo-produto`: the ERP product types of the selected company, by name. */
export async function lookupProductTypes(db: Executor, companyId: number): Promise<IdNome[]> {
  const rows = resultRows<{ id: number; nome: string }>(
    await db.execute(sql`SELECT id, descricao AS nome FROM erp_tipo_produto WHERE empresa_id = ${companyId}::int AND descricao IS NOT NULL ORDER BY unaccent(lower(descricao)), id`),
  );
  return rows.map((r) => ({ id: Number(r.id), nome: r.nome }));
}
