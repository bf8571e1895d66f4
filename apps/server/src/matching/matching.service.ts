/**
 * Matching tables (`correspondencia-*`): list each ERP code the sync stored for the selected
 * company with the count of ERP products naming it (unmatched first), offer Acervo's codes to a
 * picker, and save a match, re-applying it to the affected catalogue products in the same
 * transaction. Decisions (what is an ERP code per kind, which catalogue values a match may
 * overwrite) in `docs/catalogue-matching.md`.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  MATCH_ERP_CODE_NOT_FOUND_MESSAGE,
  MATCH_TARGET_NOT_FOUND_MESSAGE,
  parseSorter,
  toPagedList,
  type MatchItem,
  type MatchKind,
  type MatchListQuery,
  type MatchOption,
  type MatchSaveRequest,
  type MatchSaveResponse,
  type PagedList,
} from '@acervo/contracts';
import type { Db, Executor } from '../db/client.ts';
import type { AuthContext } from '../auth/auth-guard.ts';
import { auditActor, recordAudit } from '../audit/audit.service.ts';
import { DomainError, fieldError } from '../shared/errors.ts';
import { INVALID_SORTER_MESSAGE, termPattern } from '../shared/paging.ts';
import { resultRows } from '../db/rows.ts';
import { nameKey } from '../shared/name-key.ts';

const raw = (text: string): SQL => sql.raw(text);

/** Where Acervo's codes of a kind live: table, code and name expressions, active test, and the width of the catalogue column the code is written to. */
interface TargetSpec {
  table: string;
  code: string;
  name: string;
  active: string;
  /** Widest code the catalogue column takes (null: publisher ids). */
  maxLength: number | null;
}

const TARGETS: Record<MatchKind, TargetSpec> = {
  CATEGORIA_BISAC: { table: 'categoria_bisac', code: 'codigo', name: `codigo || ' - ' || descricao`, active: 'true', maxLength: 9 },
  EDITORA: { table: 'editora', code: 'id::text', name: 'nome', active: 'ativo', maxLength: null },
  CONTRIBUICAO: { table: 'contribuicao', code: 'codigo', name: `codigo || ' - ' || nome`, active: 'ativo', maxLength: 3 },
  ENCADERNACAO: { table: 'encadernacao', code: 'codigo', name: `codigo || ' - ' || nome`, active: 'ativo', maxLength: 2 },
  SITUACAO: { table: 'produto_situacao', code: 'codigo', name: `codigo || ' - ' || nome`, active: 'ativo', maxLength: 3 },
};

/**
 * The ERP codes of a kind for a company, as rows `codigo_erp, descricao_erp, detalhe_erp, padrao,
 * registros`: `padrao` is what the ERP itself says (its BISAC or ONIX code, its publisher name), the
 * value the sync's fill writes to the catalogue when no match exists; `registros` the company's ERP
 * products naming the code (one pass over them, grouped).
 */
