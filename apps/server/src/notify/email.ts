import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

export type MailAttachment = { filename: string; path: string; contentType: string };
export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
};

export type Mailer = { send: (message: MailMessage) => Promise<{ messageId: string }> };

/** SMTP when `smtpUrl` is set; otherwise each message is written to `outboxDir` as an .eml file. */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        const info = await transport.sendMail({ from: options.from, ...message });
        return { messageId: info.messageId };
      },
    };
  }
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      await mkdir(options.outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const safeTo = message.to.replace(/[^a-z0-9@._-]/gi, '_');
      await writeFile(
        join(options.outboxDir, `${stamp}-${randomUUID().slice(0, 8)}-${safeTo}.eml`),
        info.message,
      );
      return { messageId: info.messageId };
    },
  };
}
