import type { Kysely } from 'kysely';
import nodemailer, { type Transporter } from 'nodemailer';
import type { DB } from '../db/schema.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  /** Records the mail in the outbox and, with SMTP configured, sends it. Never throws for SMTP trouble. */
  send(mail: Mail): Promise<void>;
  close(): void;
}

/**
 * Mail goes through nodemailer to SMTP_URL. Every message is also kept in `mail_outbox` with
 * its outcome, so that without SMTP (a trial install) global admins can still read it.
 */
export function createMailer(
  db: Kysely<DB>,
  options: { smtpUrl: string | undefined; from: string },
  log: { error(obj: object, msg: string): void },
): Mailer {
  const transport: Transporter | undefined = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;
  return {
    async send(mail) {
      const row = await db
        .insertInto('mail_outbox')
        .values({ recipient: mail.to, subject: mail.subject, text_body: mail.text, html_body: mail.html ?? null })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (!transport) return;
      try {
        await transport.sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
        await db.updateTable('mail_outbox').set({ sent_at: new Date() }).where('id', '=', row.id).execute();
      } catch (error) {
        log.error({ err: error, to: mail.to }, 'mail: sending failed');
        await db
          .updateTable('mail_outbox')
          .set({ error: (error as Error).message.slice(0, 1000) })
          .where('id', '=', row.id)
          .execute();
      }
    },
    close() {
      transport?.close();
    },
  };
}
