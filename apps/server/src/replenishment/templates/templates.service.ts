import { sql } from 'drizzle-orm';
import { REPLENISHMENT_MESSAGES, type ReplenishmentInput, type ReplenishmentTemplate, type ReplenishmentTemplateSave } from '@acervo/contracts';
import type { Db, Executor } from '../../db/client.ts';
import { resultRows } from '../../db/rows.ts';
import { auditActor, recordAudit, type AuditScopes } from '../../audit/audit.service.ts';
import { fieldError, notFound } from '../../shared/errors.ts';
import { nameKey } from '../../shared/name-key.ts';
import type { AuthContext } from '../../shared/request-auth.ts';

/*
 * Replenishment templates (SPEC 3 "Replacement template"; issue 18 Part 2): named calculation inputs
 * of the selected company (`reposicao_modelo`). The name is unique per company ignoring case, accents
 * and repeated spaces (`nome_chave` = `nameKey(nome)`, unique index). Every change is audited as
 * entity `modelo-reposicao` (the record's name and inputs before and after).
 */

/** Audit entity of the templates. */
export const TEMPLATE_AUDIT_ENTITY = 'modelo-reposicao' as const;

/** Whose template entries `GET auditoria` lists: the caller's selected company. */
export const REPLENISHMENT_AUDIT_SCOPES: AuditScopes = {
  [TEMPLATE_AUDIT_ENTITY]: async (_db, auth) => (auth.companyId ? [auth.companyId] : []),
};

interface Row {
  id: number;
  nome: string;
  parametros: ReplenishmentInput;
  editora: string | null;
  data_alteracao: string | Date;
}

/**
 * The columns of a template answer, the supplier's name of `parametros.idEditora` looked up as the
 * calculation's lines name it (table `editora`); for SELECT and for RETURNING alike.
 */
const COLUMNS = sql.raw(`id, nome, parametros, data_alteracao, (SELECT ed.nome FROM editora ed WHERE ed.id = (parametros->>'idEditora')::int) AS editora`);

const toTemplate = (r: Row): ReplenishmentTemplate => ({ id: Number(r.id), nome: r.nome, parametros: r.parametros, editora: r.editora ?? null, alteradoEm: new Date(r.data_alteracao).toISOString() });

/** `GET reposicao/modelo`: the company's templates by name. */
export async function listTemplates(db: Executor, companyId: number): Promise<ReplenishmentTemplate[]> {
  const rows = resultRows<Row>(await db.execute(sql`SELECT ${COLUMNS} FROM reposicao_modelo WHERE empresa_id = ${companyId}::int ORDER BY nome_chave, id`));
  return rows.map(toTemplate);
}

async function findTemplate(db: Executor, companyId: number, id: number, lock = false): Promise<Row> {
  const [row] = resultRows<Row>(
    await db.execute(sql`SELECT ${COLUMNS} FROM reposicao_modelo WHERE id = ${id}::int AND empresa_id = ${companyId}::int ${sql.raw(lock ? 'FOR UPDATE' : '')}`),
  );
  if (!row) throw notFound(REPLENISHMENT_MESSAGES.templateNotFound);
  return row;
}

/**
 * `GET reposicao/modelo/{id}`.
 * @throws DomainError NOT_FOUND (templateNotFound) for an id of another company or absent
 */
export async function getTemplate(db: Executor, companyId: number, id: number): Promise<ReplenishmentTemplate> {
  return toTemplate(await findTemplate(db, companyId, id));
}

async function assertNameFree(db: Executor, companyId: number, key: string, exceptId: number | null): Promise<void> {
  const taken = resultRows(
    await db.execute(sql`SELECT 1 FROM reposicao_modelo WHERE empresa_id = ${companyId}::int AND nome_chave = ${key} AND id <> ${exceptId ?? 0}::int`),
  );
  if (taken.length) throw fieldError('nome', REPLENISHMENT_MESSAGES.templateNameTaken);
}

/** True for PostgreSQL's unique violation of the name index (two saves of one name at once). */
function isNameRace(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return (e?.code ?? e?.cause?.code) === '23505';
}

/**
 * `POST reposicao/modelo`: creates a template in the selected company, audited CRIACAO.
 * @throws DomainError VALIDATION on `nome` (templateNameTaken) when the company has one of that name
 */
export async function createTemplate(db: Db, auth: AuthContext, companyId: number, body: ReplenishmentTemplateSave): Promise<ReplenishmentTemplate> {
  const nome = body.nome.trim();
  const key = nameKey(nome).slice(0, 100);
  try {
    return await db.transaction(async (tx) => {
      await assertNameFree(tx, companyId, key, null);
      const [row] = resultRows<Row>(
        await tx.execute(sql`INSERT INTO reposicao_modelo (empresa_id, nome, nome_chave, parametros, usuario_id)
          VALUES (${companyId}::int, ${nome}, ${key}, ${JSON.stringify(body.parametros)}::jsonb, ${auth.userId}::int) RETURNING ${COLUMNS}`),
      );
      await recordAudit(tx, { actor: auditActor(auth), entity: TEMPLATE_AUDIT_ENTITY, recordId: row.id, action: 'CRIACAO', after: { nome, parametros: body.parametros } });
      return toTemplate(row);
    });
  } catch (err) {
    if (isNameRace(err)) throw fieldError('nome', REPLENISHMENT_MESSAGES.templateNameTaken);
    throw err;
  }
}

/**
 * `PUT reposicao/modelo/{id}`: replaces name and inputs, audited ALTERACAO (changed fields only).
 * @throws DomainError NOT_FOUND (templateNotFound); VALIDATION on `nome` (templateNameTaken)
 */
export async function updateTemplate(db: Db, auth: AuthContext, companyId: number, id: number, body: ReplenishmentTemplateSave): Promise<ReplenishmentTemplate> {
  const nome = body.nome.trim();
  const key = nameKey(nome).slice(0, 100);
  try {
    return await db.transaction(async (tx) => {
      const before = await findTemplate(tx, companyId, id, true);
      await assertNameFree(tx, companyId, key, id);
      const [row] = resultRows<Row>(
        await tx.execute(sql`UPDATE reposicao_modelo SET nome = ${nome}, nome_chave = ${key}, parametros = ${JSON.stringify(body.parametros)}::jsonb, usuario_id = ${auth.userId}::int, data_alteracao = now()
          WHERE id = ${id}::int RETURNING ${COLUMNS}`),
      );
      await recordAudit(tx, {
        actor: auditActor(auth),
        entity: TEMPLATE_AUDIT_ENTITY,
        recordId: id,
        action: 'ALTERACAO',
        before: { nome: before.nome, parametros: before.parametros },
        after: { nome, parametros: body.parametros },
      });
      return toTemplate(row);
    });
  } catch (err) {
    if (isNameRace(err)) throw fieldError('nome', REPLENISHMENT_MESSAGES.templateNameTaken);
    throw err;
  }
}

/**
 * `DELETE reposicao/modelo/{id}`: deletes a template (calculations made from it keep their inputs;
 * their `modelo_id` becomes null), audited EXCLUSAO.
 * @throws DomainError NOT_FOUND (templateNotFound)
 */
export async function deleteTemplate(db: Db, auth: AuthContext, companyId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await findTemplate(tx, companyId, id, true);
    await tx.execute(sql`DELETE FROM reposicao_modelo WHERE id = ${id}::int`);
    await recordAudit(tx, { actor: auditActor(auth), entity: TEMPLATE_AUDIT_ENTITY, recordId: id, action: 'EXCLUSAO', before: { nome: before.nome, parametros: before.parametros } });
  });
}
