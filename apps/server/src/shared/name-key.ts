/**
 * Matching key of a publisher or imprint name (`nome_chave`): accents removed (Unicode NFD without
 * combining marks), lower case, runs of white space turned into one space, trimmed, at most 300
 * characters. `"  Éditions  Phébus "` → `"editions phebus"`.
 */
export function nameKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 300);
}
