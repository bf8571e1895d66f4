import { inArray, sql } from 'drizzle-orm';
import {
  PARAMETER_DEFAULTS,
  PARAMETER_WIRE_FIELDS,
  SECRET_PARAMETER_KEYS,
  formatDateTime,
  type EmailTestResult,
  type ParameterKey,
  type ParameterUpdate,
  type Parameters,
  type SecretParameterKey,
} from '@acervo/contracts';
import type { Db, Executor } from '../db/client.ts';
import type { AuthContext } from '../shared/request-auth.ts';
import { auditActor, recordAudit, type AuditSnapshot } from '../audit/audit.service.ts';
import { sendSmtpTest, type SmtpSettings } from '../email/email.service.ts';
import { secretBox, type WarnLogger } from '../shared/secrets.ts';
import { parameters } from './parameters.schema.ts';

/**
 * Reads parameters, falling back to PARAMETER_DEFAULTS for keys with no row.
 * @returns a map key → text value for the keys asked
 */
export async function getParameters<K extends ParameterKey>(db: Executor, keys: readonly K[]): Promise<Record<K, string>> {
  const rows = await db.select().from(parameters).where(inArray(parameters.key, keys as readonly string[] as string[]));
  const out = {} as Record<K, string>;
  for (const key of keys) out[key] = PARAMETER_DEFAULTS[key];
  for (const row of rows) out[row.key as K] = row.value;
  return out;
}

/**
 * Reads one numeric parameter (days, minutes…).
 * @returns the number, or the default when the stored text is not a positive number
 */
export async function getNumberParameter(db: Executor, key: ParameterKey): Promise<number> {
  const { [key]: raw } = await getParameters(db, [key]);
  const n = Number(raw);
  return Number.isFinite(n) && n > 0 ? n : Number(PARAMETER_DEFAULTS[key]);
}

/**
 * Writes every default parameter that has no row yet (first start); a stored value is never changed.
 * @param initial values that replace the built-in defaults on that first write, e.g.
 *   `{ URL_APLICACAO: applicationUrl(config) }` so the reset links point at this process's address
 */
export async function seedParameterDefaults(db: Executor, initial: Partial<Record<ParameterKey, string>> = {}): Promise<void> {
  const values = Object.entries({ ...PARAMETER_DEFAULTS, ...initial }).map(([key, value]) => ({ key, value }));
  await db.insert(parameters).values(values).onConflictDoNothing();
}

/**
 * Reads a secret parameter (SMTP_SENHA, ERP_SENHA) in plain text: decrypted with the process's
 * key; a value that cannot be decrypted is logged and read as '' (not set).
 */
export async function readSecretParameter(db: Executor, key: SecretParameterKey, log?: WarnLogger): Promise<string> {
  const { [key]: stored } = await getParameters(db, [key]);
  return secretBox().decryptOrUnset(stored, secretContext(key), log);
}

/** The AAD of a secret parameter's ciphertext. */
export function secretContext(key: SecretParameterKey): string {
  return `parametro:${key}`;
}

const ALL_KEYS = Object.keys(PARAMETER_DEFAULTS) as ParameterKey[];
const isSecret = (key: ParameterKey): key is SecretParameterKey => (SECRET_PARAMETER_KEYS as readonly string[]).includes(key);

/** A stored integer, or the default when the text is not an integer (the answer stays well-formed). */
function storedInteger(stored: Record<ParameterKey, string>, key: ParameterKey): number {
  const n = Number(stored[key]);
  return Number.isInteger(n) ? n : Number(PARAMETER_DEFAULTS[key]);
}

/**
 * The wire shape of the stored parameters. Secrets become `senhaDefinida`: true when a value is
 * stored that decrypts (an undecryptable one is logged and reported as not set).
 */
