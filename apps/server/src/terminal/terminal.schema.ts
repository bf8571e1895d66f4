import { pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * Vocabulary of the Terminal's typo tolerance (migration 0011; docs/terminal-search.md): every
 * distinct normalised word (accent- and case-folded, 4+ letters or digits) of catalogue titles,
 * subtitles, collections, contributor names, publisher and imprint names. Written only by triggers
 * on `produto`, `produto_contribuidor`, `editora` and `selo` (insert-only: a word no product uses
 * any more stays and matches nothing).
 */
export const terminalVocabulary = pgTable('terminal_vocabulo', {
  word: text('palavra').primaryKey(),
});

/**
 * Deletion neighbourhood of each vocabulary word (migration 0019, SymSpell): `variant` is the word
 * itself or the word with 1 character deleted (2 for words of 7+ characters; SQL function
 * `acervo_delecoes`). The corrections of a typed word are the words owning one of its own
 * deletions. Written only by the trigger on `terminal_vocabulo`.
 */
export const terminalVocabularyVariants = pgTable(
  'terminal_vocabulo_variante',
  {
    variant: text('variante').notNull(),
    word: text('palavra').notNull(),
  },
  (t) => [primaryKey({ name: 'terminal_vocabulo_variante_pk', columns: [t.variant, t.word] })],
);
