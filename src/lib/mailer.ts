import nodemailer from "nodemailer";
import { SERVICE } from "./config.ts";
import { type Environment, readVariable } from "./environment.ts";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * Sends mail through the SMTP server named by an `smtp://` or `smtps://` URL (credentials in the URL, as
 * nodemailer reads it). The URL is never printed: it may hold a password.
 */
export const createMailer = (smtpUrl: string, from: string = SERVICE.contactEmail): Mailer => {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    send: async (message) => {
      await transport.sendMail({ from: `${SERVICE.name} <${from}>`, ...message });
    },
    close: () => transport.close(),
  };
};

/** The mailer configured by SMTP_URL (and FACTS_MAIL_FROM), or undefined when SMTP_URL is not set. */
export const mailerFromEnvironment = (environment: Environment = process.env): Mailer | undefined => {
  const url = readVariable("SMTP_URL", environment);
  if (!url) return undefined;
  if (!/^smtps?:\/\//.test(url)) throw new Error("SMTP_URL must be an smtp:// or smtps:// URL");
  return createMailer(url, readVariable("FACTS_MAIL_FROM", environment) || SERVICE.contactEmail);
};
