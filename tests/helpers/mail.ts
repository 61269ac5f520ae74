import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

/** `headers`: every header field, names lower-cased, values as sent (unfolded). */
export type CapturedMail = { to: string; subject: string; text: string; html: string; headers: Record<string, string> };

/**
 * A real SMTP server on loopback (port 0: any free port) handing each parsed
 * message to onMail. When onMail throws or rejects, the message is refused
 * with a temporary failure (451), as a mail server that is down answers.
 */
export async function listenSmtp(port: number, onMail: (mail: CapturedMail) => void | Promise<void>) {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail: ParsedMail) => {
          const to = Array.isArray(mail.to) ? mail.to[0]?.text : mail.to?.text;
          const headers = Object.fromEntries(mail.headerLines.map((h) => [h.key, h.line.slice(h.line.indexOf(":") + 1).replace(/\r?\n\s+/g, " ").trim()]));
          return onMail({ to: to ?? "", subject: mail.subject ?? "", text: mail.text ?? "", html: String(mail.html ?? ""), headers });
        })
        .then(
          () => callback(),
          (error: Error) => callback(Object.assign(new Error(error.message), { responseCode: 451 })),
        );
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    port: (server.server.address() as { port: number }).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * An SMTP server that keeps every message it receives, for API tests.
 * `refuse(reason)` makes it refuse every message until `refuse(null)`.
 */
export async function startSmtp() {
  const messages: CapturedMail[] = [];
  const waiters: Array<() => void> = [];
  let refusal: string | null = null;
  const server = await listenSmtp(0, (mail) => {
    if (refusal !== null) throw new Error(refusal);
    messages.push(mail);
    waiters.splice(0).forEach((w) => w());
  });

  /** Waits for the next message to `to` whose subject matches. */
  async function waitFor(to: string, subject: RegExp, timeoutMs = 10_000): Promise<CapturedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = [...messages].reverse().find((m) => m.to.includes(to) && subject.test(m.subject));
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`No mail to ${to} matching ${subject}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  }

  const refuse = (reason: string | null) => void (refusal = reason);
  return { url: `smtp://127.0.0.1:${server.port}`, messages, waitFor, refuse, close: server.close };
}

/** The first link in a message's text that contains `path`. */
export function linkIn(mail: CapturedMail, path: string) {
  const link = mail.text.match(new RegExp(`https?://\\S*${path}\\S*`))?.[0];
  if (!link) throw new Error(`No ${path} link in mail "${mail.subject}"`);
  return link;
}
