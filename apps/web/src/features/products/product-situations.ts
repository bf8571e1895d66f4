/** One ONIX code list 65 (product availability) code with its pt-BR label. */
export interface ProductSituation {
  code: string;
  label: string;
}

/**
 * ONIX for Books code list 65 "Product availability" (issue 73), with pt-BR labels. Used by the
 * catalogue's situation filter; the server filters `situacao` by these codes.
 */
export const PRODUCT_SITUATIONS: readonly ProductSituation[] = [
  { code: '01', label: 'Cancelado' },
  { code: '09', label: 'Ainda não disponível, adiado indefinidamente' },
  { code: '10', label: 'Ainda não disponível' },
  { code: '11', label: 'Aguardando estoque' },
  { code: '12', label: 'Ainda não disponível, será impressão sob demanda' },
  { code: '20', label: 'Disponível' },
  { code: '21', label: 'Em estoque' },
  { code: '22', label: 'Sob encomenda' },
  { code: '23', label: 'Impressão sob demanda' },
  { code: '30', label: 'Temporariamente indisponível' },
  { code: '31', label: 'Sem estoque' },
  { code: '32', label: 'Em reimpressão' },
  { code: '33', label: 'Aguardando reedição' },
  { code: '34', label: 'Temporariamente retirado de venda' },
  { code: '40', label: 'Indisponível' },
  { code: '41', label: 'Indisponível, substituído por novo produto' },
  { code: '42', label: 'Indisponível, disponível em outro formato' },
  { code: '43', label: 'Não mais fornecido por nós' },
  { code: '44', label: 'Solicitar diretamente à editora' },
  { code: '45', label: 'Não vendido separadamente' },
  { code: '46', label: 'Retirado de venda' },
  { code: '47', label: 'Saldo de estoque (ponta de estoque)' },
  { code: '48', label: 'Indisponível, substituído por impressão sob demanda' },
  { code: '49', label: 'Recolhido' },
  { code: '50', label: 'Não vendido como conjunto' },
  { code: '51', label: 'Indisponível, esgotado pela editora' },
  { code: '52', label: 'Indisponível, editora não vende mais neste mercado' },
  { code: '97', label: 'Sem atualização recente' },
  { code: '98', label: 'Não recebe mais atualizações' },
  { code: '99', label: 'Consultar o fornecedor' },
];

/** pt-BR label of a code list 65 code, or the code itself when unknown; '' for null. */
export function situationLabel(code: string | null | undefined): string {
  if (!code) return '';
  return PRODUCT_SITUATIONS.find((s) => s.code === code)?.label ?? code;
}

/** Colour group of a situation chip: available (2x), not yet (0x/1x), unavailable (3x–5x), other. */
export function situationTone(code: string | null | undefined): 'success' | 'info' | 'warning' | 'error' | 'default' {
  if (!code) return 'default';
  const first = code[0];
  if (first === '2') return 'success';
  if (first === '0' || first === '1') return 'info';
  if (first === '3') return 'warning';
  if (first === '4' || first === '5') return 'error';
  return 'default';
}
