import { and, countDistinct, eq, ne, sql, type SQL } from 'drizzle-orm';
import {
  DUPLICATE_REGISTER_CODE_MESSAGE,
  DUPLICATE_REGISTER_NAME_MESSAGE,
  REGISTER_IN_USE_MESSAGE,
  type ActiveState,
  type PagedList,
  type RegisterListQuery,
  type RegisterRecord,
  type RegisterRequest,
} from '@acervo/contracts';
import type { Db, Executor } from '../db/client.ts';
import type { AuthContext } from '../auth/auth-guard.ts';
import { auditActor, recordAudit } from '../audit/audit.service.ts';
import { DomainError, notFound } from '../shared/errors.ts';
import { matchesTerm, pageRequest, pagedResult, statusFilter, termPattern } from '../shared/paging.ts';
import { FOREIGN_KEY_VIOLATION, UNIQUE_VIOLATION, pgConstraint, pgErrorCode } from '../shared/db-errors.ts';
import type { ServerRegisterDefinition } from './register-definitions.ts';

type Row = { id: number; nome: string; ativo: boolean; codigo?: string };

/** The wire columns of a register's rows (`codigo` only for coded registers). */
function columns(def: ServerRegisterDefinition) {
  const t = def.table;
  return { id: t.id, nome: t.name, ativo: t.active, ...(def.code ? { codigo: def.code } : {}) } as { id: typeof t.id; nome: typeof t.name; ativo: typeof t.active };
}

/** Row → wire record: `{id, nome, ativo}` plus `codigo` on coded registers. */
function toRecord(def: ServerRegisterDefinition, row: Row): RegisterRecord {
  return def.code ? { id: row.id, codigo: row.codigo as string, nome: row.nome, ativo: row.ativo } : { id: row.id, nome: row.nome, ativo: row.ativo };
}

/** The audited fields of a record (wire names, without the id). */
function snapshot(record: RegisterRecord) {
  const { id: _id, ...fields } = record;
  return fields;
}

/**
 * `GET <register>`: one page, `term` on the name (and the code) accent- and case-insensitive,
 * `status` on `ativo`, sorted by `codigo` (coded only), `nome` or `ativo` (default: code or name
 * ascending, id as tie-breaker).
 * @throws DomainError VALIDATION on `sorter` for a field that is not a list column
 */
export async function listRegister(db: Executor, def: ServerRegisterDefinition, query: RegisterListQuery): Promise<PagedList<RegisterRecord>> {
  const t = def.table;
  const sortable: Record<string, SQL | typeof t.active> = { nome: sql`acervo_normalize(${t.name})`, ativo: t.active };
  if (def.code) sortable.codigo = sql`${def.code}`;
  const request = pageRequest<string>(query, { sortable, defaultSort: { field: def.code ? 'codigo' : 'nome', direction: 'asc' }, tieBreaker: t.id });
  const pattern = termPattern(query.term);
  const active = statusFilter(query.status);
  const conditions: (SQL | undefined)[] = [active === undefined ? undefined : eq(t.active, active)];
  if (pattern) conditions.push(def.code ? sql`(${matchesTerm(t.name, pattern)} OR ${matchesTerm(def.code, pattern)})` : matchesTerm(t.name, pattern));
  const where = and(...conditions);
  const rows = db.select(columns(def)).from(t).where(where).orderBy(...request.orderBy).limit(request.size).offset(request.offset);
  return pagedResult(
    request,
    rows.then((list) => list.map((row) => toRecord(def, row as Row))),
    db.$count(t, where),
  );
}

/** One record by id (`FOR UPDATE` when `lock`), or null. */
async function findRow(db: Executor, def: ServerRegisterDefinition, id: number, lock = false): Promise<Row | null> {
  const query = db.select(columns(def)).from(def.table).where(eq(def.table.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return (row as Row | undefined) ?? null;
}

/** 409 naming `nome` or `codigo`. */
function duplicate(field: 'nome' | 'codigo'): DomainError {
  const message = field === 'nome' ? DUPLICATE_REGISTER_NAME_MESSAGE : DUPLICATE_REGISTER_CODE_MESSAGE;
  return new DomainError('CONFLICT', message, [{ field, message }]);
}

/** 409 when another record has the same name (case and accents ignored) or the same code. */
async function assertUnique(db: Executor, def: ServerRegisterDefinition, body: RegisterRequest, exceptId?: number): Promise<void> {
  const t = def.table;
  const other = exceptId === undefined ? undefined : ne(t.id, exceptId);
  const sameName = await db.$count(t, and(sql`acervo_normalize(${t.name}) = acervo_normalize(${body.nome})`, other));
  if (sameName > 0) throw duplicate('nome');
  if (def.code && body.codigo !== undefined) {
    const sameCode = await db.$count(t, and(eq(def.code, body.codigo), other));
    if (sameCode > 0) throw duplicate('codigo');
  }
}

/** Runs a save; a unique violation of a concurrent save becomes the same 409 (on `codigo` or `nome`). */
async function mapDuplicate<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) throw duplicate(pgConstraint(error)?.includes('codigo') ? 'codigo' : 'nome');
    throw error;
  }
}

/**
 * How many products use a record: through every usage of the definition (foreign key on the id,
 * or the stored code), each product counted once per usage; the largest count is answered.
 */
