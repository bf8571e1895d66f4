import { z } from 'zod';

/**
 * Freshness of what reports read (issue 17, Part 5): `GET relatorio/atualizacao` → `{dadosAte}`.
 * Reports, exports and the dashboard read a hot standby when the server has `DATABASE_READ_URL`;
 * while that standby is behind its primary, `dadosAte` is the commit time (ISO 8601, UTC) of the
 * last transaction it replayed, and report screens say "Dados até HH:mm" (São Paulo time). null
 * when the data is current (no standby, or a standby that has caught up).
 */
export const readSideStatusSchema = z.object({ dadosAte: z.string().nullable() });
/** Answer of `GET relatorio/atualizacao`. */
export type ReadSideStatus = z.infer<typeof readSideStatusSchema>;
/** How often a report screen asks again, in ms (as the downloads badge). */
export const READ_SIDE_POLL_MS = 60_000;
