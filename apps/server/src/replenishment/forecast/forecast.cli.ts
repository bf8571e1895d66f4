/**
 * `npm run forecast -- --input HISTORY.csv --horizon 12 --output FORECAST.csv [--method AUTOMATICO]`
 * runs the forecaster alone on any monthly history (format in history-csv.ts; methods in
 * docs/replenishment.md). Relative paths are resolved from the directory npm was started in
 * (`INIT_CWD`). Without --output the forecast goes to standard output. Exit codes: 0 done; 1 the
 * command was misused (unknown option, missing --input, bad --horizon or --method); 2 the input file
 * is bad (missing column, non-numeric quantity, gap in months, empty; every message names the line)
 * or cannot be read.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { FORECAST_METHODS, forecastSeries, type ForecastMethod } from './forecast.ts';
import { formatForecastCsv, parseHistoryCsv } from './history-csv.ts';

const USAGE =
  'uso: npm run forecast -- --input HISTORICO.csv --horizon 12 [--output PREVISAO.csv] [--method AUTOMATICO]\n' +
  `métodos: ${FORECAST_METHODS.join(', ')}`;

/** What the command printed and its exit code. */
export interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs the command without touching the process (testable): reads, forecasts, writes.
 * @param argv the arguments after `--` (`--input X`, `--input=X` both accepted)
 * @param cwd directory relative paths are resolved from
 */
export function runForecastCommand(argv: readonly string[], cwd: string): CommandResult {
  const options = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '-h' || arg === '--help') return { code: 0, stdout: USAGE + '\n', stderr: '' };
    const m = /^--(input|horizon|output|method)(?:=(.*))?$/.exec(arg);
    if (!m) return { code: 1, stdout: '', stderr: `opção desconhecida: ${arg}\n${USAGE}\n` };
    const value = m[2] ?? argv[++i];
    if (value === undefined) return { code: 1, stdout: '', stderr: `--${m[1]} sem valor\n${USAGE}\n` };
    options.set(m[1], value);
  }
  const input = options.get('input');
  if (!input) return { code: 1, stdout: '', stderr: `informe --input\n${USAGE}\n` };
  const horizonText = options.get('horizon') ?? '12';
  const horizon = Number(horizonText);
  if (!/^\d+$/.test(horizonText) || horizon < 1 || horizon > 120)
    return { code: 1, stdout: '', stderr: `--horizon deve ser um inteiro de 1 a 120 (recebido "${horizonText}")\n` };
  const method = (options.get('method') ?? 'AUTOMATICO').toUpperCase() as ForecastMethod;
  if (!FORECAST_METHODS.includes(method))
    return { code: 1, stdout: '', stderr: `--method desconhecido: ${options.get('method')}; use ${FORECAST_METHODS.join(', ')}\n` };
  const inputPath = path.resolve(cwd, input);
  let text: string;
  try {
    text = readFileSync(inputPath, 'utf8');
  } catch (err) {
    return { code: 2, stdout: '', stderr: `${inputPath}: não foi possível ler o arquivo (${(err as NodeJS.ErrnoException).code ?? String(err)})\n` };
  }
  const parsed = parseHistoryCsv(text);
  if (!parsed.ok) return { code: 2, stdout: '', stderr: parsed.errors.map((e) => `${input}: ${e}`).join('\n') + '\n' };
  const csv = formatForecastCsv(parsed.series.map((series) => ({ series, forecast: forecastSeries(series.values, { method, horizon }) })));
  const output = options.get('output');
  if (!output) return { code: 0, stdout: csv, stderr: '' };
  const outputPath = path.resolve(cwd, output);
  writeFileSync(outputPath, csv);
  return { code: 0, stdout: '', stderr: `${parsed.series.length} séries, ${horizon} meses, método ${method}: ${outputPath}\n` };
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const result = runForecastCommand(process.argv.slice(2), process.env.INIT_CWD ?? process.cwd());
  process.stdout.write(result.stdout);
  process.stderr.write(result.stderr);
  process.exitCode = result.code;
}
