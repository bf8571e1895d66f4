/**
 * `npm run measure -w @acervo/erp-sim -- [titulos] [meses] [empresas]`: generates a data set and
 * prints the figures quoted in docs/erp-simulator.md: generation time (wall and CPU), RSS, records
 * per company and entity type, the mix of documents, then the time to page every record out over
 * HTTP and to compute the statistics. Defaults: the CLI's default set (20000 titles, 24 months, 2).
 */
import { ERP_ENTITIES, type ErpSale } from '@acervo/contracts/erp-protocol';
import { generateErpDataSet, startErpSimulator } from './simulator.ts';

const [titulos = 20_000, meses = 24, empresas = 2] = process.argv.slice(2).map(Number);
const hoje = new Date('2026-11-23T18:00:00.000Z');
const cpu0 = process.cpuUsage();
const data = generateErpDataSet({ titulos, meses, empresas, seed: 1, hoje });
const cpu = process.cpuUsage(cpu0);
global.gc?.();
console.log(`Conjunto ${titulos} títulos, ${meses} meses, ${empresas} empresas`);
console.log(`Geração: ${(data.generationMs / 1000).toFixed(2)} s de relógio, ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s de CPU; RSS ${Math.round(process.memoryUsage().rss / 1_048_576)} MiB`);
let total = 0;
for (const c of data.companies) {
  const counts = ERP_ENTITIES.map((e) => {
    total += c.logs[e].size;
    return `${e}=${c.logs[e].size}`;
  });
  console.log(`  ${c.info.codigo}: ${counts.join(' ')}`);
  const ops = new Map([...c.logs.TIPO_OPERACAO_FISCAL.records()].map((o) => [o.id, `${o.natureza}/${o.cfop}`]));
  const mix = new Map<string, number>();
  let lines = 0;
  let units = 0;
  let billed = 0;
  let cancelled = 0;
  for (const r of c.logs.VENDA.records()) {
    const s = r as unknown as ErpSale;
    const nature = ops.get(s.idTipoOperacaoFiscal)!.split('/')[0];
    mix.set(nature, (mix.get(nature) ?? 0) + 1);
    lines += s.itens.length;
    for (const l of s.itens) units += l.quantidade;
    if (s.cancelada) cancelled++;
    else if (nature === 'VENDA' || nature === 'ACERTO_CONSIGNACAO') billed += s.totalCentavos;
  }
  // Intermittent backlist: in how many months of the window each product sold (invoices, shipments).
  const months = new Map<string, Set<string>>();
  for (const r of c.logs.VENDA.records()) {
    const s = r as unknown as ErpSale;
    if (s.tipo !== 'NOTA') continue;
    for (const l of s.itens) {
      if (!months.has(l.idProduto)) months.set(l.idProduto, new Set());
      months.get(l.idProduto)!.add(s.dataEmissao.slice(0, 7));
    }
  }
  const monthCounts = [...c.logs.PRODUTO.records()].map((p) => months.get(p.id)?.size ?? 0).sort((a, b) => a - b);
  const share = (f: (n: number) => boolean) => `${Math.round((100 * monthCounts.filter(f).length) / monthCounts.length)}%`;
  console.log(`    meses com venda por produto: nenhum ${share((n) => n === 0)}, 1-6 ${share((n) => n >= 1 && n <= 6)}, 7-18 ${share((n) => n >= 7 && n <= 18)}, 19+ ${share((n) => n >= 19)}; mediana ${monthCounts[monthCounts.length >> 1]}`);
  const stock = [...c.logs.ESTOQUE.records()];
  const sum = (f: string) => stock.reduce((a, s) => a + Number(s[f]), 0);
  console.log(`    documentos: ${[...mix.entries()].map(([k, v]) => `${k}=${v}`).join(' ')} canceladas=${cancelled}; linhas=${lines} (${(lines / c.logs.VENDA.size).toFixed(1)}/doc), unidades=${units}, faturado R$ ${(billed / 100).toLocaleString('pt-BR', { maximumFractionDigits: 0 })}`);
  console.log(`    estoque: físico=${sum('fisico')} consignado=${sum('consignado')} bloqueado=${sum('bloqueado')} reservado=${sum('reservado')} pedidoCompra=${sum('pedidoCompra')}; produtos sem estoque físico: ${stock.filter((s) => Number(s.fisico) === 0).length}`);
}
console.log(`Total: ${total} registros`);

const startedAt = performance.now();
const sim = await startErpSimulator({ port: 0, titulos, meses, empresas, seed: 1, hoje, vendasPorMinuto: 0 });
console.log(`startErpSimulator: ${((performance.now() - startedAt) / 1000).toFixed(2)} s até aceitar conexões`);
try {
  const st0 = performance.now();
  const stCpu = process.cpuUsage();
  sim.statistics();
  const stUsed = process.cpuUsage(stCpu);
  console.log(`Primeiro cálculo das estatísticas (contagem e checksum de tudo): ${Math.round(performance.now() - st0)} ms de relógio, ${Math.round((stUsed.user + stUsed.system) / 1000)} ms de CPU`);
  const login = await fetch(`${sim.url}/api/v1/login`, { method: 'POST', body: JSON.stringify({ usuario: 'erp', senha: 'erp' }) });
  const { token } = (await login.json()) as { token: string };
  const started = performance.now();
  const pageCpu = process.cpuUsage();
  let served = 0;
  let bytes = 0;
  for (const code of Object.keys(sim.statistics().empresas))
    for (const entity of ERP_ENTITIES) {
      let cursor = '';
      for (;;) {
        const res = await fetch(`${sim.url}/api/v1/empresas/${code}/registros/${entity}?limite=1000${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { headers: { authorization: `Bearer ${token}` } });
        const text = await res.text();
        bytes += text.length;
        const page = JSON.parse(text) as { itens: unknown[]; cursor: string; temMais: boolean };
        served += page.itens.length;
        cursor = page.cursor;
        if (!page.temMais) break;
      }
    }
  const pagedMs = performance.now() - started;
  const pageUsed = process.cpuUsage(pageCpu);
  const s0 = performance.now();
  const statsRes = await fetch(`${sim.url}/api/v1/estatisticas`, { headers: { authorization: `Bearer ${token}` } });
  await statsRes.text();
  console.log(`HTTP: ${served} registros (${Math.round(bytes / 1_048_576)} MiB de JSON) paginados de 1000 em ${(pagedMs / 1000).toFixed(1)} s (${((pageUsed.user + pageUsed.system) / 1e6).toFixed(1)} s de CPU, cliente e servidor no mesmo processo); estatisticas em ${Math.round(performance.now() - s0)} ms; RSS ${Math.round(process.memoryUsage().rss / 1_048_576)} MiB`);
} finally {
  await sim.close();
}
