/**
 * HTML named character references that ONIX 2.1 feeds use without declaring them (the 2.1 DTD
 * declares the HTML Latin-1, symbol and special entity sets, so files validated against it carry
 * `&eacute;`, `&mdash;`…). Values from the HTML 4.01 entity sets (W3C, "Character entity
 * references in HTML 4"): Latin-1 (U+00A0–U+00FF in order) plus the special and common symbol ones.
 */
const LATIN1_NAMES = [
  'nbsp', 'iexcl', 'cent', 'pound', 'curren', 'yen', 'brvbar', 'sect', 'uml', 'copy', 'ordf', 'laquo', 'not', 'shy',
  'reg', 'macr', 'deg', 'plusmn', 'sup2', 'sup3', 'acute', 'micro', 'para', 'middot', 'cedil', 'sup1', 'ordm', 'raquo',
  'frac14', 'frac12', 'frac34', 'iquest', 'Agrave', 'Aacute', 'Acirc', 'Atilde', 'Auml', 'Aring', 'AElig', 'Ccedil',
  'Egrave', 'Eacute', 'Ecirc', 'Euml', 'Igrave', 'Iacute', 'Icirc', 'Iuml', 'ETH', 'Ntilde', 'Ograve', 'Oacute', 'Ocirc',
  'Otilde', 'Ouml', 'times', 'Oslash', 'Ugrave', 'Uacute', 'Ucirc', 'Uuml', 'Yacute', 'THORN', 'szlig', 'agrave',
  'aacute', 'acirc', 'atilde', 'auml', 'aring', 'aelig', 'ccedil', 'egrave', 'eacute', 'ecirc', 'euml', 'igrave',
  'iacute', 'icirc', 'iuml', 'eth', 'ntilde', 'ograve', 'oacute', 'ocirc', 'otilde', 'ouml', 'divide', 'oslash',
  'ugrave', 'uacute', 'ucirc', 'uuml', 'yacute', 'thorn', 'yuml',
];

const OTHERS: Record<string, number> = {
  OElig: 0x152, oelig: 0x153, Scaron: 0x160, scaron: 0x161, Yuml: 0x178, fnof: 0x192, circ: 0x2c6, tilde: 0x2dc,
  ensp: 0x2002, emsp: 0x2003, thinsp: 0x2009, zwnj: 0x200c, zwj: 0x200d, lrm: 0x200e, rlm: 0x200f, ndash: 0x2013,
  mdash: 0x2014, lsquo: 0x2018, rsquo: 0x2019, sbquo: 0x201a, ldquo: 0x201c, rdquo: 0x201d, bdquo: 0x201e,
  dagger: 0x2020, Dagger: 0x2021, bull: 0x2022, hellip: 0x2026, permil: 0x2030, prime: 0x2032, Prime: 0x2033,
  lsaquo: 0x2039, rsaquo: 0x203a, oline: 0x203e, frasl: 0x2044, euro: 0x20ac, trade: 0x2122, larr: 0x2190,
  uarr: 0x2191, rarr: 0x2192, darr: 0x2193, harr: 0x2194, minus: 0x2212, le: 0x2264, ge: 0x2265, ne: 0x2260,
  infin: 0x221e, asymp: 0x2248, loz: 0x25ca, spades: 0x2660, clubs: 0x2663, hearts: 0x2665, diams: 0x2666,
  alpha: 0x3b1, beta: 0x3b2, gamma: 0x3b3, delta: 0x3b4, pi: 0x3c0, mu: 0x3bc, Omega: 0x3a9, omega: 0x3c9,
};

/** Entity name → replacement text (the five XML entities are not included: the parser has them). */
export const HTML_ENTITIES: Readonly<Record<string, string>> = Object.freeze({
  ...Object.fromEntries(LATIN1_NAMES.map((name, i) => [name, String.fromCharCode(0xa0 + i)])),
  ...Object.fromEntries(Object.entries(OTHERS).map(([name, cp]) => [name, String.fromCodePoint(cp)])),
});

/**
 * Decodes HTML character references in already-parsed text (e.g. HTML carried as CDATA or
 * double-escaped): named ones from {@link HTML_ENTITIES} plus `&amp; &lt; &gt; &quot; &apos;`,
 * decimal `&#233;` and hex `&#xE9;`. Unknown names are left as they are.
 */
export function decodeHtmlEntities(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|[A-Za-z][A-Za-z0-9]{1,10});/g, (whole, ref: string) => {
    if (ref[0] === '#') {
      const cp = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return cp > 0 && cp <= 0x10ffff ? String.fromCodePoint(cp) : whole;
    }
    switch (ref) {
      case 'amp':
        return '&';
      case 'lt':
        return '<';
      case 'gt':
        return '>';
      case 'quot':
        return '"';
      case 'apos':
        return "'";
      default:
        return HTML_ENTITIES[ref] ?? whole;
    }
  });
}
