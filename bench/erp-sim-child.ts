/**
 * The ERP simulator in its own process for `erp-sync.bench.ts`, so the bench process's memory and
 * event loop hold only the sync. Options come as JSON in argv[2]; it answers on IPC:
 * `{ready, url}` once listening, `{stats}` to `{cmd:'stats'}`, `{ticked}` to `{cmd:'tick', vendas}`, `{faulted}` to `{cmd:'faults', falhas}`.
 */
import { startErpSimulator } from '@acervo/erp-sim';

const sim = await startErpSimulator({ ...JSON.parse(process.argv[2] ?? '{}'), hoje: new Date('2026-06-01T12:00:00Z') });
process.on('message', (msg: { cmd: string; vendas?: number }) => {
  if (msg.cmd === 'stats') process.send!({ stats: sim.statistics() });
  else if (msg.cmd === 'tick') {
    sim.tick(msg.vendas ?? 0);
    process.send!({ ticked: true });
  } else if (msg.cmd === 'faults') {
    sim.setFaults((msg as { falhas?: object }).falhas ?? {});
    process.send!({ faulted: true });
  } else if (msg.cmd === 'close') void sim.close().then(() => process.exit(0));
});
process.send!({ ready: true, url: sim.url });
