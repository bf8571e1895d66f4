import { and, asc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  DUPLICATE_IMPRINT_MESSAGE,
  DUPLICATE_PUBLISHER_CNPJ_MESSAGE,
  DUPLICATE_PUBLISHER_NAME_MESSAGE,
  IMPRINT_IN_USE_MESSAGE,
  PUBLISHER_IN_USE_MESSAGE,
  normalizeCnpj,
  type ActiveState,
  type FieldMessage,
  type PagedList,
  type Publisher,
  type PublisherListQuery,
  type PublisherRequest,
} from '@acervo/contracts';
import type { Db, Executor } from '../db/client.ts';
import type { AuthContext } from '../auth/auth-guard.ts';
import { auditActor, recordAudit, type AuditSnapshot } from '../audit/audit.service.ts';
import { DomainError, notFound } from '../shared/errors.ts';
import { matchesTerm, pageRequest, pagedResult, statusFilter, termPattern } from '../shared/paging.ts';
import { FOREIGN_KEY_VIOLATION, UNIQUE_VIOLATION, pgConstraint, pgErrorCode } from '../shared/db-errors.ts';
import { imprints, products, publishers } from '../products/products.schema.ts';
import { nameKey } from '../shared/name-key.ts';

type PublisherRow = typeof publishers.$inferSelect;

/** Number of products of a publisher, as a correlated sub-query (list column `quantidadeProdutos`). */
// Written out: Drizzle leaves columns unqualified in a single-table select, which the sub-query would capture.
const productCount = sql<number>`(SELECT count(*)::int FROM "produto" p WHERE p."editora_id" = "editora"."id")`;

/** Rows + imprints → wire publishers (imprints ordered by name). */
async function toPublishers(db: Executor, rows: (PublisherRow & { count: number })[]): Promise<Publisher[]> {
  if (rows.length === 0) return [];
  const seals = await db
    .select({ id: imprints.id, publisherId: imprints.publisherId, nome: imprints.name, ativo: imprints.active })
    .from(imprints)
    .where(inArray(imprints.publisherId, rows.map((r) => r.id)))
    .orderBy(asc(sql`lower(${imprints.name})`), asc(imprints.id));
  return rows.map((row) => ({
    id: row.id,
    nome: row.name,
    cnpj: row.cnpj,
    indMetabooks: row.metabooks,
    indBookinfo: row.bookinfo,
    ativo: row.active,
    idErp: row.erpId,
    selos: seals.filter((s) => s.publisherId === row.id).map(({ id, nome, ativo }) => ({ id, nome, ativo })),
    quantidadeProdutos: Number(row.count),
  }));
}

/**
 * `GET editora`: one page; `term` on the name and imprint names (accent- and case-insensitive)
 * and the CNPJ (without its mask); `status` on `ativo`; sorted by any list column (default name).
 * @throws DomainError VALIDATION on `sorter` for a field that is not a list column
 */
export async function listPublishers(db: Executor, query: PublisherListQuery): Promise<PagedList<Publisher>> {
  const request = pageRequest<string>(query, {
    sortable: {
      nome: sql`lower(${publishers.name})`,
      cnpj: publishers.cnpj,
      indMetabooks: publishers.metabooks,
      indBookinfo: publishers.bookinfo,
      ativo: publishers.active,
      quantidadeProdutos: productCount,
    },
    defaultSort: { field: 'nome', direction: 'asc' },
    tieBreaker: publishers.id,
  });
  const pattern = termPattern(query.term);
  const active = statusFilter(query.status);
  const conditions: (SQL | undefined)[] = [active === undefined ? undefined : eq(publishers.active, active)];
  if (pattern) {
    const cnpjPattern = termPattern(normalizeCnpj(query.term ?? ''));
    conditions.push(
      or(
        matchesTerm(publishers.name, pattern),
        sql`EXISTS (SELECT 1 FROM "selo" s WHERE s."editora_id" = "editora"."id" AND ${matchesTerm(sql`s."nome"`, pattern)})`,
        cnpjPattern ? sql`${publishers.cnpj} LIKE upper(${cnpjPattern})` : undefined,
      ),
    );
  }
  const where = and(...conditions);
  const rows = db
    .select({ ...getColumns(), count: productCount })
    .from(publishers)
    .where(where)
    .orderBy(...request.orderBy)
    .limit(request.size)
    .offset(request.offset);
  return pagedResult(
    request,
    rows.then((list) => toPublishers(db, list)),
    db.$count(publishers, where),
  );
}

/** Every column of `editora` for a select. */
function getColumns() {
  return {
    id: publishers.id,
    name: publishers.name,
    nameKey: publishers.nameKey,
    erpId: publishers.erpId,
    createdAt: publishers.createdAt,
    cnpj: publishers.cnpj,
    metabooks: publishers.metabooks,
    bookinfo: publishers.bookinfo,
    active: publishers.active,
  };
}

