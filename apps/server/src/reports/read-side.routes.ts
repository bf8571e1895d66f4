import { readSideStatusSchema } from '@acervo/contracts';
import type { DomainRoutes } from '../shared/context.ts';
import { AUTH_ERRORS } from '../shared/api-schemas.ts';

/**
 * `GET relatorio/atualizacao` → `{dadosAte: ISO | null}` (issue 17, Part 5): how current the data
 * reports read is. `dadosAte` is the replay time of a lagging `DATABASE_READ_URL` standby
 * (`ctx.readDb.staleSince()`), null when reports read current data. Open to every signed-in user
 * (every report screen asks, whatever its role); it says nothing about any company's data.
 */
export const readSideRoutes: DomainRoutes = (api, ctx) => {
  api.get(
    '/relatorio/atualizacao',
    {
      schema: {
        tags: ['relatorios'],
        summary: 'Até quando vão os dados que os relatórios leem (réplica de leitura)',
        security: [{ bearer: [] }],
        response: { 200: readSideStatusSchema, ...AUTH_ERRORS },
      },
    },
    async () => {
      const stale = await ctx.readDb.staleSince();
      return { dadosAte: stale ? stale.toISOString() : null };
    },
  );
};
