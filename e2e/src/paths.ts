import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** ONIX file imported before the server starts; the catalogue test looks its title up by ISBN. */
export const E2E_ONIX_FIXTURE = path.join(ROOT, 'apps/server/src/products/onix/fixtures/onix30-reference.xml');
