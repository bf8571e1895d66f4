import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  AUDIT_ENTITY_ROLES,
  AUDIT_SECRET_MASK,
  FORBIDDEN_MESSAGE,
  hasRole,
  type AuditAction,
  type AuditChange,
  type AuditEntity,
  type AuditEntry,
  type AuditQuery,
  type PagedList,
} from '@acervo/contracts';
import type { Executor } from '../db/client.ts';
import type { AuthContext } from '../shared/request-auth.ts';
import { DomainError } from '../shared/errors.ts';
import { pageRequest, pagedResult } from '../shared/paging.ts';
import { auditLog } from './audit.schema.ts';

/** Who made a change: the signed-in user and the company selected in their session. */
export interface AuditActor {
  userId: number;
  userName: string;
  companyId: number | null;
}

/** The actor of an authenticated request (`request.auth`). */
export function auditActor(auth: AuthContext): AuditActor {
  return { userId: auth.userId, userName: auth.name, companyId: auth.companyId };
}

/**
 * Whose entries of a per-company entity a caller may read: the ids of the companies whose entries
 * `GET auditoria` lists. A domain with such an entity exports one (`GOALS_AUDIT_SCOPES`,
 * `PARAMETERS_AUDIT_SCOPES`) and the composition root lists it (`domains.ts`, AUDIT_SCOPES), so
 * audit/ knows no domain. An entity without one is system-wide: every company's entries are listed.
 */
export type AuditCompanyScope = (db: Executor, auth: AuthContext) => Promise<number[]>;

/** The company scope of each per-company audited entity (`AppContext.auditScopes`). */
export type AuditScopes = Partial<Record<AuditEntity, AuditCompanyScope>>;

/** A record's audited fields by wire name (JSON values: text, number, boolean, null, arrays, objects). */
export type AuditSnapshot = Record<string, unknown>;

/** One change to record. */
export interface AuditRecord {
  actor: AuditActor;
  entity: AuditEntity;
  recordId: number | string;
  action: AuditAction;
  /** The record before the change (null or absent on create). */
  before?: AuditSnapshot | null;
  /** The record after the change (null or absent on delete). */
  after?: AuditSnapshot | null;
  /**
   * Fields holding secrets (passwords, hashes): their values are written as '***' (or null when
   * empty), so the trail says a secret changed without keeping it.
   */
  secretFields?: readonly string[];
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The changed fields between two snapshots: on create every field of `after` that is not null,
 * on delete every field of `before` that is not null, on update the fields whose JSON differs.
 * Secret fields are masked. Field order follows `after`, then the fields only in `before`.
 */
export function diffSnapshots(before: AuditSnapshot | null | undefined, after: AuditSnapshot | null | undefined, secretFields: readonly string[] = []): AuditChange[] {
  const mask = (field: string, value: unknown) => (secretFields.includes(field) ? (value === null || value === undefined || value === '' ? null : AUDIT_SECRET_MASK) : (value ?? null));
  const fields = [...new Set([...Object.keys(after ?? {}), ...Object.keys(before ?? {})])];
  const changes: AuditChange[] = [];
  for (const campo of fields) {
    const old = before?.[campo] ?? null;
    const now = after?.[campo] ?? null;
    if (same(old, now)) continue;
    changes.push({ campo, antes: mask(campo, old), depois: mask(campo, now) });
  }
  return changes;
}

/**
 * Writes one audit entry. Call it with the transaction that makes the change, so the change and
 * its trail are written together or not at all. An update that changed nothing is not recorded
 * (except SENHA, ATIVACAO, INATIVACAO and EXCLUSAO, which are events in themselves).
 */
export async function recordAudit(db: Executor, entry: AuditRecord): Promise<void> {
  await recordAudits(db, [entry]);
}

/**
 * Writes many audit entries (the product import writes one per product of a batch of 1,000), with
 * `recordAudit`'s rules; same transaction advice. More than one entry goes as ONE JSON parameter
 * through `jsonb_to_recordset`: as a VALUES list of 7,000 parameters a batch of 1,000 took 51 ms
 * and grew the process by about 150 MB over an import of 100,000 products (bench:product-import).
 */
export async function recordAudits(db: Executor, entries: readonly AuditRecord[]): Promise<void> {
  const values = entries.flatMap((entry) => {
    const changes = diffSnapshots(entry.before, entry.after, entry.secretFields);
    if (changes.length === 0 && (entry.action === 'ALTERACAO' || entry.action === 'PERMISSAO')) return [];
    return [
      {
        userId: entry.actor.userId,
        userName: entry.actor.userName,
        companyId: entry.actor.companyId,
        entity: entry.entity,
        recordId: String(entry.recordId),
        action: entry.action,
        changes,
      },
    ];
  });
  if (values.length === 0) return;
  if (values.length === 1) {
    await db.insert(auditLog).values(values);
    return;
  }
  const rows = values.map((v) => ({ usuario_id: v.userId, nome_usuario: v.userName, empresa_id: v.companyId, entidade: v.entity, id_registro: v.recordId, acao: v.action, alteracoes: v.changes }));
  await db.execute(sql`INSERT INTO auditoria (usuario_id, nome_usuario, empresa_id, entidade, id_registro, acao, alteracoes)
    SELECT usuario_id, nome_usuario, empresa_id, entidade, id_registro, acao, alteracoes
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      AS r(usuario_id int, nome_usuario varchar, empresa_id int, entidade varchar, id_registro varchar, acao varchar, alteracoes jsonb)`);
}

/**
 * `GET auditoria?entidade=&idRegistro=`: the trail of one entity (or one record of it), newest
 * first, paged. Readable with the role of the screen that edits the entity (AUDIT_ENTITY_ROLES).
 * Entries of per-company entities are scoped by their `scopes` entry (those of system-wide
 * entities are listed whatever company made them); today `acesso-api` (parameters: the caller's
 * selected company) and `meta` (goals: the companies whose goals the caller may edit).
 * @param scopes the per-company entities' scopes (`AppContext.auditScopes`)
 * @throws DomainError FORBIDDEN (403) without the entity's role in the selected company
 */
export async function listAudit(db: Executor, auth: AuthContext, query: AuditQuery, scopes: AuditScopes = {}): Promise<PagedList<AuditEntry>> {
  if (!hasRole(auth.roles, AUDIT_ENTITY_ROLES[query.entidade])) throw new DomainError('FORBIDDEN', FORBIDDEN_MESSAGE);
  const request = pageRequest(query, { sortable: { data: auditLog.at }, defaultSort: { field: 'data', direction: 'desc' }, tieBreaker: auditLog.id });
  const scope = scopes[query.entidade];
  const visible = scope ? await scope(db, auth) : undefined;
  const companyScope = visible ? inArray(auditLog.companyId, visible.length ? visible : [-1]) : undefined;
  const where = and(eq(auditLog.entity, query.entidade), query.idRegistro ? eq(auditLog.recordId, query.idRegistro) : undefined, companyScope);
  const rows = db.select().from(auditLog).where(where).orderBy(...request.orderBy).limit(request.size).offset(request.offset);
  return pagedResult(
    request,
    rows.then((list) =>
      list.map((r) => ({
        id: r.id,
        data: r.at.toISOString(),
        idUsuario: r.userId,
        nomeUsuario: r.userName,
        idEmpresa: r.companyId,
        entidade: r.entity,
        idRegistro: r.recordId,
        acao: r.action as AuditAction,
        alteracoes: r.changes,
      })),
    ),
    db.$count(auditLog, where),
  );
}