export async function registerUsage(db: Executor, def: ServerRegisterDefinition, row: Row): Promise<number> {
  let most = 0;
  for (const usage of def.usages) {
    const value = usage.by === 'id' ? row.id : row.codigo;
    if (value === undefined) continue;
    const where = eq(usage.column, value);
    const count = usage.productId
      ? Number((await db.select({ n: countDistinct(usage.productId) }).from(usage.table).where(where))[0]?.n ?? 0)
      : await db.$count(usage.table, where);
    most = Math.max(most, count);
  }
  return most;
}

/** 409 of a record in use: the message says how many products and to deactivate instead. */
function inUse(count: number, field?: 'codigo'): DomainError {
  const message = field
    ? `O código está em uso por ${count} produto(s) e não pode ser alterado. Cadastre um novo registro e inative este.`
    : `${REGISTER_IN_USE_MESSAGE} (${count} produto(s))`;
  return new DomainError('CONFLICT', message, field ? [{ field, message }] : []);
}

/**
 * `POST <register>`: creates a record and records CRIACAO, in one transaction.
 * @throws DomainError CONFLICT (409, field `nome` or `codigo`) for a duplicate
 */
export async function createRegister(db: Db, auth: AuthContext, def: ServerRegisterDefinition, body: RegisterRequest): Promise<RegisterRecord> {
  return mapDuplicate(
    db.transaction(async (tx) => {
      await assertUnique(tx, def, body);
      const values = { name: body.nome, active: body.ativo ?? true, ...(def.code ? { code: body.codigo } : {}) } as typeof def.table.$inferInsert;
      const [row] = await tx.insert(def.table).values(values).returning(columns(def));
      const record = toRecord(def, row as Row);
      await recordAudit(tx, { actor: auditActor(auth), entity: def.entity, recordId: record.id, action: 'CRIACAO', after: snapshot(record) });
      return record;
    }),
  );
}

/**
 * `PUT <register>/{id}`: renames (and re-codes) a record; an absent `ativo` keeps the current
 * value. Records ALTERACAO with the changed fields, in one transaction.
 * @throws DomainError NOT_FOUND (404) when absent
 * @throws DomainError CONFLICT (409) for a duplicate name/code, or a new `codigo` while products
 *   use the old one (field `codigo`)
 */
export async function updateRegister(db: Db, auth: AuthContext, def: ServerRegisterDefinition, id: number, body: RegisterRequest): Promise<RegisterRecord> {
  return mapDuplicate(
    db.transaction(async (tx) => {
      const row = await findRow(tx, def, id, true);
      if (!row) throw notFound();
      const before = toRecord(def, row);
      await assertUnique(tx, def, body, id);
      if (def.code && body.codigo !== undefined && body.codigo !== row.codigo) {
        const used = await registerUsage(tx, def, row);
        if (used > 0) throw inUse(used, 'codigo');
      }
      const values = { name: body.nome, active: body.ativo ?? row.ativo, ...(def.code ? { code: body.codigo } : {}) } as Partial<typeof def.table.$inferInsert>;
      const [saved] = await tx.update(def.table).set(values).where(eq(def.table.id, id)).returning(columns(def));
      const after = toRecord(def, saved as Row);
      await recordAudit(tx, { actor: auditActor(auth), entity: def.entity, recordId: id, action: 'ALTERACAO', before: snapshot(before), after: snapshot(after) });
      return after;
    }),
  );
}

/**
 * `PUT <register>/inativa/{id}`: toggles `ativo`, records ATIVACAO or INATIVACAO.
 * @returns the new state `{id, ativo}`
 * @throws DomainError NOT_FOUND (404) when absent
 */
export async function toggleRegister(db: Db, auth: AuthContext, def: ServerRegisterDefinition, id: number): Promise<ActiveState> {
  return db.transaction(async (tx) => {
    const row = await findRow(tx, def, id, true);
    if (!row) throw notFound();
    const ativo = !row.ativo;
    await tx.update(def.table).set({ active: ativo }).where(eq(def.table.id, id));
    await recordAudit(tx, { actor: auditActor(auth), entity: def.entity, recordId: id, action: ativo ? 'ATIVACAO' : 'INATIVACAO', before: { ativo: row.ativo }, after: { ativo } });
    return { id, ativo };
  });
}

/**
 * `DELETE <register>/{id}`: deletes a record no product uses and records EXCLUSAO, in one
 * transaction (the row is locked first, so a product saved meanwhile waits and is seen).
 * @throws DomainError NOT_FOUND (404) when absent
 * @throws DomainError CONFLICT (409) while products use it (deactivate it instead)
 */
export async function deleteRegister(db: Db, auth: AuthContext, def: ServerRegisterDefinition, id: number): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const row = await findRow(tx, def, id, true);
      if (!row) throw notFound();
      const used = await registerUsage(tx, def, row);
      if (used > 0) throw inUse(used);
      await tx.delete(def.table).where(eq(def.table.id, id));
      await recordAudit(tx, { actor: auditActor(auth), entity: def.entity, recordId: id, action: 'EXCLUSAO', before: snapshot(toRecord(def, row)) });
    });
  } catch (error) {
    // a foreign key no usage lists (a table another domain added later) also answers 409
    if (pgErrorCode(error) === FOREIGN_KEY_VIOLATION) throw new DomainError('CONFLICT', REGISTER_IN_USE_MESSAGE.replace('por produtos', 'por outros registros'));
    throw error;
  }
}
