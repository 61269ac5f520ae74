import fs from "node:fs";
import path from "node:path";
import { listenSmtp } from "../helpers/mail";

const MAIL_DIR = path.resolve(`${process.env.E2E_DATA_DIR}-mail`);

/** A real SMTP server for the run; each message lands in MAIL_DIR as JSON for the tests to read. */
export default async function globalSetup() {
  fs.rmSync(MAIL_DIR, { recursive: true, force: true });
  fs.mkdirSync(MAIL_DIR, { recursive: true });
  const smtp = await listenSmtp(Number(process.env.E2E_SMTP_PORT), (mail) => {
    const file = path.join(MAIL_DIR, `${Date.now()}-${Math.random().toString(36).slice(2)}.json`);
    // Whole under another name, then renamed: a test polling the folder never reads half a mail.
    fs.writeFileSync(`${file}.part`, JSON.stringify(mail));
    fs.renameSync(`${file}.part`, file);
  });
  return smtp.close;
}
