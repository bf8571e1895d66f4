/** Rows of a query result on either driver (node-postgres `QueryResult` or PGlite `Results`). */
export function resultRows<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
