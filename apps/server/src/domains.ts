import type { TaskKind } from './schedules/task-kinds.ts';
import { TaskKindRegistry } from './schedules/task-kinds.ts';
import type { DomainQueue } from './jobs/job-queue.ts';
import type { AuditScopes } from './audit/audit.service.ts';
import type { ExportSource } from './shared/export-source.ts';
import { BILLING_EXPORT_SOURCES } from './reports/billing-export.ts';
import { AUTH_TASK_KINDS } from './auth/auth-task-kinds.ts';
import { EMAIL_TASK_KINDS } from './email/email-task-kinds.ts';
import { ERP_TASK_KINDS } from './erp/erp-task-kinds.ts';
import { PRODUCT_IMPORT_TASK_KINDS } from './products/import/import-task-kinds.ts';
import { PRODUCT_IMPORT_QUEUES } from './products/import/import.routes.ts';
import { GOALS_AUDIT_SCOPES } from './goals/goals.service.ts';
import { CLOSING_DAYS_AUDIT_SCOPES } from './dashboard/closing-days.service.ts';
import { PARAMETERS_AUDIT_SCOPES } from './parameters/api-access.service.ts';
import { EXPORTS_TASK_KINDS } from './exports/exports-task-kinds.ts';
import { exportQueues } from './exports/exports.queue.ts';
import { STOCK_REPORT_EXPORT_SOURCES } from './reports/stock-report.service.ts';
import { OPPORTUNITY_REPORT_EXPORT_SOURCES } from './reports/opportunity-report.service.ts';
import { REPLENISHMENT_TASK_KINDS } from './replenishment/calculation/calculation.task-kinds.ts';
import { STOCKOUT_TASK_KINDS } from './replenishment/stockouts/stockouts.task-kinds.ts';
import { REPLENISHMENT_AUDIT_SCOPES } from './replenishment/templates/templates.service.ts';
import { REPLACEMENT_EXPORT_SOURCES } from './replenishment/replacements/replacements.export.ts';
import { REPLACEMENT_AUDIT_SCOPES } from './replenishment/replacements/replacements.service.ts';

/*
 * The composition root's registry of what each domain contributes besides its routes (those are in
 * routes.ts, also part of the root). app.ts (the HTTP server and the tests) and worker.ts read these
 * lists and hand them to the infrastructure: schedules/, jobs/ and audit/ never import a domain.
 * A new domain adds one line per list it contributes to (docs/architecture.md, "Adding a domain").
 */

/** Every domain's scheduled-task kinds (the "Tipo" select; what a run executes). */
export const TASK_KINDS: readonly TaskKind[] = [...AUTH_TASK_KINDS, ...EMAIL_TASK_KINDS, ...ERP_TASK_KINDS, ...PRODUCT_IMPORT_TASK_KINDS, ...EXPORTS_TASK_KINDS, ...REPLENISHMENT_TASK_KINDS, ...STOCKOUT_TASK_KINDS];

/**
 * Every report's exportable lists (issue 17): `POST fila-exportacao/csv|excel` accepts their
 * `origem`, and the export job streams their rows. A report adds `...ITS_EXPORT_SOURCES` here
 * (contract in `shared/export-source.ts`; `origem` unique, checked when the app starts).
 */
export const EXPORT_SOURCES: readonly ExportSource[] = [...STOCK_REPORT_EXPORT_SOURCES, ...BILLING_EXPORT_SOURCES, ...OPPORTUNITY_REPORT_EXPORT_SOURCES, ...REPLACEMENT_EXPORT_SOURCES];

/** Every domain's job queue: declared by every process before the queue starts, worked by the background work. */
export const DOMAIN_QUEUES: readonly DomainQueue[] = [...PRODUCT_IMPORT_QUEUES, ...exportQueues(EXPORT_SOURCES)];

/** The company scope of every per-company audited entity (`GET auditoria`). */
export const AUDIT_SCOPES: AuditScopes = { ...GOALS_AUDIT_SCOPES, ...PARAMETERS_AUDIT_SCOPES, ...CLOSING_DAYS_AUDIT_SCOPES, ...REPLENISHMENT_AUDIT_SCOPES, ...REPLACEMENT_AUDIT_SCOPES };

/**
 * A fresh registry of TASK_KINDS for one process (or one test app).
 * @throws Error when two domains register the same `tipo` or one is malformed
 */
export function createTaskKindRegistry(): TaskKindRegistry {
  return new TaskKindRegistry(TASK_KINDS);
}
