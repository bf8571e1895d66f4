import type { ErpEntity } from '@acervo/contracts/erp-protocol';
import { hash32 } from './prng.ts';
import type { StoredRecord } from './store.ts';

/**
 * Malformed records: with `malformadoUmEm` = N > 0, a record version is served malformed when a
 * hash of (seed, company, entity, id, alteradoEm) is a multiple of N, so the same version is
 * always served the same way (whatever the order of requests) and a later version of the record
 * may be valid again. The kind of damage is drawn from the same hash, among those that apply to
 * the entity type; each one fails `parseErpRecord` (the schema, or `erpRecordProblems`).
 */

/** True when this version of the record is served malformed. */
export function isMalformed(seed: number, company: string, entity: ErpEntity, record: StoredRecord, oneIn: number): boolean {
  if (!(oneIn > 0)) return false;
  return malformHash(seed, company, entity, record) % Math.floor(oneIn) === 0;
}

function malformHash(seed: number, company: string, entity: ErpEntity, record: StoredRecord): number {
  return hash32(`${seed}|${company}|${entity}|${record.id}|${record.alteradoEm}`);
}

/** Formats cents as a pt-BR decimal text ("1234,56"): the "money as a string with a comma" damage. */
function commaMoney(cents: unknown): string {
  const n = Number(cents);
  return `${Math.trunc(n / 100)},${String(Math.abs(n % 100)).padStart(2, '0')}`;
}

type Damage = { kind: string; apply: (r: Record<string, unknown>) => void };

/** The damages that apply to each entity type. */
const DAMAGES: Partial<Record<ErpEntity, Damage[]>> = {
  PRODUTO: [
    { kind: 'ean-digito', apply: (r) => (r.ean = String(r.ean).slice(0, 12) + String((Number(String(r.ean)[12]) + 1) % 10)) },
    { kind: 'dinheiro-texto', apply: (r) => (r.precoCentavos = commaMoney(r.precoCentavos)) },
    { kind: 'campo-ausente', apply: (r) => delete r.titulo },
  ],
  VENDA: [
    {
      kind: 'linha-nao-fecha',
      apply: (r) => {
        const itens = (r.itens as Record<string, unknown>[]).map((l) => ({ ...l }));
        itens[0].valorLiquidoCentavos = Number(itens[0].valorLiquidoCentavos) + 100;
        r.itens = itens;
        r.totalCentavos = Number(r.totalCentavos) + 100;
      },
    },
    { kind: 'dinheiro-texto', apply: (r) => (r.totalCentavos = commaMoney(r.totalCentavos)) },
    { kind: 'campo-ausente', apply: (r) => delete r.idCliente },
    { kind: 'total-nao-fecha', apply: (r) => (r.totalCentavos = Number(r.totalCentavos) + 1) },
  ],
  ESTOQUE: [
    { kind: 'campo-ausente', apply: (r) => delete r.fisico },
    { kind: 'quantidade-texto', apply: (r) => (r.fisico = `${String(r.fisico)},0`) },
  ],
  CLIENTE: [
    { kind: 'campo-ausente', apply: (r) => delete r.razaoSocial },
    { kind: 'uf-invalida', apply: (r) => (r.uf = 'XX') },
  ],
};

/** Generic damage of the registers: a required field missing. */
const MISSING_ID_FIELD: Damage = { kind: 'campo-ausente', apply: (r) => delete r.ativo };

/**
 * The malformed copy of a record version (the stored record is not touched).
 * @returns the damaged copy and the kind of damage
 */
export function malform(seed: number, company: string, entity: ErpEntity, record: StoredRecord): { record: Record<string, unknown>; kind: string } {
  const damages = DAMAGES[entity] ?? [MISSING_ID_FIELD];
  const damage = damages[(malformHash(seed, company, entity, record) >>> 8) % damages.length];
  const copy: Record<string, unknown> = { ...record };
  damage.apply(copy);
  return { record: copy, kind: damage.kind };
}
