import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Executor } from '../db/client.ts';
import { emailOutbox } from '../auth/auth.schema.ts';

/** One message to send: plain text body, pt-BR. */
export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
}

/**
 * The SMTP settings the sender uses; `host` empty means "outbox only". The caller reads them
 * (`readSmtpSettings` of parameters/, from the `SMTP_*` parameters) and passes them in: the sender
 * reads no parameter itself, so e-mail depends on nothing but its outbox table.
 */
export interface SmtpSettings {
  host: string;
  port: number;
  secure: boolean;
  user: string;
  password: string;
  from: string;
}

/** Longest time (ms) one SMTP delivery may take (connection, greeting, socket) before it is recorded as failed. */
const SMTP_TIMEOUT_MS = 15_000;

/** Deliveries still running in the background (see `settleEmailDeliveries`). */
const pending = new Set<Promise<void>>();

/** The nodemailer transport of a set of SMTP settings, every wait bounded by `timeoutMs`. */
function smtpTransport(smtp: SmtpSettings, timeoutMs: number) {
  return nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    auth: smtp.user ? { user: smtp.user, pass: smtp.password } : undefined,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
}

/** What an SMTP test answered: accepted or not, and the server's reply or the error text. */
export interface SmtpTestResult {
  enviado: boolean;
  resposta: string;
}

/**
 * Sends one message now (not through the outbox) and reports the SMTP server's answer, for the
 * e-mail test of the parameters screen. Never throws: a refused connection, an authentication
 * failure or a time-out comes back as `{enviado: false, resposta: <error text>}`.
 * @param smtp settings to use (usually `readSmtpSettings` of parameters/)
 * @param message the test message
 * @param timeoutMs longest wait for the connection, the greeting, any reply and the whole exchange
 */
export async function sendSmtpTest(smtp: SmtpSettings, message: EmailMessage, timeoutMs = SMTP_TIMEOUT_MS): Promise<SmtpTestResult> {
  if (!smtp.host) return { enviado: false, resposta: 'Servidor SMTP não configurado: informe o host e salve os parâmetros.' };
  const transport = smtpTransport(smtp, timeoutMs);
  let timer: NodeJS.Timeout | undefined;
  try {
    const sent = transport.sendMail({ from: smtp.from, to: message.to, subject: message.subject, text: message.text });
    const expired = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`Tempo esgotado: o servidor SMTP não respondeu em ${Math.round(timeoutMs / 1000)} s`)), timeoutMs);
    });
    const info = (await Promise.race([sent, expired])) as { response?: string };
    return { enviado: true, resposta: info.response ?? 'Mensagem aceita pelo servidor SMTP' };
  } catch (err) {
    const text = err instanceof Error ? err.message : String(err);
    return { enviado: false, resposta: text.slice(0, 2000) };
  } finally {
    clearTimeout(timer);
    transport.close();
  }
}

/**
 * Queues an e-mail: writes it to `email_saida` first (every message is kept there), then — when
 * `SMTP_HOST` is set — delivers it with nodemailer in the background, setting `enviado_em` on
 * success or `erro` on failure. With no `SMTP_HOST` the message is only written and logged at
 * info level. Never throws because of SMTP; the caller's answer does not wait for delivery.
 * @param db where the outbox row is written (and later updated)
 * @param log request or app logger
 * @param smtp the SMTP settings (`readSmtpSettings` of parameters/)
 * @returns the outbox row id
 */
export async function queueEmail(db: Executor, log: FastifyBaseLogger, smtp: SmtpSettings, message: EmailMessage): Promise<number> {
  const [row] = await db.insert(emailOutbox).values({ to: message.to, subject: message.subject, body: message.text }).returning({ id: emailOutbox.id });
  if (!smtp.host) {
    log.info({ emailId: row.id, to: message.to, subject: message.subject, body: message.text }, 'SMTP_HOST vazio: e-mail gravado apenas em email_saida');
    return row.id;
  }
  const delivery = deliver(db, log, row.id, smtp, message);
  pending.add(delivery);
  void delivery.finally(() => pending.delete(delivery));
  return row.id;
}

async function deliver(db: Executor, log: FastifyBaseLogger, id: number, smtp: SmtpSettings, message: EmailMessage): Promise<void> {
  try {
    const transport = smtpTransport(smtp, SMTP_TIMEOUT_MS);
    await transport.sendMail({ from: smtp.from, to: message.to, subject: message.subject, text: message.text });
    transport.close();
    await db.update(emailOutbox).set({ sentAt: new Date(), error: null }).where(eq(emailOutbox.id, id));
  } catch (err) {
    const text = err instanceof Error ? err.message : String(err);
    log.warn({ emailId: id, err: text }, 'falha ao enviar e-mail');
    await db
      .update(emailOutbox)
      .set({ error: text.slice(0, 2000) })
      .where(eq(emailOutbox.id, id))
      .catch((e: unknown) => log.error({ emailId: id, err: e }, 'falha ao registrar erro de e-mail'));
  }
}

/** Waits for every background delivery started so far (tests; graceful shutdown). */
export async function settleEmailDeliveries(): Promise<void> {
  while (pending.size) await Promise.allSettled([...pending]);
}