function toWire(stored: Record<ParameterKey, string>, log?: WarnLogger): Parameters {
  const box = secretBox();
  const defined = (key: SecretParameterKey) => box.decryptOrUnset(stored[key], secretContext(key), log) !== '';
  return {
    geral: {
      retencaoLogProdutoDias: storedInteger(stored, 'LOG_RETENCAO_PRODUTO_DIAS'),
      retencaoLogProdutoEstoqueDias: storedInteger(stored, 'LOG_RETENCAO_PRODUTO_ESTOQUE_DIAS'),
      retencaoLogAutorDias: storedInteger(stored, 'LOG_RETENCAO_AUTOR_DIAS'),
      retencaoLogEditoraDias: storedInteger(stored, 'LOG_RETENCAO_EDITORA_DIAS'),
      retencaoLogVendaDias: storedInteger(stored, 'LOG_RETENCAO_VENDA_DIAS'),
      expiracaoTokenDias: storedInteger(stored, 'TOKEN_EXPIRACAO_DIAS'),
      inatividadeMinutos: storedInteger(stored, 'INATIVIDADE_MINUTOS'),
      limpezaFilaExportacaoDias: storedInteger(stored, 'FILA_EXPORTACAO_LIMPEZA_DIAS'),
      expiracaoArquivoExportacaoDias: storedInteger(stored, 'ARQUIVO_EXPORTACAO_EXPIRACAO_DIAS'),
      urlAplicacao: stored.URL_APLICACAO,
      validadeRedefinicaoSenhaMinutos: storedInteger(stored, 'REDEFINICAO_SENHA_VALIDADE_MINUTOS'),
      terminalMesesVendas: storedInteger(stored, 'TERMINAL_MESES_VENDAS'),
    },
    email: {
      host: stored.SMTP_HOST,
      porta: storedInteger(stored, 'SMTP_PORTA'),
      usuario: stored.SMTP_USUARIO,
      senhaDefinida: defined('SMTP_SENHA'),
      seguro: stored.SMTP_SEGURO.trim().toLowerCase() === 'true',
      remetente: stored.SMTP_REMETENTE,
    },
    erp: {
      tipoIntegracao: stored.ERP_TIPO_INTEGRACAO,
      usuario: stored.ERP_USUARIO,
      senhaDefinida: defined('ERP_SENHA'),
      urlApi: stored.ERP_URL_API,
    },
  };
}

/**
 * The audit snapshot of the stored parameters: one field per parameter named
 * `<section>.<field>` (`geral.expiracaoTokenDias`), values as stored; secrets as their stored
 * ciphertext (masked by the trail; a replaced secret differs, a kept one does not).
 */
function auditSnapshot(stored: Record<ParameterKey, string>): AuditSnapshot {
  const out: AuditSnapshot = {};
  for (const key of ALL_KEYS) {
    const { section, field } = PARAMETER_WIRE_FIELDS[key];
    out[`${section}.${field}`] = stored[key];
  }
  return out;
}

/** Audit field names of the secret parameters. */
const SECRET_AUDIT_FIELDS = SECRET_PARAMETER_KEYS.map((key) => `${PARAMETER_WIRE_FIELDS[key].section}.${PARAMETER_WIRE_FIELDS[key].field}`);

/** `GET parametro`: every parameter in sections; secrets only as `senhaDefinida`. */
export async function readParameterSettings(db: Executor, log?: WarnLogger): Promise<Parameters> {
  return toWire(await getParameters(db, ALL_KEYS), log);
}

/** The stored text of each parameter after a save: numbers and booleans as text, secrets encrypted. */
function storedValues(body: ParameterUpdate, current: Record<ParameterKey, string>): Record<ParameterKey, string> {
  const box = secretBox();
  const secret = (key: SecretParameterKey, section: { senha?: string; removerSenha?: boolean }) => {
    if (section.removerSenha) return '';
    if (section.senha) return box.encrypt(section.senha, secretContext(key));
    return current[key];
  };
  const { geral, email, erp } = body;
  return {
    LOG_RETENCAO_PRODUTO_DIAS: String(geral.retencaoLogProdutoDias),
    LOG_RETENCAO_PRODUTO_ESTOQUE_DIAS: String(geral.retencaoLogProdutoEstoqueDias),
    LOG_RETENCAO_AUTOR_DIAS: String(geral.retencaoLogAutorDias),
    LOG_RETENCAO_EDITORA_DIAS: String(geral.retencaoLogEditoraDias),
    LOG_RETENCAO_VENDA_DIAS: String(geral.retencaoLogVendaDias),
    TOKEN_EXPIRACAO_DIAS: String(geral.expiracaoTokenDias),
    INATIVIDADE_MINUTOS: String(geral.inatividadeMinutos),
    FILA_EXPORTACAO_LIMPEZA_DIAS: String(geral.limpezaFilaExportacaoDias),
    ARQUIVO_EXPORTACAO_EXPIRACAO_DIAS: String(geral.expiracaoArquivoExportacaoDias),
    URL_APLICACAO: geral.urlAplicacao.replace(/\/+$/, ''),
    REDEFINICAO_SENHA_VALIDADE_MINUTOS: String(geral.validadeRedefinicaoSenhaMinutos),
    // optional in the body (forms written before issue 16 do not send it): absent keeps the stored value
    TERMINAL_MESES_VENDAS: geral.terminalMesesVendas === undefined ? current.TERMINAL_MESES_VENDAS : String(geral.terminalMesesVendas),
    SMTP_HOST: email.host,
    SMTP_PORTA: String(email.porta),
    SMTP_USUARIO: email.usuario,
    SMTP_SENHA: secret('SMTP_SENHA', email),
    SMTP_SEGURO: email.seguro ? 'true' : 'false',
    SMTP_REMETENTE: email.remetente,
    ERP_TIPO_INTEGRACAO: erp.tipoIntegracao,
    ERP_USUARIO: erp.usuario,
    ERP_SENHA: secret('ERP_SENHA', erp),
    ERP_URL_API: erp.urlApi,
  };
}