/** One publisher by id (`FOR UPDATE` when `lock`), with its product count; null when absent. */
async function findPublisher(db: Executor, id: number, lock = false): Promise<Publisher | null> {
  const query = db.select({ ...getColumns(), count: productCount }).from(publishers).where(eq(publishers.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) return null;
  return (await toPublishers(db, [row]))[0];
}

/**
 * `GET editora/{id}`.
 * @throws DomainError NOT_FOUND (404) when absent
 */
export async function getPublisher(db: Executor, id: number): Promise<Publisher> {
  const publisher = await findPublisher(db, id);
  if (!publisher) throw notFound();
  return publisher;
}

/** The audited fields (wire names; imprints as their names). */
function snapshot(p: Publisher): AuditSnapshot {
  return { nome: p.nome, cnpj: p.cnpj, indMetabooks: p.indMetabooks, indBookinfo: p.indBookinfo, ativo: p.ativo, selos: p.selos.map((s) => (s.ativo ? s.nome : `${s.nome} (inativo)`)) };
}

function conflict(field: string, message: string): DomainError {
  return new DomainError('CONFLICT', message, [{ field, message }]);
}

/** 409 when another publisher has the same name key or CNPJ. */
async function assertUnique(db: Executor, body: PublisherRequest, exceptId?: number): Promise<void> {
  const other = exceptId === undefined ? undefined : ne(publishers.id, exceptId);
  if ((await db.$count(publishers, and(eq(publishers.nameKey, nameKey(body.nome)), other))) > 0) throw conflict('nome', DUPLICATE_PUBLISHER_NAME_MESSAGE);
  if (body.cnpj && (await db.$count(publishers, and(eq(publishers.cnpj, body.cnpj), other))) > 0) throw conflict('cnpj', DUPLICATE_PUBLISHER_CNPJ_MESSAGE);
}

/** 400 when two imprints of the request have the same name key (field `selos.N.nome`). */
function assertDistinctImprints(body: PublisherRequest): void {
  const seen = new Set<string>();
  const errors: FieldMessage[] = [];
  (body.selos ?? []).forEach((s, i) => {
    const key = nameKey(s.nome);
    if (seen.has(key)) errors.push({ field: `selos.${i}.nome`, message: DUPLICATE_IMPRINT_MESSAGE });
    seen.add(key);
  });
  if (errors.length) throw new DomainError('VALIDATION', errors[0].message, errors);
}

/** Runs a save; a concurrent unique violation becomes the same 409, a removed imprint in use a 409 on `selos`. */
async function mapConflicts<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    const code = pgErrorCode(error);
    if (code === UNIQUE_VIOLATION) {
      const constraint = pgConstraint(error) ?? '';
      if (constraint.includes('cnpj')) throw conflict('cnpj', DUPLICATE_PUBLISHER_CNPJ_MESSAGE);
      if (constraint.startsWith('selo')) throw new DomainError('VALIDATION', DUPLICATE_IMPRINT_MESSAGE, [{ field: 'selos', message: DUPLICATE_IMPRINT_MESSAGE }]);
      throw conflict('nome', DUPLICATE_PUBLISHER_NAME_MESSAGE);
    }
    if (code === FOREIGN_KEY_VIOLATION) throw conflict('selos', IMPRINT_IN_USE_MESSAGE);
    throw error;
  }
}

/**
 * Writes the imprint list of a save: existing ids of this publisher are renamed/(de)activated,
 * new ones inserted, the ones left out deleted (409 on `selos` when products use one).
 * @throws DomainError VALIDATION (400, `selos.N.id`) for an id that is not an imprint of this publisher
 */
async function saveImprints(db: Executor, publisherId: number, selos: NonNullable<PublisherRequest['selos']>): Promise<void> {
  const current = await db.select({ id: imprints.id }).from(imprints).where(eq(imprints.publisherId, publisherId));
  const currentIds = new Set(current.map((r) => r.id));
  const kept = new Set<number>();
  selos.forEach((s, i) => {
    if (s.id !== undefined && !currentIds.has(s.id)) throw new DomainError('VALIDATION', 'Selo não pertence a esta editora', [{ field: `selos.${i}.id`, message: 'Selo não pertence a esta editora' }]);
    if (s.id !== undefined) kept.add(s.id);
  });
  const removed = [...currentIds].filter((id) => !kept.has(id));
  if (removed.length) {
    const used = await db.$count(products, inArray(products.imprintId, removed));
    if (used > 0) throw conflict('selos', `${IMPRINT_IN_USE_MESSAGE} (${used} produto(s))`);
    await db.delete(imprints).where(inArray(imprints.id, removed));
  }
  // Two passes so a rename that swaps names with another imprint never hits the unique key midway.
  for (const s of selos) if (s.id !== undefined) await db.update(imprints).set({ nameKey: `#${s.id}` }).where(eq(imprints.id, s.id));
  for (const s of selos) {
    const values = { name: s.nome, nameKey: nameKey(s.nome), active: s.ativo ?? true };
    if (s.id !== undefined) await db.update(imprints).set(values).where(eq(imprints.id, s.id));
    else await db.insert(imprints).values({ ...values, publisherId });
  }
}