function erpCodes(kind: MatchKind, companyId: number): SQL {
  const c = sql`${companyId}::int`;
  const register = (table: string, description: string, own: string, ref: string) =>
    sql`SELECT r.id_erp AS codigo_erp, r.${raw(description)} AS descricao_erp, r.${raw(own)} AS detalhe_erp, r.${raw(own)} AS padrao, coalesce(n.registros, 0)::int AS registros
      FROM ${raw(table)} r
      LEFT JOIN (SELECT ${raw(ref)} AS ref, count(*) AS registros FROM erp_produto WHERE empresa_id = ${c} AND ${raw(ref)} IS NOT NULL GROUP BY ${raw(ref)}) n ON n.ref = r.id
      WHERE r.empresa_id = ${c}`;
  switch (kind) {
    case 'CATEGORIA_BISAC':
      return register('erp_assunto', 'descricao', 'codigo_bisac', 'assunto_id');
    case 'ENCADERNACAO':
      return register('erp_tipo_produto', 'descricao', 'formato_onix', 'tipo_produto_id');
    case 'CONTRIBUICAO':
      return sql`SELECT r.id_erp AS codigo_erp, r.descricao AS descricao_erp, r.codigo_onix AS detalhe_erp, coalesce(r.codigo_onix, 'A01') AS padrao, coalesce(n.registros, 0)::int AS registros
        FROM erp_tipo_contribuicao r
        LEFT JOIN (SELECT c.tipo_contribuicao_id AS ref, count(DISTINCT c.erp_produto_id) AS registros
          FROM erp_produto_contribuidor c JOIN erp_tipo_contribuicao t ON t.id = c.tipo_contribuicao_id
          WHERE t.empresa_id = ${c} GROUP BY c.tipo_contribuicao_id) n ON n.ref = r.id
        WHERE r.empresa_id = ${c}`;
    case 'EDITORA':
      return sql`SELECT r.id_erp AS codigo_erp, r.nome AS descricao_erp,
          r.editora || coalesce(' - CNPJ ' || r.cnpj_editora, '') AS detalhe_erp, r.editora AS padrao, coalesce(n.registros, 0)::int AS registros
        FROM erp_selo r
        LEFT JOIN (SELECT selo_id AS ref, count(*) AS registros FROM erp_produto WHERE empresa_id = ${c} AND selo_id IS NOT NULL GROUP BY selo_id) n ON n.ref = r.id
        WHERE r.empresa_id = ${c}`;
    case 'SITUACAO':
      // the ERP sends an ONIX list 65 code; its label is the one Acervo's picker shows (issue 15)
      return sql`SELECT g.codigo_erp, ps.nome AS descricao_erp, NULL::varchar AS detalhe_erp, g.codigo_erp AS padrao, g.registros
        FROM (SELECT e.situacao AS codigo_erp, count(*)::int AS registros FROM erp_produto e
          WHERE e.empresa_id = ${c} AND e.situacao IS NOT NULL GROUP BY e.situacao) g
        LEFT JOIN produto_situacao ps ON ps.codigo = g.codigo_erp`;
  }
}

/** SQL of the proposal's join: Acervo's code the ERP's own value points at (publishers by normalised name). */
function suggestionJoin(kind: MatchKind): SQL {
  const target = TARGETS[kind];
  if (kind === 'EDITORA') return raw(`LEFT JOIN editora sg ON sg.nome_chave = left(btrim(regexp_replace(acervo_normalize(src.padrao), '\\s+', ' ', 'g')), 300) AND sg.ativo`);
  return raw(`LEFT JOIN ${target.table} sg ON sg.codigo = src.padrao AND ${target.active === 'true' ? 'true' : `sg.${target.active}`}`);
}

/** SQL of the saved target's join (`tg`), from the match row `m`. */
function targetJoin(kind: MatchKind): SQL {
  if (kind === 'EDITORA') return raw('LEFT JOIN editora tg ON tg.id = m.editora_id');
  return raw(`LEFT JOIN ${TARGETS[kind].table} tg ON tg.codigo = m.codigo_acervo`);
}

/** A target's code and name expressions over alias `alias`. */
function targetColumns(kind: MatchKind, alias: string): { code: string; name: string } {
  const t = TARGETS[kind];
  const prefix = (expr: string) => expr.replace(/\b(codigo|descricao|nome|id)\b/g, (m) => `${alias}.${m}`);
  return { code: prefix(t.code), name: prefix(t.name) };
}

interface MatchRow {
  codigo_erp: string;
  descricao_erp: string | null;
  detalhe_erp: string | null;
  registros: number;
  match_id: number | null;
  codigo_acervo: string | null;
  descricao_acervo: string | null;
  sugestao_codigo: string | null;
  sugestao_descricao: string | null;
  ind_metabooks: boolean | null;
  ind_bookinfo: boolean | null;
  data_alteracao: Date | string | null;
  total?: number;
}

function toItem(row: MatchRow): MatchItem {
  return {
    codigoErp: row.codigo_erp,
    descricaoErp: row.descricao_erp,
    detalheErp: row.detalhe_erp,
    registros: Number(row.registros),
    correspondido: row.match_id !== null,
    codigoAcervo: row.codigo_acervo,
    descricaoAcervo: row.descricao_acervo,
    sugestao: row.sugestao_codigo !== null && row.sugestao_descricao !== null ? { codigo: row.sugestao_codigo, descricao: row.sugestao_descricao } : null,
    indMetabooks: row.ind_metabooks ?? false,
    indBookinfo: row.ind_bookinfo ?? false,
    dataAlteracao: row.data_alteracao === null ? null : new Date(row.data_alteracao).toISOString(),
  };
}

/** Wire sort field → SQL over the listing's columns. */
const SORTS = { codigoErp: 'src.codigo_erp', descricaoErp: 'src.descricao_erp', registros: 'src.registros', descricaoAcervo: 'descricao_acervo' } as const;

