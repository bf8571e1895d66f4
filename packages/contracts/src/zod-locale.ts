import { z } from 'zod';
import ptBR from 'zod/v4/locales/pt-BR.js';

/**
 * Every zod message not written by hand is Brazilian Portuguese (zod's pt-BR locale), on the server
 * and in the web alike: a schema without its own message never answers in English. Imported for
 * its effect by `index.ts` (listed in this package's `sideEffects`).
 */
z.config(ptBR());
