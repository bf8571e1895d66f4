import { sql } from 'drizzle-orm';
import { CLOSING_DAY_REPEATED_MESSAGE, CLOSING_DAY_YEAR_MESSAGE, closingDaysAuditRecordId, type ClosingDaysResponse, type ClosingDaysSave } from '@acervo/contracts';
import type { Db, Executor } from '../db/client.ts';
import { resultRows } from '../db/rows.ts';
import { fieldError } from '../shared/errors.ts';
import type { AuthContext } from '../shared/request-auth.ts';
import { auditActor, recordAudit, type AuditScopes, type AuditSnapshot } from '../audit/audit.service.ts';
import { listGoalCompanies } from '../goals/goals.repository.ts';

/**
 * The selected company's extra closing days (docs/dashboard.md "Business days"), read and replaced
 * one year at a time.
 */

/** The closing days of `companyId` in `year`, by date. */
async function readYear(db: Executor, companyId: number, year: number): Promise<ClosingDaysResponse> {
  const rows = resultRows<{ data: string; descricao: string; periodo: 'INTEGRAL' | 'MANHA' }>(
    await db.execute(sql`SELECT to_char(data, 'YYYY-MM-DD') AS data, descricao, periodo FROM empresa_dia_fechamento
      WHERE empresa_id = ${companyId}::int AND data BETWEEN ${`${year}-01-01`}::date AND ${`${year}-12-31`}::date ORDER BY data`),
  );
  return { ano: year, dias: rows };
}

/** `GET dashboard/dias-fechamento?ano=`: the closing days of `companyId` (the selected company) in `year`. */
export async function getClosingDays(db: Executor, companyId: number, year: number): Promise<ClosingDaysResponse> {
  return readYear(db, companyId, year);
}

/** Audit snapshot of a year of closing days: `YYYY-MM-DD` → `descricao (PERIODO)`. */
function snapshot(year: ClosingDaysResponse): AuditSnapshot {
  return Object.fromEntries(year.dias.map((d) => [d.data, `${d.descricao} (${d.periodo})`]));
}

/**
 * `PUT dashboard/dias-fechamento {ano, dias}`: replaces the closing days of the caller's selected
 * company in `ano` with `dias`, in one transaction (the company row locked, so two saves run one
 * after the other), and records the change in the audit trail (entity `dia-fechamento`, record
 * `<idEmpresa>-<ano>`, nothing when the list did not change); answers the stored year.
 * @throws DomainError VALIDATION on `dias.N.data` for a day outside `ano` or given twice
 */
export async function saveClosingDays(db: Db, auth: AuthContext, companyId: number, body: ClosingDaysSave): Promise<ClosingDaysResponse> {
  const seen = new Set<string>();
  body.dias.forEach((d, i) => {
    if (!d.data.startsWith(`${body.ano}-`)) throw fieldError(`dias.${i}.data`, CLOSING_DAY_YEAR_MESSAGE);
    if (seen.has(d.data)) throw fieldError(`dias.${i}.data`, CLOSING_DAY_REPEATED_MESSAGE);
    seen.add(d.data);
  });
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT id FROM empresa WHERE id = ${companyId}::int FOR NO KEY UPDATE`);
    const before = snapshot(await readYear(tx, companyId, body.ano));
    await tx.execute(sql`DELETE FROM empresa_dia_fechamento WHERE empresa_id = ${companyId}::int
      AND data BETWEEN ${`${body.ano}-01-01`}::date AND ${`${body.ano}-12-31`}::date`);
    if (body.dias.length > 0) {
      await tx.execute(sql`INSERT INTO empresa_dia_fechamento (empresa_id, data, descricao, periodo)
        SELECT ${companyId}::int, d.data, d.descricao, d.periodo
        FROM jsonb_to_recordset(${JSON.stringify(body.dias)}::jsonb) AS d(data date, descricao text, periodo text)`);
    }
    const stored = await readYear(tx, companyId, body.ano);
    const after = snapshot(stored);
    const count = (o: AuditSnapshot) => Object.keys(o).length;
    if (JSON.stringify(before) !== JSON.stringify(after)) {
      await recordAudit(tx, {
        actor: { ...auditActor(auth), companyId },
        entity: 'dia-fechamento',
        recordId: closingDaysAuditRecordId(companyId, body.ano),
        action: count(before) === 0 ? 'CRIACAO' : count(after) === 0 ? 'EXCLUSAO' : 'ALTERACAO',
        before,
        after,
      });
    }
    return stored;
  });
}

/**
 * Whose closing-day history (`GET auditoria?entidade=dia-fechamento`) a caller reads: the
 * companies whose goals they keep (the role that edits the calendar). Listed by `domains.ts`.
 */
export const CLOSING_DAYS_AUDIT_SCOPES: AuditScopes = {
  'dia-fechamento': async (db, auth) => (await listGoalCompanies(db, auth.userId)).map((c) => c.id),
};
