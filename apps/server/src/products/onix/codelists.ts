/**
 * EDItEUR ONIX code-list descriptions (English), read from the generated
 * `codelists/codelists.json` (ONIX Code Lists Issue 70, © EDItEUR, used under EDItEUR's terms).
 * Regenerate with `npm run codelists -w @acervo/server`.
 */
import fs from 'node:fs';

interface CodelistsFile {
  attribution: string;
  issue: number;
  names: Record<string, string>;
  lists: Record<string, Record<string, string>>;
}

const data = JSON.parse(
  fs.readFileSync(new URL('./codelists/codelists.json', import.meta.url), 'utf8'),
) as CodelistsFile;

/**
 * Lists that EDItEUR retired into another: list 26 (main subject scheme identifier) uses the codes
 * of list 27 (subject scheme identifier) since the lists were merged.
 */
const LIST_ALIASES: Readonly<Record<number, number>> = { 26: 27 };

/** Attribution text for the code-list data (show it wherever descriptions are displayed in bulk). */
export const CODELISTS_ATTRIBUTION: string = data.attribution;

/** The code-list issue number the data comes from (70). */
export const CODELISTS_ISSUE: number = data.issue;

/** Numbers of the code lists available to {@link codeDescription} (including aliases such as 26). */
export function availableCodelists(): number[] {
  return [...Object.keys(data.lists).map(Number), ...Object.keys(LIST_ALIASES).map(Number)].sort((a, b) => a - b);
}

/**
 * English description of an ONIX code, e.g. `codeDescription(17, 'A01')` → `'By (author)'`.
 * The code is matched as given, then trimmed, then (for numeric codes) zero-padded to two digits,
 * so `'1'` finds `'01'`.
 * @param list ONIX code list number (5, 15, 17, 26, 44, 49, 58, 64, 65, 74, 150, 175, 196, …)
 * @param code the code value; `null`/`undefined`/empty give `null`
 * @returns the description, or `null` when the list or code is unknown
 */
export function codeDescription(list: number, code: string | null | undefined): string | null {
  if (code === null || code === undefined) return null;
  const codes = data.lists[String(LIST_ALIASES[list] ?? list)];
  if (!codes) return null;
  const direct = codes[code];
  if (direct !== undefined) return direct;
  const trimmed = code.trim();
  if (!trimmed) return null;
  const found = codes[trimmed] ?? (/^\d$/.test(trimmed) ? codes[`0${trimmed}`] : undefined);
  return found ?? null;
}
