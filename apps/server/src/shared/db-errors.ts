/** Database-error helpers shared by every domain that maps a constraint violation to a 409 or 400. */

/**
 * The SQLSTATE of a database error, wherever the driver put it: node-postgres and PGlite set
 * `code` on the error, Drizzle wraps it as the `cause` of a DrizzleQueryError.
 * @returns e.g. '23505' (unique violation), '23503' (foreign-key violation), or undefined
 */
export function pgErrorCode(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** The constraint a database error names (unique index or foreign key), when the driver gives it. */
export function pgConstraint(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const name = (e as { constraint?: unknown }).constraint;
    if (typeof name === 'string') return name;
  }
  return undefined;
}

/** SQLSTATE of a unique violation. */
export const UNIQUE_VIOLATION = '23505';
/** SQLSTATE of a foreign-key violation. */
export const FOREIGN_KEY_VIOLATION = '23503';