/** The listing's SELECT (before WHERE/ORDER) for one kind and company. */
function listingSelect(kind: MatchKind, companyId: number): SQL {
  const tg = targetColumns(kind, 'tg');
  const sg = targetColumns(kind, 'sg');
  const code = kind === 'EDITORA' ? 'm.editora_id::text' : 'm.codigo_acervo';
  return sql`SELECT src.codigo_erp, src.descricao_erp, src.detalhe_erp, src.registros, m.id AS match_id,
      ${raw(code)} AS codigo_acervo, ${raw(tg.name)} AS descricao_acervo,
      ${raw(sg.code)} AS sugestao_codigo, ${raw(sg.name)} AS sugestao_descricao,
      m.ind_metabooks, m.ind_bookinfo, m.data_alteracao
    FROM (${erpCodes(kind, companyId)}) src
    LEFT JOIN correspondencia_produto m ON m.empresa_id = ${companyId}::int AND m.tipo = ${kind} AND m.codigo_erp = src.codigo_erp
    ${targetJoin(kind)}
    ${suggestionJoin(kind)}`;
}

/**
 * `GET correspondencia-*`: the company's ERP codes of `kind`, unmatched first, then by `sorter`
 * (default: `registros` descending), then by code; paged. `term` matches code, description and
 * detail (accents and case ignored); `pendentes` filters unmatched / matched.
 * @throws DomainError 400 on `sorter` for a field not in codigoErp, descricaoErp, registros, descricaoAcervo
 */
