import { pgTable, text } from 'drizzle-orm/pg-core';

/**
 * Vocabulary of the Terminal's typo tolerance (migration 0011; docs/terminal-search.md): every
 * distinct normalised word (accent- and case-folded, 4+ letters or digits) of catalogue titles,
 * subtitles, collections, contributor names, publisher and imprint names. Written only by triggers
 * on `produto`, `produto_contribuidor`, `editora` and `selo` (insert-only: a word no product uses
 * any more stays and matches nothing). Trigram-indexed (`terminal_vocabulo_trgm`, in the migration).
 */
export const terminalVocabulary = pgTable('terminal_vocabulo', {
  word: text('palavra').primaryKey(),
});
