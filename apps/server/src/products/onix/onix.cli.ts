/**
 * `npm run import:onix -- [--moeda-padrao=AUD] FILE...` — imports ONIX for Books files into the
 * app database (DATA_DIR PGlite, or PostgreSQL when DATABASE_URL is set; created and migrated when
 * new). Relative paths are resolved from the directory npm was started in (`INIT_CWD`). Prints per file `created N / updated N / rejected N` and one line per rejected record.
 * Exit code 0 when every file was imported (even with rejections), 1 when a file was refused or
 * the command was misused.
 */
import path from 'node:path';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { formatImportReport, importOnixFiles } from './onix-import.ts';

const USAGE = 'uso: npm run import:onix -- [--moeda-padrao=XXX] ARQUIVO.xml [ARQUIVO.xml ...]';

async function main(argv: string[]): Promise<number> {
  const files: string[] = [];
  let defaultCurrency: string | null = null;
  for (const arg of argv) {
    const m = /^--(?:moeda-padrao|default-currency)=([A-Za-z]{3})$/.exec(arg);
    if (m) defaultCurrency = m[1].toUpperCase();
    else if (arg === '-h' || arg === '--help') {
      console.log(USAGE);
      return 0;
    } else if (arg.startsWith('--')) {
      console.error(`opção desconhecida: ${arg}\n${USAGE}`);
      return 1;
    } else files.push(path.resolve(process.env.INIT_CWD ?? process.cwd(), arg));
  }
  if (files.length === 0) {
    console.error(USAGE);
    return 1;
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const report = await importOnixFiles(database.db, files, { defaultCurrency });
    console.log(formatImportReport(report));
    return report.refused > 0 ? 1 : 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 1;
  },
);
