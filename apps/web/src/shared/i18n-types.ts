/** Languages of the interface: pt-BR (default and fallback) and en-US (SPEC section 1). */
export type Language = 'pt-BR' | 'en-US';

/** Nested translation texts of one language. */
export interface Messages {
  [key: string]: string | Messages;
}

/** A feature's translations, one tree per language, keyed by feature (`products.fields.title`). */
export type FeatureMessages = Record<Language, Messages>;
