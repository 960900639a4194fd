/**
 * Mail goes through the outbox: written in the caller's transaction, then delivered by SMTP
 * when SMTP_URL is set; without it the message stays readable in the outbox and the log.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Database } from '../db/types';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export async function enqueueMail(db: Kysely<Database>, message: MailMessage): Promise<string> {
  const row = await db
    .insertInto('outbox')
    .values({ toAddress: message.to, subject: message.subject, textBody: message.text, htmlBody: message.html ?? null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const MAX_ATTEMPTS = 5;

/** Delivers pending outbox messages; one instance per server. */
export class Mailer {
  private transport?: Transporter;
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: FastifyBaseLogger,
    private readonly options: { smtpUrl?: string; from: string },
  ) {
    if (options.smtpUrl) this.transport = nodemailer.createTransport(options.smtpUrl);
  }

  get configured() {
    return !!this.transport;
  }

  /** Asks for a delivery round soon (called after a message is queued). */
  kick() {
    if (this.running) return;
    this.running = this.deliverPending()
      .catch((err) => this.log.error({ err }, 'outbox delivery failed'))
      .finally(() => (this.running = undefined));
  }

  start(intervalMs = 15000) {
    this.timer = setInterval(() => this.kick(), intervalMs);
    this.timer.unref();
  }

  async stop() {
    if (this.timer) clearInterval(this.timer);
    await this.running;
    this.transport?.close();
  }

  async deliverPending(): Promise<void> {
    const pending = await this.db
      .selectFrom('outbox')
      .selectAll()
      .where('status', 'in', ['pending', 'failed'])
      .where('attempts', '<', MAX_ATTEMPTS)
      .orderBy('createdAt')
      .limit(50)
      .execute();
    for (const message of pending) {
      if (!this.transport) {
        this.log.info({ to: message.toAddress, subject: message.subject, text: message.textBody }, 'mail (no SMTP_URL: kept in outbox)');
        await this.db.updateTable('outbox').set({ status: 'logged' }).where('id', '=', message.id).execute();
        continue;
      }
      try {
        await this.transport.sendMail({
          from: this.options.from,
          to: message.toAddress,
          subject: message.subject,
          text: message.textBody,
          html: message.htmlBody ?? undefined,
        });
        await this.db
          .updateTable('outbox')
          .set((eb) => ({ status: 'sent', sentAt: new Date(), attempts: eb('attempts', '+', 1), lastError: null }))
          .where('id', '=', message.id)
          .execute();
      } catch (err) {
        await this.db
          .updateTable('outbox')
          .set((eb) => ({ status: 'failed', attempts: eb('attempts', '+', 1), lastError: String((err as Error).message).slice(0, 500) }))
          .where('id', '=', message.id)
          .execute();
      }
    }
  }
}
