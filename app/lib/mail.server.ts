import fs from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { config } from "./config.server";

/** `headers`: extra header fields, e.g. List-Unsubscribe on alert mail. */
export type Mail = { to: string; subject: string; text: string; html: string; headers?: Record<string, string> };

let transport: Transporter | undefined;

function getTransport() {
  const { smtpUrl } = config();
  transport ??= smtpUrl
    ? nodemailer.createTransport(smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return transport;
}

/**
 * Sends through SMTP_URL; without it the message is written to
 * DATA_DIR/outbox/ as an .eml file and its first link printed in the log,
 * so a self-hosted install works before mail is set up.
 */
export async function sendMail(mail: Mail) {
  const cfg = config();
  const info = await getTransport().sendMail({ from: cfg.mailFrom, ...mail });
  if (cfg.smtpUrl) return;
  await fs.mkdir(cfg.outboxDir, { recursive: true });
  const file = path.join(cfg.outboxDir, `${Date.now()}-${crypto.randomUUID()}.eml`);
  // Written whole under another name, then renamed: whoever reads the outbox (an operator's script,
  // a test) never reads half a mail.
  await fs.writeFile(`${file}.part`, (info as { message: Buffer }).message, { mode: 0o600 });
  await fs.rename(`${file}.part`, file);
  const link = mail.text.match(/https?:\/\/\S+/)?.[0];
  console.log(
    JSON.stringify({ level: "info", msg: "mail written to outbox", to: mail.to, subject: mail.subject, file, link }),
  );
}

/**
 * Sends without making the caller wait. For answers that must not reveal
 * whether an address has an account (forgot password, resend verification):
 * waiting for the mail server would make a known address answer slower than
 * an unknown one. A failure is logged, not answered.
 */
export function sendMailInBackground(mail: Mail) {
  sendMail(mail).catch((error: unknown) => {
    console.error(JSON.stringify({ level: "error", msg: "mail not sent", subject: mail.subject, error: String(error) }));
  });
}
