import { sql, type SQL } from 'drizzle-orm';

/**
 * The billing rules (docs/reports.md "Billing rules"), in ONE place for every reader of sales:
 * the billing report and its rollups (this domain), and later the dashboard and replenishment.
 *
 * 1. A cancelled document (`erp_venda.cancelada`) never counts, nor a placeholder document
 *    (`alterado_em_erp IS NULL`: only referred to, not received yet).
 * 2. Only fiscal operations whose `natureza` is in `BILLING_NATURES` count as billing (VENDA,
 *    ACERTO_CONSIGNACAO); consignment shipments (CONSIGNACAO), bonuses (BONIFICACAO), OUTRA and an
 *    operation still a placeholder (natureza NULL) do not.
 * 3. A return (tipo DEVOLUCAO) counts on ITS OWN date, but on the row of what it returns: the
 *    returned invoice's client, seller, state and fiscal operation, and the returned line's product
 *    (`linha_origem`; the return line's own product when that line is not found). So a return
 *    counts only when its invoice is stored, not cancelled, and of a billing operation. Its value is
 *    its own line's `valor_liquido_centavos`, subtracted from the gross when "consider returns" is
 *    on (`considerarDevolucoes`), shown apart (`devolucoesCentavos`) always.
 * 4. Gross (`bruto`) = Σ invoice line net values (after discount, before freight); quantity =
 *    Σ invoice line units (minus returned units when returns are considered); `notas` = distinct
 *    invoices (returns are not invoices).
 */

/** Natures of `erp_tipo_operacao_fiscal` that are billing (rule 2). Configurable later (issue 17). */
export const BILLING_NATURES = ['VENDA', 'ACERTO_CONSIGNACAO'] as const;

/** `natureza IN (…)` of the billing natures, for an operation alias (`o`). */
export function billingNature(operationAlias: string): SQL {
  return sql.raw(`${operationAlias}.natureza IN (${BILLING_NATURES.map((n) => `'${n}'`).join(', ')})`);
}

/**
 * The billing lines (rules 1 and 3) as one SELECT, before the nature rule: one row per line of an
 * invoice or of a counted return, with the columns
 * `empresa_id, data (date of the document), venda_id (the document), devolucao (boolean),
 * produto_id, cliente_id, vendedor_id (0 when none), uf ('' when none), operacao_id (0 when none),
 * quantidade (units, positive), valor_centavos (line net, positive)`; cliente, vendedor, uf,
 * operacao and (for returns) produto are the returned invoice's.
 * `where(doc, invoice)` restricts the rows: `doc` is the alias of the document the line belongs to
 * (`v` an invoice, `r` a return), `invoice` the alias of the invoice it counts for (`v` itself, or
 * `o` the invoice a return returns), e.g. (d) => sql`${d}.empresa_id = 1`.
 * Every reader (rollups, their rebuild, the report's line fallback, tests' comparisons through the
 * rollups) derives from this text, so they cannot disagree.
 */
export function billingLinesSql(where: (doc: 'v' | 'r', invoice: 'v' | 'o') => SQL): SQL {
  return sql`SELECT v.empresa_id, v.data_emissao AS data, v.id AS venda_id, false AS devolucao, i.produto_id,
      COALESCE(v.cliente_id, 0) AS cliente_id, COALESCE(v.vendedor_id, 0) AS vendedor_id, COALESCE(v.uf, '') AS uf,
      COALESCE(v.tipo_operacao_fiscal_id, 0) AS operacao_id, i.quantidade, i.valor_liquido_centavos AS valor_centavos
    FROM erp_venda v JOIN erp_venda_item i ON i.venda_id = v.id
    WHERE v.tipo = 'NOTA' AND v.cancelada = false AND v.alterado_em_erp IS NOT NULL AND ${where('v', 'v')}
    UNION ALL
    SELECT r.empresa_id, r.data_emissao, r.id, true, COALESCE(oi.produto_id, ri.produto_id),
      COALESCE(o.cliente_id, 0), COALESCE(o.vendedor_id, 0), COALESCE(o.uf, ''),
      COALESCE(o.tipo_operacao_fiscal_id, 0), ri.quantidade, ri.valor_liquido_centavos
    FROM erp_venda r
    JOIN erp_venda_item ri ON ri.venda_id = r.id
    JOIN erp_venda o ON o.id = r.documento_origem_id AND o.tipo = 'NOTA' AND o.cancelada = false AND o.alterado_em_erp IS NOT NULL
    LEFT JOIN erp_venda_item oi ON oi.venda_id = o.id AND oi.linha = ri.linha_origem
    WHERE r.tipo = 'DEVOLUCAO' AND r.cancelada = false AND r.alterado_em_erp IS NOT NULL AND ${where('r', 'o')}`;
}

/**
 * Net value of a set of billing figures (rule 3): gross minus returns when `considerReturns`,
 * gross otherwise. Cents in, cents out.
 */
export function netCents(grossCents: number, returnsCents: number, considerReturns: boolean): number {
  return considerReturns ? grossCents - returnsCents : grossCents;
}

/** Average ticket in cents (net / invoices, rounded half up; 0 without invoices). */
export function averageTicketCents(netCentsValue: number, invoices: number): number {
  return invoices > 0 ? Math.round(netCentsValue / invoices) : 0;
}
