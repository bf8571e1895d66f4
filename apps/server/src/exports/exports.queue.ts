import type { DomainQueue } from '../jobs/job-queue.ts';
import type { ExportSource } from '../shared/export-source.ts';
import { indexExportSources } from '../shared/export-source.ts';
import { openReadDatabase } from '../db/read-database.ts';
import { EXPORT_QUEUE, runExport, type ExportJob } from './exports.service.ts';

/**
 * The export queue (pg-boss queue `fila_exportacao`), built by the composition root with the list
 * of sources (`domains.ts`: DOMAIN_QUEUES gets `...exportQueues(EXPORT_SOURCES)`): declared by
 * every process, worked by the background work of `npm start` and `npm run worker` — one export at
 * a time per process (2 cores; an export is CPU-bound), no retry (a failure is the item's ERRO),
 * a job active for more than an hour is failed by pg-boss's maintenance. Each item is written once
 * whatever the number of processes: pg-boss hands a job to one worker (`SKIP LOCKED`) and
 * `runExport` claims the item with a conditional UPDATE. The rows are read from the
 * DATABASE_READ_URL standby when one is set (status and progress are written on the primary).
 */
export function exportQueues(sources: readonly ExportSource[]): DomainQueue[] {
  const byOrigin = indexExportSources(sources);
  return [
    {
      name: EXPORT_QUEUE,
      definition: { retryLimit: 0, expireInSeconds: 60 * 60 },
      work: ({ queue, database, config }, { pollingIntervalMs }) => {
        // rows are read where reports read: the DATABASE_READ_URL standby when set (one pool per process)
        const readDatabase = openReadDatabase(config.databaseReadUrl, database).database;
        return queue.work<ExportJob>(
          EXPORT_QUEUE,
          async (jobs, signal) => {
            for (const job of jobs) await runExport({ database, readDatabase, dataDir: config.dataDir, sources: byOrigin }, job.data.idExportacao, signal);
          },
          { concurrency: 1, batchSize: 1, pollingIntervalMs },
        );
      },
    },
  ];
}
