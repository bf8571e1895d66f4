import type { z } from 'zod';
import { idNomeSchema, listQuerySchema, pagedListSchema } from './common.ts';

/**
 * Choices of the Terminal's subject and publisher filters (issue 16 part 4), readable with
 * ROLE_VISUALIZAR_TERMINAL (the registers' own lists need other roles, and a 403 would end the
 * counter clerk's session, SPEC 8):
 * - `GET produto/terminal/assuntos?term&page&pageSize`: the active subjects of the selected
 *   company's ERP (`erp_assunto`; their ids are what the search's `idAssunto` takes), by name;
 * - `GET produto/terminal/editoras?term&page&pageSize`: the active catalogue publishers
 *   (`editora`; the search's `idEditora`), by name.
 * `term` matches the name ignoring case and accents. Answer: the SPEC paged list of `{id, nome}`.
 */
export const terminalFilterOptionsQuerySchema = listQuerySchema.omit({ status: true, sorter: true, sort: true });
/** Page of one Terminal filter's choices. */
export const terminalFilterOptionsPageSchema = pagedListSchema(idNomeSchema);
/** Query of one Terminal filter's choices. */
export type TerminalFilterOptionsQuery = z.infer<typeof terminalFilterOptionsQuerySchema>;
