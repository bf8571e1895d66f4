import { formatCnpj, type OrderClient } from '@acervo/contracts';
import type { PickerOption } from '../../../shared/forms/paged-autocomplete.tsx';

/** A CNPJ (14 digits) with its mask; a CPF (11 digits) as 000.000.000-00. */
export function formatDocument(documento: string): string {
  if (documento.length === 11) return documento.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');
  return formatCnpj(documento);
}

/**
 * A client of `GET cliente` as a picker option: label `Nome (Fantasia) · CNPJ · Município/UF`,
 * value its id, the row kept in `data`.
 */
export function clientOption(row: OrderClient): PickerOption {
  const name = row.nomeFantasia && row.nomeFantasia !== row.nome ? `${row.nome} (${row.nomeFantasia})` : row.nome;
  return { value: row.id, label: `${name} · ${formatDocument(row.documento)} · ${row.municipio}/${row.uf}`, data: row };
}