export async function listMatches(db: Executor, companyId: number, kind: MatchKind, query: MatchListQuery): Promise<PagedList<MatchItem>> {
  let sort;
  try {
    sort = parseSorter(query.sorter ?? query.sort, Object.keys(SORTS) as (keyof typeof SORTS)[]);
  } catch {
    throw fieldError('sorter', INVALID_SORTER_MESSAGE);
  }
  const { field, direction } = sort ?? { field: 'registros' as const, direction: 'desc' as const };
  const size = query.pageSize ?? query.size ?? 10;
  const page = query.page ?? 0;
  const conditions: SQL[] = [sql`true`];
  const pattern = termPattern(query.term);
  if (pattern) conditions.push(sql`acervo_normalize(coalesce(src.codigo_erp, '') || ' ' || coalesce(src.descricao_erp, '') || ' ' || coalesce(src.detalhe_erp, '')) LIKE acervo_normalize(${pattern})`);
  if (query.pendentes === 'true') conditions.push(sql`m.id IS NULL`);
  if (query.pendentes === 'false') conditions.push(sql`m.id IS NOT NULL`);
  const rows = resultRows<MatchRow>(
    await db.execute(sql`SELECT x.*, count(*) OVER () AS total FROM (${listingSelect(kind, companyId)} WHERE ${sql.join(conditions, sql` AND `)}) x
      ORDER BY (x.match_id IS NULL) DESC, ${raw(SORTS[field].replace('src.', 'x.').replace(/^descricao_acervo$/, 'x.descricao_acervo'))} ${raw(direction === 'desc' ? 'DESC NULLS LAST' : 'ASC NULLS LAST')}, x.codigo_erp
      LIMIT ${size} OFFSET ${page * size}`),
  );
  let total = rows.length > 0 ? Number(rows[0].total) : 0;
  if (rows.length === 0 && page > 0) {
    const counted = resultRows<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n FROM (${listingSelect(kind, companyId)} WHERE ${sql.join(conditions, sql` AND `)}) x`));
    total = Number(counted[0].n);
  }
  return toPagedList(rows.map(toItem), page, size, total);
}

/** One ERP code's row of the listing, or undefined. */
async function findMatchRow(db: Executor, companyId: number, kind: MatchKind, erpCode: string): Promise<MatchRow | undefined> {
  const rows = resultRows<MatchRow>(await db.execute(sql`${listingSelect(kind, companyId)} WHERE src.codigo_erp = ${erpCode}`));
  return rows[0];
}

/**
 * `GET correspondencia-*\/opcoes?term`: at most 20 active Acervo codes of `kind` whose code or name
 * matches `term` (accents and case ignored), by code (publishers by name).
 */
export async function listMatchOptions(db: Executor, kind: MatchKind, term: string | undefined): Promise<MatchOption[]> {
  const t = TARGETS[kind];
  const pattern = termPattern(term);
  const search = kind === 'CATEGORIA_BISAC' ? `codigo || ' ' || descricao || ' ' || coalesce(descricao_en, '')` : `${t.code} || ' ' || ${t.name}`;
  const where = pattern ? sql`${raw(t.active)} AND acervo_normalize(${raw(search)}) LIKE acervo_normalize(${pattern})` : raw(t.active);
  const order = kind === 'EDITORA' ? 'nome, id' : 'codigo';
  const rows = resultRows<{ codigo: string; descricao: string }>(
    await db.execute(sql`SELECT ${raw(t.code)} AS codigo, ${raw(t.name)} AS descricao FROM ${raw(t.table)} WHERE ${where} ORDER BY ${raw(order)} LIMIT 20`),
  );
  return rows.map((r) => ({ codigo: String(r.codigo), descricao: r.descricao }));
}

/** Acervo's target of a save, checked: the code as stored, and the publisher id for EDITORA. */
async function checkTarget(tx: Executor, kind: MatchKind, code: string): Promise<{ code: string; publisherId: number | null; metabooks: boolean; bookinfo: boolean }> {
  const t = TARGETS[kind];
  if (kind === 'EDITORA') {
    if (!/^\d{1,9}$/.test(code)) throw fieldError('codigoAcervo', MATCH_TARGET_NOT_FOUND_MESSAGE);
    const rows = resultRows<{ id: number; ind_metabooks: boolean; ind_bookinfo: boolean }>(
      await tx.execute(sql`SELECT id, ind_metabooks, ind_bookinfo FROM editora WHERE id = ${Number(code)}::int AND ativo`),
    );
    if (rows.length === 0) throw fieldError('codigoAcervo', MATCH_TARGET_NOT_FOUND_MESSAGE);
    return { code, publisherId: Number(rows[0].id), metabooks: rows[0].ind_metabooks, bookinfo: rows[0].ind_bookinfo };
  }
  const rows = resultRows<{ codigo: string }>(await tx.execute(sql`SELECT codigo FROM ${raw(t.table)} WHERE codigo = ${code} AND ${raw(t.active)}`));
  if (rows.length === 0) throw fieldError('codigoAcervo', MATCH_TARGET_NOT_FOUND_MESSAGE);
  if (t.maxLength !== null && code.length > t.maxLength) throw fieldError('codigoAcervo', `O código deve ter no máximo ${t.maxLength} caracteres para ser gravado no produto`);
  return { code, publisherId: null, metabooks: false, bookinfo: false };
}

/** The catalogue column each column kind writes, and the catalogue products a code of the company reaches with the ERP's own value (`padrao`). */
const COLUMN_KINDS: Partial<Record<MatchKind, { column: string; products: (companyId: number, erpCode: string, only: SQL) => SQL }>> = {
  CATEGORIA_BISAC: {
    column: 'categoria_bisac',
    products: (c, code, only) => sql`SELECT DISTINCT e.produto_id, r.codigo_bisac AS padrao FROM erp_assunto r JOIN erp_produto e ON e.assunto_id = r.id
      WHERE r.empresa_id = ${c}::int AND r.id_erp = ${code} AND e.produto_id IS NOT NULL${only}`,
  },
  ENCADERNACAO: {
    column: 'formato_produto',
    products: (c, code, only) => sql`SELECT DISTINCT e.produto_id, r.formato_onix AS padrao FROM erp_tipo_produto r JOIN erp_produto e ON e.tipo_produto_id = r.id
      WHERE r.empresa_id = ${c}::int AND r.id_erp = ${code} AND e.produto_id IS NOT NULL${only}`,
  },
  SITUACAO: {
    column: 'situacao',
    products: (c, code, only) => sql`SELECT DISTINCT e.produto_id, e.situacao AS padrao FROM erp_produto e
      WHERE e.empresa_id = ${c}::int AND e.situacao = ${code} AND e.produto_id IS NOT NULL${only}`,
  },
};

/**
 * Re-applies a match of one ERP code to the catalogue products linked to the company's ERP
 * products that name it (in the caller's transaction). A catalogue value is replaced only when it
 * is empty, equals what the ERP itself says (`padrao`: the value the sync's fill wrote), or equals
 * the previous match's target: a value from ONIX or an edit that differs is kept. Rows are locked
 * in ISBN order first (like the sync's writes, so both wait instead of deadlocking).
 * @param previous the target of the match being replaced (null for a new match)
 * @param onlyErpProducts when given, only the catalogue products of these ERP products (surrogate
 *   ids of `erp_produto`: an ERP page just written, see `applyStoredMatches`)
 * @returns the number of catalogue products changed
 */
export async function applyMatch(
  tx: Executor,
  companyId: number,
  kind: MatchKind,
  erpCode: string,
  target: { code: string; publisherId: number | null },
  previous: string | null,
  onlyErpProducts?: readonly number[],
): Promise<number> {
  const only = onlyErpProducts ? sql` AND e.id IN (SELECT value::int FROM jsonb_array_elements_text(${JSON.stringify(onlyErpProducts)}::jsonb))` : sql``;
  const column = COLUMN_KINDS[kind];
  if (column) {
    const col = raw(`p.${column.column}`);
    const rows = resultRows<{ id: number }>(
      await tx.execute(sql`WITH s AS (${column.products(companyId, erpCode, only)}),
        alvo AS (SELECT p.id FROM produto p JOIN s ON s.produto_id = p.id
          WHERE (NULLIF(${col}, '') IS NULL OR ${col} = s.padrao OR ${col} = ${previous}::varchar) AND ${col} IS DISTINCT FROM ${target.code}::varchar
          ORDER BY p.isbn13 FOR NO KEY UPDATE OF p)
        UPDATE produto p SET ${raw(column.column)} = ${target.code}::varchar, data_alteracao = now() FROM alvo WHERE p.id = alvo.id
        RETURNING p.id`),
    );
    return rows.length;
  }
  if (kind === 'CONTRIBUICAO') {
    const rows = resultRows<{ produto_id: number }>(
      await tx.execute(sql`WITH s AS (
          SELECT DISTINCT e.produto_id, c.ordem, coalesce(r.codigo_onix, 'A01') AS padrao
          FROM erp_tipo_contribuicao r
          JOIN erp_produto_contribuidor c ON c.tipo_contribuicao_id = r.id
          JOIN erp_produto e ON e.id = c.erp_produto_id
          WHERE r.empresa_id = ${companyId}::int AND r.id_erp = ${erpCode} AND e.produto_id IS NOT NULL${only})
        UPDATE produto_contribuidor pc SET tipo_contribuicao = ${target.code}::varchar FROM s
        WHERE pc.produto_id = s.produto_id AND pc.ordem = s.ordem
          AND (pc.tipo_contribuicao = s.padrao OR pc.tipo_contribuicao = ${previous}::varchar) AND pc.tipo_contribuicao <> ${target.code}::varchar
        RETURNING pc.produto_id`),
    );
    return new Set(rows.map((r) => Number(r.produto_id))).size;
  }
  // EDITORA: publisher, and the imprint of the ERP's imprint name under it (found or created)
  const imprint = resultRows<{ nome: string | null; editora: string | null }>(
    await tx.execute(sql`SELECT nome, editora FROM erp_selo WHERE empresa_id = ${companyId}::int AND id_erp = ${erpCode}`),
  )[0];
  const publisherId = target.publisherId as number;
  const automatic = imprint?.editora
    ? resultRows<{ id: number }>(await tx.execute(sql`SELECT id FROM editora WHERE nome_chave = ${nameKey(imprint.editora)}`)).map((r) => Number(r.id))[0] ?? null
    : null;
  let imprintId: number | null = null;
  if (imprint?.nome && nameKey(imprint.nome)) {
    await tx.execute(sql`INSERT INTO selo (editora_id, nome, nome_chave) VALUES (${publisherId}::int, ${imprint.nome}, ${nameKey(imprint.nome)}) ON CONFLICT (editora_id, nome_chave) DO NOTHING`);
    imprintId = Number(resultRows<{ id: number }>(await tx.execute(sql`SELECT id FROM selo WHERE editora_id = ${publisherId}::int AND nome_chave = ${nameKey(imprint.nome)}`))[0].id);
  }
  const previousId = previous === null ? null : Number(previous);
  const rows = resultRows<{ id: number }>(
    await tx.execute(sql`WITH s AS (SELECT DISTINCT e.produto_id FROM erp_selo r JOIN erp_produto e ON e.selo_id = r.id
          WHERE r.empresa_id = ${companyId}::int AND r.id_erp = ${erpCode} AND e.produto_id IS NOT NULL${only}),
        alvo AS (SELECT p.id FROM produto p JOIN s ON s.produto_id = p.id
          WHERE (p.editora_id IS NULL OR p.editora_id = ${automatic}::int OR p.editora_id = ${previousId}::int)
            AND (p.editora_id IS DISTINCT FROM ${publisherId}::int OR (p.selo_id IS NULL AND ${imprintId}::int IS NOT NULL))
          ORDER BY p.isbn13 FOR NO KEY UPDATE OF p)
      UPDATE produto p SET
        selo_id = CASE WHEN p.editora_id IS DISTINCT FROM ${publisherId}::int OR p.selo_id IS NULL THEN ${imprintId}::int ELSE p.selo_id END,
        editora_id = ${publisherId}::int, data_alteracao = now()
      FROM alvo WHERE p.id = alvo.id
      RETURNING p.id`),
  );
  return rows.length;
}

/**
 * `PUT correspondencia-*`: saves the match of one of the company's ERP codes and re-applies it to
 * the affected catalogue products (`applyMatch`), with its audit entry (`correspondencia`, record
 * `<TIPO>:<empresa>:<código ERP>`), all in one transaction: a failure leaves nothing changed.
 * EDITORA keeps `indMetabooks`/`indBookinfo` (default: the publisher's flags on a new match, the
 * stored ones on an update).
 * @throws DomainError 404 MATCH_ERP_CODE_NOT_FOUND_MESSAGE for an ERP code the company does not have;
 *   400 on `codigoAcervo` (MATCH_TARGET_NOT_FOUND_MESSAGE) for an unknown or inactive Acervo code;
 *   400 on `indMetabooks`/`indBookinfo` when sent for another kind
 */
export async function saveMatch(db: Db, auth: AuthContext, companyId: number, kind: MatchKind, body: MatchSaveRequest): Promise<MatchSaveResponse> {
  if (kind !== 'EDITORA') {
    if (body.indMetabooks !== undefined) throw fieldError('indMetabooks', 'Somente a correspondência de editora tem este campo');
    if (body.indBookinfo !== undefined) throw fieldError('indBookinfo', 'Somente a correspondência de editora tem este campo');
  }
  return db.transaction(async (tx) => {
    const before = await findMatchRow(tx, companyId, kind, body.codigoErp);
    if (!before) throw new DomainError('NOT_FOUND', MATCH_ERP_CODE_NOT_FOUND_MESSAGE);
    const target = await checkTarget(tx, kind, body.codigoAcervo);
    const metabooks = kind === 'EDITORA' ? (body.indMetabooks ?? (before.match_id !== null ? Boolean(before.ind_metabooks) : target.metabooks)) : false;
    const bookinfo = kind === 'EDITORA' ? (body.indBookinfo ?? (before.match_id !== null ? Boolean(before.ind_bookinfo) : target.bookinfo)) : false;
    await tx.execute(sql`INSERT INTO correspondencia_produto (empresa_id, tipo, codigo_erp, codigo_acervo, editora_id, ind_metabooks, ind_bookinfo, usuario_id)
      VALUES (${companyId}::int, ${kind}, ${body.codigoErp}, ${kind === 'EDITORA' ? null : target.code}::varchar, ${target.publisherId}::int, ${metabooks}, ${bookinfo}, ${auth.userId}::int)
      ON CONFLICT (empresa_id, tipo, codigo_erp) DO UPDATE SET codigo_acervo = excluded.codigo_acervo, editora_id = excluded.editora_id,
        ind_metabooks = excluded.ind_metabooks, ind_bookinfo = excluded.ind_bookinfo, usuario_id = excluded.usuario_id, data_alteracao = now()`);
    const produtosAtualizados = await applyMatch(tx, companyId, kind, body.codigoErp, target, before.codigo_acervo);
    const after = (await findMatchRow(tx, companyId, kind, body.codigoErp)) as MatchRow;
    const snapshot = (row: MatchRow) =>
      row.match_id === null ? null : { codigoAcervo: row.codigo_acervo, descricaoAcervo: row.descricao_acervo, ...(kind === 'EDITORA' ? { indMetabooks: row.ind_metabooks, indBookinfo: row.ind_bookinfo } : {}) };
    await recordAudit(tx, {
      actor: auditActor(auth),
      entity: 'correspondencia',
      recordId: `${kind}:${companyId}:${body.codigoErp}`,
      action: before.match_id === null ? 'CRIACAO' : 'ALTERACAO',
      before: snapshot(before),
      after: { ...snapshot(after), produtosAtualizados },
    });
    return { item: toItem(after), produtosAtualizados };
  });
}