/**
 * `POST editora`: creates a publisher with its imprints, records CRIACAO, in one transaction.
 * `nome_chave` is the normalised name, so the ONIX import and the ERP sync find it.
 * @throws DomainError CONFLICT (409, `nome` or `cnpj`) for a duplicate; VALIDATION for repeated imprints
 */
export async function createPublisher(db: Db, auth: AuthContext, body: PublisherRequest): Promise<Publisher> {
  assertDistinctImprints(body);
  return mapConflicts(
    db.transaction(async (tx) => {
      await assertUnique(tx, body);
      const [row] = await tx
        .insert(publishers)
        .values({ name: body.nome, nameKey: nameKey(body.nome), cnpj: body.cnpj ?? null, metabooks: body.indMetabooks ?? false, bookinfo: body.indBookinfo ?? false, active: body.ativo ?? true })
        .returning({ id: publishers.id });
      await saveImprints(tx, row.id, (body.selos ?? []).map(({ id: _id, ...s }) => s));
      const created = (await findPublisher(tx, row.id)) as Publisher;
      await recordAudit(tx, { actor: auditActor(auth), entity: 'editora', recordId: row.id, action: 'CRIACAO', after: snapshot(created) });
      return created;
    }),
  );
}

/**
 * `PUT editora/{id}`: replaces the fields (absent flags/`ativo` keep their value, absent `selos`
 * keeps the imprints), records ALTERACAO, in one transaction. Renaming changes `nome_chave`.
 * @throws DomainError NOT_FOUND (404); CONFLICT (409) duplicate `nome`/`cnpj`, removed imprint in use
 */
export async function updatePublisher(db: Db, auth: AuthContext, id: number, body: PublisherRequest): Promise<Publisher> {
  assertDistinctImprints(body);
  return mapConflicts(
    db.transaction(async (tx) => {
      const before = await findPublisher(tx, id, true);
      if (!before) throw notFound();
      await assertUnique(tx, body, id);
      await tx
        .update(publishers)
        .set({
          name: body.nome,
          nameKey: nameKey(body.nome),
          cnpj: body.cnpj ?? null,
          metabooks: body.indMetabooks ?? before.indMetabooks,
          bookinfo: body.indBookinfo ?? before.indBookinfo,
          active: body.ativo ?? before.ativo,
        })
        .where(eq(publishers.id, id));
      if (body.selos) await saveImprints(tx, id, body.selos);
      const after = (await findPublisher(tx, id)) as Publisher;
      await recordAudit(tx, { actor: auditActor(auth), entity: 'editora', recordId: id, action: 'ALTERACAO', before: snapshot(before), after: snapshot(after) });
      return after;
    }),
  );
}

/**
 * `PUT editora/inativa/{id}`: toggles `ativo`, records ATIVACAO / INATIVACAO.
 * @returns the new state `{id, ativo}`
 * @throws DomainError NOT_FOUND (404)
 */
export async function togglePublisher(db: Db, auth: AuthContext, id: number): Promise<ActiveState> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ active: publishers.active }).from(publishers).where(eq(publishers.id, id)).for('update');
    if (!row) throw notFound();
    const ativo = !row.active;
    await tx.update(publishers).set({ active: ativo }).where(eq(publishers.id, id));
    await recordAudit(tx, { actor: auditActor(auth), entity: 'editora', recordId: id, action: ativo ? 'ATIVACAO' : 'INATIVACAO', before: { ativo: row.active }, after: { ativo } });
    return { id, ativo };
  });
}

/**
 * `DELETE editora/{id}`: deletes a publisher no product uses (its imprints go with it), records
 * EXCLUSAO, in one transaction; a foreign key raised anyway (a table another domain added that
 * refers to the publisher) also answers 409.
 * @throws DomainError NOT_FOUND (404); CONFLICT (409) while products use it
 */
export async function deletePublisher(db: Db, auth: AuthContext, id: number): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const publisher = await findPublisher(tx, id, true);
      if (!publisher) throw notFound();
      if (publisher.quantidadeProdutos > 0) throw new DomainError('CONFLICT', `${PUBLISHER_IN_USE_MESSAGE} (${publisher.quantidadeProdutos} produto(s))`);
      await tx.delete(publishers).where(eq(publishers.id, id));
      await recordAudit(tx, { actor: auditActor(auth), entity: 'editora', recordId: id, action: 'EXCLUSAO', before: snapshot(publisher) });
    });
  } catch (error) {
    if (pgErrorCode(error) === FOREIGN_KEY_VIOLATION) throw new DomainError('CONFLICT', PUBLISHER_IN_USE_MESSAGE.replace('há produtos vinculados', 'há registros vinculados'));
    throw error;
  }
}