/**
 * `PUT parametro`: writes every parameter in one transaction (all or nothing) and records one
 * ALTERACAO of entity `parametro` (record id `parametros`) with the changed fields, secrets masked.
 * Secrets: `senha` non-empty replaces (encrypted), `removerSenha` clears, otherwise kept.
 * The body was validated (bounds) by `parameterUpdateSchema` before this runs.
 * @returns the parameters as `GET parametro` answers them
 */
export async function updateParameterSettings(db: Db, auth: AuthContext, body: ParameterUpdate, log?: WarnLogger): Promise<Parameters> {
  const saved = await db.transaction(async (tx) => {
    // serialise concurrent saves, so each one's audit "before" is what it replaced
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${PARAMETERS_LOCK})`);
    const current = await getParameters(tx, ALL_KEYS);
    const next = storedValues(body, current);
    const now = new Date();
    await tx
      .insert(parameters)
      .values(ALL_KEYS.map((key) => ({ key, value: next[key], updatedAt: now })))
      .onConflictDoUpdate({ target: parameters.key, set: { value: sql`excluded.valor`, updatedAt: sql`excluded.data_alteracao` } });
    await recordAudit(tx, {
      actor: auditActor(auth),
      entity: 'parametro',
      recordId: PARAMETERS_RECORD_ID,
      action: 'ALTERACAO',
      before: auditSnapshot(current),
      after: auditSnapshot(next),
      secretFields: SECRET_AUDIT_FIELDS,
    });
    return next;
  });
  return toWire(saved, log);
}

/**
 * Reads the SMTP parameters (`SMTP_HOST`, `SMTP_PORTA`, `SMTP_SEGURO` = 'true' for implicit TLS,
 * `SMTP_USUARIO`, `SMTP_SENHA`, `SMTP_REMETENTE`). `SMTP_SENHA` is stored encrypted
 * (`shared/secrets.ts`) and decrypted here; a value that cannot be decrypted (another key) is
 * logged at warn level and read as no password.
 * @param log where an undecryptable password is reported
 */
export async function readSmtpSettings(db: Executor, log?: WarnLogger): Promise<SmtpSettings> {
  const p = await getParameters(db, ['SMTP_HOST', 'SMTP_PORTA', 'SMTP_SEGURO', 'SMTP_USUARIO', 'SMTP_SENHA', 'SMTP_REMETENTE']);
  const port = Number(p.SMTP_PORTA);
  return {
    host: p.SMTP_HOST.trim(),
    port: Number.isInteger(port) && port > 0 ? port : 587,
    secure: p.SMTP_SEGURO.trim().toLowerCase() === 'true',
    user: p.SMTP_USUARIO,
    password: secretBox().decryptOrUnset(p.SMTP_SENHA, 'parametro:SMTP_SENHA', log),
    from: p.SMTP_REMETENTE,
  };
}

/** Record id of the parameters in the audit trail (they are one system-wide record). */
export const PARAMETERS_RECORD_ID = 'parametros';
/** Advisory lock serialising `PUT parametro`. */
const PARAMETERS_LOCK = 720433;

/** Longest wait (ms) of the e-mail test for the SMTP server (connection, each reply, the whole exchange). */
export const EMAIL_TEST_TIMEOUT_MS = 15_000;

/**
 * `POST parametro/email/teste`: sends a test message to `to` with the SAVED SMTP settings (save
 * first, then test) and answers the SMTP server's reply or the error text, within `timeoutMs`.
 */
export async function sendTestEmail(db: Executor, to: string, log?: WarnLogger, timeoutMs = EMAIL_TEST_TIMEOUT_MS): Promise<EmailTestResult> {
  const smtp = await readSmtpSettings(db, log);
  return sendSmtpTest(
    smtp,
    {
      to,
      subject: 'Acervo: teste de e-mail',
      text: `Esta é uma mensagem de teste enviada pela tela Parâmetros do Acervo em ${formatDateTime(new Date())} (horário de Brasília).\n\nSe você a recebeu, as configurações de e-mail estão corretas.`,
    },
    timeoutMs,
  );
}
