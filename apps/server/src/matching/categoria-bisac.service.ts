/**
 * BISAC heading list: import (`POST categoria-bisac/importacao`) and the paged list the pickers
 * read (`GET categoria-bisac`). Decisions in `docs/catalogue-matching.md`.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { toPagedList, type BisacCategory, type BisacCategoryListQuery, type BisacImportReport, type PagedList } from '@acervo/contracts';
import type { Db } from '../db/client.ts';
import type { AuthContext } from '../auth/auth-guard.ts';
import { auditActor, recordAudit, type AuditActor } from '../audit/audit.service.ts';
import { pageRequest, termPattern } from '../shared/paging.ts';
import { resultRows } from '../db/rows.ts';
import { bisacCategories } from './matching.schema.ts';
import { judgeBisacRows, parseBisacFile } from './bisac-file.ts';

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

/**
 * Imports a BISAC heading file (JSON or CSV, see `parseBisacFile`) in one transaction: every
 * accepted code is inserted, or updated when its headings changed (a re-import never duplicates:
 * the code is the key; codes absent from the file are kept). Malformed rows and duplicated codes
 * are reported (`judgeBisacRows`). One audit entry (`categoria-bisac`, record `importacao`) with
 * the counts.
 * @param fileName the uploaded file's name (shown in the report)
 * @throws DomainError 400 (field `arquivo`) for an empty, binary, broken or column-less file; nothing is written
 * @returns the report (`bisacImportReportSchema`)
 */
export async function importBisacFile(db: Db, auth: AuthContext, fileName: string, bytes: Uint8Array): Promise<BisacImportReport> {
  return importBisacAs(db, auditActor(auth), fileName, bytes);
}

/**
 * The demo's BISAC list (issue 15, defect 12): on the first start of the demo, imports the file
 * at `file` (`BISAC_FILE`; by default the public Bibliomundi list in `../shared/data/bisac/`, see
 * docs/catalogue-matching.md) as `importBisacFile` does, the audit entry in the name of `actor`
 * (the demo's administrator). The list is not shipped in the repository (BISAC headings are ©
 * BISG, whose terms restrict redistribution), so a missing file is skipped.
 * @returns the report, or null when the file does not exist
 * @throws DomainError 400 as `importBisacFile` for a file that is not a BISAC list
 */
export async function seedDemoBisac(db: Db, actor: AuditActor, file: string): Promise<BisacImportReport | null> {
  let bytes: Uint8Array;
  try {
    bytes = await readFile(file);
  } catch {
    return null;
  }
  return importBisacAs(db, actor, path.basename(file), bytes);
}

/** `importBisacFile` with the audit entry in the name of `actor`. */
async function importBisacAs(db: Db, actor: AuditActor, fileName: string, bytes: Uint8Array): Promise<BisacImportReport> {
  const file = parseBisacFile(bytes);
  const { accepted, duplicados, malformados } = judgeBisacRows(file.rows);
  return db.transaction(async (tx) => {
    const stored = new Map<string, { descricao: string; descricao_en: string | null }>();
    if (accepted.length > 0) {
      const rows = resultRows<{ codigo: string; descricao: string; descricao_en: string | null }>(
        await tx.execute(sql`SELECT codigo, descricao, descricao_en FROM categoria_bisac WHERE codigo IN (SELECT value FROM jsonb_array_elements_text(${json(accepted.map((r) => r.codigo))}))`),
      );
      for (const row of rows) stored.set(row.codigo, row);
    }
    let inseridos = 0;
    let atualizados = 0;
    const changed = accepted.filter((row) => {
      const old = stored.get(row.codigo);
      if (!old) {
        inseridos++;
        return true;
      }
      if (old.descricao === row.descricao && old.descricao_en === row.descricaoEn) return false;
      atualizados++;
      return true;
    });
    if (changed.length > 0) {
      const values = changed.map((r) => ({ codigo: r.codigo, secao: r.codigo.slice(0, 3), descricao: r.descricao, descricao_en: r.descricaoEn }));
      await tx.execute(sql`INSERT INTO categoria_bisac (codigo, secao, descricao, descricao_en)
        SELECT codigo, secao, descricao, descricao_en FROM jsonb_to_recordset(${json(values)}) AS r(codigo varchar, secao varchar, descricao varchar, descricao_en varchar)
        ORDER BY codigo
        ON CONFLICT (codigo) DO UPDATE SET descricao = excluded.descricao, descricao_en = excluded.descricao_en, data_alteracao = now()`);
    }
    const report: BisacImportReport = {
      arquivo: fileName,
      formato: file.formato,
      registros: file.rows.length,
      importados: accepted.length,
      inseridos,
      atualizados,
      inalterados: accepted.length - inseridos - atualizados,
      duplicados,
      malformados,
    };
    await recordAudit(tx, {
      actor,
      entity: 'categoria-bisac',
      recordId: 'importacao',
      action: 'ALTERACAO',
      before: null,
      after: {
        arquivo: fileName,
        registros: report.registros,
        inseridos,
        atualizados,
        inalterados: report.inalterados,
        duplicados: duplicados.map((d) => d.codigo),
        malformados: malformados.map((m) => m.codigo),
      },
    });
    return report;
  });
}

/**
 * `GET categoria-bisac`: BISAC headings ordered by code, paged; `term` matches code and both
 * headings (accents and case ignored, trigram index); `secao` one section; `principais=true` only
 * the `XXX000000` heading of each section.
 */
export async function listBisacCategories(db: Db, query: BisacCategoryListQuery): Promise<PagedList<BisacCategory>> {
  const page = pageRequest<'codigo' | 'descricao'>(query, {
    sortable: { codigo: bisacCategories.code, descricao: bisacCategories.heading },
    defaultSort: { field: 'codigo', direction: 'asc' },
    tieBreaker: bisacCategories.code,
  });
  const conditions = [sql`true`];
  const pattern = termPattern(query.term);
  if (pattern) conditions.push(sql`acervo_normalize(${bisacCategories.code} || ' ' || ${bisacCategories.heading} || ' ' || coalesce(${bisacCategories.headingEn}, '')) LIKE acervo_normalize(${pattern})`);
  if (query.secao) conditions.push(sql`${bisacCategories.section} = ${query.secao.toUpperCase()}`);
  if (query.principais === 'true') conditions.push(sql`${bisacCategories.code} LIKE '___000000'`);
  if (query.principais === 'false') conditions.push(sql`${bisacCategories.code} NOT LIKE '___000000'`);
  const where = sql.join(conditions, sql` AND `);
  const [rows, total] = await Promise.all([
    db
      .select({ codigo: bisacCategories.code, secao: bisacCategories.section, descricao: bisacCategories.heading, descricaoEn: bisacCategories.headingEn })
      .from(bisacCategories)
      .where(where)
      .orderBy(...page.orderBy)
      .limit(page.size)
      .offset(page.offset),
    db.$count(bisacCategories, where),
  ]);
  return toPagedList(rows, page.page, page.size, total);
}
