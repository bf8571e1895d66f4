/**
 * ONIX short-tag → reference-name mapping for the elements the importer reads (ONIX for Books 2.1
 * and 3.0 share short tags for the same element). Composites in short-tag files are the reference
 * name in lower case (`<productidentifier>`), so the parser lower-cases every name and maps the
 * `a001`-style codes below. Source: EDItEUR ONIX for Books Product Information Format
 * Specification, short tags column (checked against EDItEUR's own 3.0 sample in both tag styles).
 */
export const SHORT_TAGS: Readonly<Record<string, string>> = {
  a001: 'RecordReference',
  a002: 'NotificationType',
  a194: 'RecordSourceType',
  a197: 'RecordSourceName',
  b003: 'PublicationDate',
  b004: 'ISBN',
  b005: 'EAN13',
  b012: 'ProductForm',
  b014: 'ProductFormDescription',
  b028: 'DistinctiveTitle',
  b029: 'Subtitle',
  b030: 'TitlePrefix',
  b031: 'TitleWithoutPrefix',
  b034: 'SequenceNumber',
  b035: 'ContributorRole',
  b036: 'PersonName',
  b037: 'PersonNameInverted',
  b038: 'TitlesBeforeNames',
  b039: 'NamesBeforeKey',
  b040: 'KeyNames',
  b041: 'NamesAfterKey',
  b044: 'BiographicalNote',
  b047: 'CorporateName',
  b049: 'ContributorStatement',
  b057: 'EditionNumber',
  b058: 'EditionStatement',
  b059: 'LanguageOfText',
  b061: 'NumberOfPages',
  b064: 'BASICMainSubject',
  b065: 'BICMainSubject',
  b067: 'SubjectSchemeIdentifier',
  b068: 'SubjectSchemeVersion',
  b069: 'SubjectCode',
  b070: 'SubjectHeadingText',
  b079: 'ImprintName',
  b081: 'PublisherName',
  b171: 'SubjectSchemeName',
  b191: 'MainSubjectSchemeIdentifier',
  b202: 'TitleType',
  b203: 'TitleText',
  b218: 'ExtentType',
  b219: 'ExtentValue',
  b220: 'ExtentUnit',
  b221: 'ProductIDType',
  b233: 'IDTypeName',
  b244: 'IDValue',
  b247: 'PrefixToKey',
  b248: 'SuffixToKey',
  b249: 'UnnamedPersons',
  b251: 'CountryCode',
  b252: 'LanguageCode',
  b253: 'LanguageRole',
  b291: 'PublishingRole',
  b306: 'Date',
  b333: 'ProductFormDetail',
  b394: 'PublishingStatus',
  c093: 'MeasureTypeCode',
  c094: 'Measurement',
  c095: 'MeasureUnitCode',
  d102: 'TextTypeCode',
  d103: 'TextFormat',
  d104: 'Text',
  j141: 'AvailabilityCode',
  j148: 'PriceTypeCode',
  j151: 'PriceAmount',
  j152: 'CurrencyCode',
  j260: 'DateFormat',
  j303: 'Territory',
  j396: 'ProductAvailability',
  n386: 'NoEdition',
  x314: 'ProductComposition',
  x315: 'MeasureType',
  x409: 'TitleElementLevel',
  x418: 'ContributorPlaceRelator',
  x425: 'MainSubject',
  x426: 'TextType',
  x427: 'ContentAudience',
  x443: 'CorporateNameInverted',
  x448: 'PublishingDateRole',
  x449: 'CountriesIncluded',
  x450: 'RegionsIncluded',
  x451: 'CountriesExcluded',
  x452: 'RegionsExcluded',
  x462: 'PriceType',
  x501: 'NoPrefix',
};

const LOWER: ReadonlyMap<string, string> = new Map(Object.entries(SHORT_TAGS).map(([k, v]) => [k, v.toLowerCase()]));

/**
 * Internal element key: the local name (namespace prefix dropped), short tags mapped to their
 * reference name, lower-cased. `b203` → `titletext`, `TitleText` → `titletext`, `onix:Product` → `product`.
 */
export function elementKey(qualifiedName: string): string {
  const colon = qualifiedName.indexOf(':');
  const local = (colon >= 0 ? qualifiedName.slice(colon + 1) : qualifiedName).toLowerCase();
  return LOWER.get(local) ?? local;
}
