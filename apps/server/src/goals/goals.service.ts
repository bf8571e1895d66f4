import {
  GOAL_COMPANY_MESSAGE,
  goalAuditField,
  goalAuditRecordId,
  type AuditAction,
  type FieldMessage,
  type Goal,
  type GoalSaveRequest,
  type GoalYear,
} from '@acervo/contracts';
import type { Db } from '../db/client.ts';
import type { AuthContext } from '../auth/auth-guard.ts';
import { auditActor, recordAudit, type AuditScopes, type AuditSnapshot } from '../audit/audit.service.ts';
import { DomainError } from '../shared/errors.ts';
import { deleteGoals, listGoalCompanies, listGoals, lockCompanies, upsertGoals } from './goals.repository.ts';

/**
 * `GET meta?ano=`: the grid of one year. `empresas` are the companies whose goals the caller may
 * see (active, linked, profile with ROLE_VISUALIZAR_METAS there: `listGoalCompanies`), `itens`
 * their goals of that year in cents.
 */
export async function getGoals(db: Db, auth: AuthContext, year: number): Promise<GoalYear> {
  const empresas = await listGoalCompanies(db, auth.userId);
  const itens = await listGoals(
    db,
    empresas.map((c) => c.id),
    year,
  );
  return { ano: year, empresas, itens };
}

/** The audit snapshot of one company-year: `{mes01: cents, …}` for the months that have a goal. */
function snapshot(months: ReadonlyMap<number, number>): AuditSnapshot {
  const out: AuditSnapshot = {};
  for (const mes of [...months.keys()].sort((a, b) => a - b)) out[goalAuditField(mes)] = months.get(mes);
  return out;
}

/**
 * `PUT meta {ano, itens}`: sets (`valor` in cents) or removes (`valor: null`) the goals listed,
 * all in one transaction; months not listed keep what they had. Items equal to what is stored
 * write nothing. For every company whose goals changed, one audit entry `meta` / `<idEmpresa>-<ano>`
 * with the changed months before and after (`mes01`…`mes12`, cents): CRIACAO when the company had
 * no goal that year, EXCLUSAO when none is left, ALTERACAO otherwise. The entry's company is the
 * goal's company (not the caller's selected one), so its history follows the goals.
 * The body has already passed `goalSaveRequestSchema` (bounds, same year, no duplicates).
 * @returns the year as `GET meta` answers it after the save
 * @throws DomainError VALIDATION (400) naming `itens.N.idEmpresa` for each item of a company whose
 *   goals the caller cannot edit (not linked, inactive company, or no goals role there); nothing
 *   is written
 */
export async function saveGoals(db: Db, auth: AuthContext, body: GoalSaveRequest): Promise<GoalYear> {
  const year = body.ano;
  await db.transaction(async (tx) => {
    const allowed = new Set((await listGoalCompanies(tx, auth.userId)).map((c) => c.id));
    const refused: FieldMessage[] = [];
    body.itens.forEach((item, index) => {
      if (!allowed.has(item.idEmpresa)) refused.push({ field: `itens.${index}.idEmpresa`, message: GOAL_COMPANY_MESSAGE });
    });
    if (refused.length) throw new DomainError('VALIDATION', GOAL_COMPANY_MESSAGE, refused);

    const companyIds = [...new Set(body.itens.map((i) => i.idEmpresa))];
    await lockCompanies(tx, companyIds);
    const stored = new Map<number, Map<number, number>>(companyIds.map((id) => [id, new Map()]));
    for (const goal of await listGoals(tx, companyIds, year)) stored.get(goal.idEmpresa)?.set(goal.mes, goal.valor);

    const upserts: Goal[] = [];
    const actor = auditActor(auth);
    for (const companyId of companyIds) {
      const before = stored.get(companyId) ?? new Map<number, number>();
      const after = new Map(before);
      const removed: number[] = [];
      for (const item of body.itens) {
        if (item.idEmpresa !== companyId) continue;
        if (item.valor === null) {
          if (after.delete(item.mes)) removed.push(item.mes);
        } else if (after.get(item.mes) !== item.valor) {
          after.set(item.mes, item.valor);
          upserts.push({ idEmpresa: companyId, ano: year, mes: item.mes, valor: item.valor });
        }
      }
      await deleteGoals(tx, companyId, year, removed);
      const action: AuditAction = before.size === 0 ? 'CRIACAO' : after.size === 0 ? 'EXCLUSAO' : 'ALTERACAO';
      const changed = removed.length > 0 || upserts.some((u) => u.idEmpresa === companyId);
      if (changed) {
        await recordAudit(tx, {
          actor: { ...actor, companyId },
          entity: 'meta',
          recordId: goalAuditRecordId(companyId, year),
          action,
          before: snapshot(before),
          after: snapshot(after),
        });
      }
    }
    await upsertGoals(tx, upserts, auth.userId);
  });
  return getGoals(db, auth, year);
}

/**
 * Whose goal history (`GET auditoria?entidade=meta`) a caller reads: the companies whose goals they
 * may edit (`listGoalCompanies`: linked, active, goals role there), the same rows the goals grid
 * shows; `saveGoals` records each entry with the goal's company, not the editor's selected one.
 * Listed by the composition root (`domains.ts`, AUDIT_SCOPES).
 */
export const GOALS_AUDIT_SCOPES: AuditScopes = {
  meta: async (db, auth) => (await listGoalCompanies(db, auth.userId)).map((c) => c.id),
};
