/**
 * Name of an ONIX (ISO 639-2/B) language code in the interface language, e.g. 'por' → 'português'
 * (the browser's `Intl.DisplayNames` knows the three-letter codes), else the code list's English
 * description, else the code itself; '' for none.
 */
export function languageLabel(code: string | null, description: string | null, locale: string): string {
  if (!code) return '';
  try {
    const name = new Intl.DisplayNames([locale], { type: 'language', fallback: 'none' }).of(code);
    if (name) return name;
  } catch {
    // not a code Intl knows: fall through
  }
  return description ?? code;
}

/** A code with its code-list label: 'RRP including tax (02)', or the code alone without a label. */
export function codeWithLabel(code: string, label: string | null): string {
  return label ? `${label} (${code})` : code;
}
