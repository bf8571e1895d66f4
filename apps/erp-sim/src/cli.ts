#!/usr/bin/env node
/**
 * `npm run erp:sim -- [flags]`: runs the ERP simulator as a program until Ctrl+C. Prints the URL,
 * the data set's size per company and entity type, the generation time and the process RSS.
 * Flags (Portuguese, as issue 7 writes them): see `--help` and docs/erp-simulator.md.
 */
import { parseArgs } from 'node:util';
import { ERP_ENTITIES } from '@acervo/contracts/erp-protocol';
import { startErpSimulator, type ErpFaults, type ErpSimulatorOptions } from './index.ts';

const HELP = `Simulador de ERP do Acervo (distribuidora de livros)

Uso: npm run erp:sim -- [opções]

Dados (gerados de forma determinística a partir da semente):
  --titulos N            títulos no catálogo (padrão 20000)
  --meses N              meses de histórico de vendas (padrão 24)
  --empresas N           empresas DEMO01…DEMOnn (padrão 2)
  --seed N               semente (padrão 1)
  --hoje ISO             "agora" simulado em que o histórico termina (padrão: agora)
Servidor:
  --porta N              porta HTTP (padrão 4010; 0 = qualquer livre)
  --host ENDEREÇO        endereço (padrão 127.0.0.1)
  --usuario U --senha S  login da API (padrão erp / erp)
  --vendas-por-minuto N  novas vendas por minuto por empresa enquanto roda (padrão 6; 0 = nenhuma)
  --log                  uma linha por requisição
Falhas (alteráveis em execução com PUT /api/v1/controle/falhas):
  --latencia-ms N        latência somada a cada resposta
  --erro5xx P            fração 0..1 de respostas 500/502/503
  --timeout P            fração 0..1 de requisições nunca respondidas
  --malformado-um-em N   1 em N registros servido malformado (0 = nenhum)
  --queda-conexao P      fração 0..1 de páginas com a conexão derrubada no meio do corpo
  --help                 esta ajuda
`;

/** Parses a numeric flag; exits with a pt-BR message when it is not a number. */
function num(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n)) {
    console.error(`Valor inválido para --${name}: ${value}`);
    process.exit(2);
  }
  return n;
}

async function main(): Promise<void> {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      options: {
        titulos: { type: 'string' }, meses: { type: 'string' }, empresas: { type: 'string' }, seed: { type: 'string' }, hoje: { type: 'string' },
        porta: { type: 'string' }, host: { type: 'string' }, usuario: { type: 'string' }, senha: { type: 'string' },
        'vendas-por-minuto': { type: 'string' }, 'latencia-ms': { type: 'string' }, erro5xx: { type: 'string' }, timeout: { type: 'string' },
        'malformado-um-em': { type: 'string' }, 'queda-conexao': { type: 'string' }, log: { type: 'boolean' }, help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${HELP}`);
    process.exit(2);
  }
  if (values.help) {
    console.log(HELP);
    return;
  }
  const s = (k: string) => values[k] as string | undefined;
  const falhas: Partial<ErpFaults> = {};
  const faultFlags: [keyof ErpFaults, string][] = [['latenciaMs', 'latencia-ms'], ['erro5xx', 'erro5xx'], ['timeout', 'timeout'], ['malformadoUmEm', 'malformado-um-em'], ['quedaConexao', 'queda-conexao']];
  for (const [key, flag] of faultFlags) {
    const v = num(flag, s(flag));
    if (v !== undefined) falhas[key] = v;
  }
  const hoje = s('hoje');
  if (hoje !== undefined && Number.isNaN(Date.parse(hoje))) {
    console.error(`Valor inválido para --hoje: ${hoje}`);
    process.exit(2);
  }
  const options: ErpSimulatorOptions = {
    titulos: num('titulos', s('titulos')),
    meses: num('meses', s('meses')),
    empresas: num('empresas', s('empresas')),
    seed: num('seed', s('seed')),
    port: num('porta', s('porta')),
    host: s('host'),
    usuario: s('usuario'),
    senha: s('senha'),
    vendasPorMinuto: num('vendas-por-minuto', s('vendas-por-minuto')),
    hoje: hoje ? new Date(hoje) : undefined,
    falhas,
    log: Boolean(values.log),
  };
  console.log('Gerando os dados do ERP simulado…');
  const started = performance.now();
  let sim;
  try {
    sim = await startErpSimulator(options);
  } catch (error) {
    console.error(`Não foi possível iniciar o simulador: ${(error as Error).message}`);
    process.exit(1);
  }
  const seconds = (performance.now() - started) / 1000;
  const stats = sim.statistics();
  let total = 0;
  const rows: string[] = [];
  for (const [code, entities] of Object.entries(stats.empresas)) {
    const parts = ERP_ENTITIES.map((e) => {
      total += entities[e].registros + (entities[e].malformados ?? 0);
      return `${e}=${entities[e].registros + (entities[e].malformados ?? 0)}`;
    });
    rows.push(`  ${code}: ${parts.join(' ')}`);
  }
  console.log(`Simulador de ERP em ${sim.url}/api/v1 (login ${options.usuario ?? 'erp'}/${options.senha ?? 'erp'})`);
  console.log(`Dados: ${total} registros, gerados em ${seconds.toFixed(1)} s; RSS ${Math.round(process.memoryUsage().rss / 1_048_576)} MiB`);
  for (const row of rows) console.log(row);
  console.log('Ctrl+C para encerrar.');
  const stop = () => {
    void sim.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

void main();
