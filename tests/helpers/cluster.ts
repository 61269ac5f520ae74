import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { TMP_DIR } from "./paths";

/**
 * The production server as the container runs it (`node scripts/start.js`,
 * built app, NODE_ENV=production) with WEB_CONCURRENCY workers on a
 * DATA_DIR of its own. Its log (primary and workers share stdout) is
 * parsed line by line, so tests can wait for what it says.
 */
export type LogLine = Record<string, unknown> & { msg?: string; pid?: number };

export async function startCluster(
  workers: number,
  { dataDir = fs.mkdtempSync(path.join(TMP_DIR, "cluster-")), env = {} as Record<string, string>, detached = false } = {},
) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ["scripts/start.js"], {
    env: {
      ...process.env,
      WEB_CONCURRENCY: String(workers),
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      APP_ORIGIN: url,
      NODE_ENV: "production",
      SMTP_URL: "",
      RATE_LIMIT_FACTOR: "1000",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
    // In a process group of its own, so killGroup() takes everything it started (workers, Litestream) at once.
    detached,
  });
  const lines: LogLine[] = [];
  let output = "";
  const waiters = new Set<() => void>();
  const take = (chunk: Buffer) => {
    output += chunk;
    let end: number;
    while ((end = output.indexOf("\n")) >= 0) {
      const text = output.slice(0, end);
      output = output.slice(end + 1);
      try {
        lines.push(JSON.parse(text) as LogLine);
      } catch {
        lines.push({ msg: "(not JSON)", text });
      }
    }
    for (const wake of waiters) wake();
  };
  child.stdout!.on("data", take);
  child.stderr!.on("data", take);
  const exit = new Promise<number | null>((resolve) => child.once("exit", (code) => (resolve(code), [...waiters].forEach((w) => w()))));

  /** Resolves with the first log line (from now or earlier) matching, or fails after `ms`. */
  const waitForLog = (match: (line: LogLine) => boolean, ms = 30_000) =>
    new Promise<LogLine>((resolve, reject) => {
      const check = () => {
        const found = lines.find(match);
        if (found) return done(() => resolve(found));
        if (child.exitCode !== null) return done(() => reject(new Error(`server exited (${child.exitCode}) before the log said it:\n${dump()}`)));
      };
      const timer = setTimeout(() => done(() => reject(new Error(`log line not seen in ${ms} ms:\n${dump()}`))), ms);
      const done = (then: () => void) => {
        clearTimeout(timer);
        waiters.delete(check);
        then();
      };
      waiters.add(check);
      check();
    });
  const dump = () => lines.map((l) => JSON.stringify(l)).join("\n");

  // Up to 8 workers load the build at once: on a loaded 2-core machine that took over a minute.
  await waitForLog((l) => l.msg === "listening", 150_000);

  /** The pids of the processes serving now, as the primary's log tells them (with one worker: the one process). */
  const workerPids = () => {
    if (workers === 1) return [child.pid!];
    const gone = new Set(lines.filter((l) => l.msg?.startsWith("worker crashed")).map((l) => l.pid));
    return lines.filter((l) => l.msg === "worker started" && !gone.has(l.pid)).map((l) => l.pid as number);
  };

  return {
    url,
    port,
    dataDir,
    child,
    lines,
    exit,
    waitForLog,
    workerPids,
    log: dump,
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      return exit;
    },
    /** SIGKILL to the whole process group, as a host dying would (started with `detached`). */
    async killGroup() {
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {
        // already gone
      }
      await exit;
    },
    kill() {
      if (child.exitCode === null) child.kill("SIGKILL");
      for (const pid of workerPids()) {
        try {
          process.kill(pid, "SIGKILL");
        } catch {
          // already gone
        }
      }
    },
  };
}

export type Cluster = Awaited<ReturnType<typeof startCluster>>;

export async function freePort() {
  const probe = net.createServer().listen(0, "127.0.0.1");
  await new Promise((resolve) => probe.once("listening", resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * Which of `pids` holds the server side of a client's TCP connection: the
 * kernel's socket table (/proc/net/tcp) gives the inode of the connection
 * from the client's port to the server's, and /proc/PID/fd shows which
 * process has it open. Linux only; nothing in the server helps, so nothing
 * there can leak.
 */
export async function connectionOwner(serverPort: number, clientPort: number, pids: number[], ms = 5000): Promise<number> {
  const hex = (port: number) => port.toString(16).toUpperCase().padStart(4, "0");
  const deadline = Date.now() + ms;
  for (;;) {
    const row = fs
      .readFileSync("/proc/net/tcp", "utf8")
      .split("\n")
      .map((line) => line.trim().split(/\s+/))
      .find((cols) => cols[1]?.endsWith(`:${hex(serverPort)}`) && cols[2]?.endsWith(`:${hex(clientPort)}`));
    const inode = row?.[9];
    if (inode && inode !== "0") {
      for (const pid of pids) {
        let fds: string[] = [];
        try {
          fds = fs.readdirSync(`/proc/${pid}/fd`);
        } catch {
          continue;
        }
        for (const fd of fds) {
          try {
            if (fs.readlinkSync(`/proc/${pid}/fd/${fd}`) === `socket:[${inode}]`) return pid;
          } catch {
            // closed meanwhile
          }
        }
      }
    }
    if (Date.now() > deadline) throw new Error(`no process of ${pids.join(", ")} holds the connection from port ${clientPort}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

export type Answer = { status: number; body: string; headers: http.IncomingHttpHeaders };

/**
 * One keep-alive TCP connection to the server, so every request sent on it
 * is answered by the same worker: `owner` says which.
 */
export class Connection {
  private constructor(
    readonly cluster: Cluster,
    readonly agent: http.Agent,
    readonly owner: number,
  ) {}

  /** A connection held by the worker `pid` (or by any worker other than `not`). */
  static async to(cluster: Cluster, want: { pid?: number; not?: number } = {}) {
    for (let attempt = 0; attempt < 40; attempt++) {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      let clientPort = 0;
      const res = await send(cluster.url, agent, "GET", "/api/health", {}, (socket) => (clientPort = socket.localPort!));
      if (res.status !== 200) throw new Error(`health answered ${res.status}`);
      const owner = await connectionOwner(cluster.port, clientPort, cluster.workerPids());
      if ((want.pid === undefined || owner === want.pid) && owner !== want.not) return new Connection(cluster, agent, owner);
      agent.destroy();
    }
    throw new Error(`no connection reached the worker wanted (${JSON.stringify(want)})`);
  }

  request(method: string, pathname: string, options: { body?: unknown; cookie?: string } = {}) {
    return send(this.cluster.url, this.agent, method, pathname, options);
  }

  close() {
    this.agent.destroy();
  }
}

/** One request over `agent`; `onSocket` sees the TCP socket it went out on. */
export function send(
  base: string,
  agent: http.Agent,
  method: string,
  pathname: string,
  { body, cookie }: { body?: unknown; cookie?: string } = {},
  onSocket?: (socket: net.Socket) => void,
) {
  return new Promise<Answer>((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(`${base}${pathname}`, {
      method,
      agent,
      headers: {
        ...(payload ? { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(payload) } : {}),
        ...(cookie ? { Cookie: cookie } : {}),
      },
    });
    req.on("socket", (socket) => {
      if (!onSocket) return;
      if (socket.localPort) onSocket(socket);
      else socket.once("connect", () => onSocket(socket));
    });
    req.on("response", (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode!, body: text, headers: res.headers }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(payload);
  });
}

/** The session cookie of a sign-in answer, ready for a Cookie header. */
export const cookieOf = (answer: Answer) =>
  (answer.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; ");

/**
 * A request whose body is sent in two halves: between `started` and `finish()`
 * it is in flight on the server, which waits for the rest.
 */
export function slowRequest(connection: Connection, method: string, pathname: string, body: unknown, cookie?: string) {
  const payload = Buffer.from(JSON.stringify(body));
  const half = Math.floor(payload.length / 2);
  const req = http.request(`${connection.cluster.url}${pathname}`, {
    method,
    agent: connection.agent,
    headers: { "Content-Type": "application/json", "Content-Length": payload.length, ...(cookie ? { Cookie: cookie } : {}) },
  });
  const answer = new Promise<Answer>((resolve, reject) => {
    req.on("response", (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode!, body: text, headers: res.headers }));
      res.on("error", reject);
    });
    req.on("error", reject);
  });
  answer.catch(() => {}); // a test that expects it to fail awaits it later
  req.flushHeaders();
  const started = new Promise<void>((resolve) => req.write(payload.subarray(0, half), () => resolve()));
  return { started, answer, finish: () => req.end(payload.subarray(half)) };
}

/** An open server-sent events stream over `connection`; `next` waits for the next event matching. */
export async function openStream(connection: Connection, pathname: string, cookie: string) {
  const req = http.request(`${connection.cluster.url}${pathname}`, { agent: connection.agent, headers: { Cookie: cookie } });
  const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
    req.on("response", resolve);
    req.on("error", reject);
    req.end();
  });
  if (res.statusCode !== 200) throw new Error(`stream answered ${res.statusCode}`);
  res.setEncoding("utf8");
  let buffer = "";
  let ended = false;
  const wake = new Set<() => void>();
  res.on("data", (chunk: string) => ((buffer += chunk), wake.forEach((w) => w())));
  const end = new Promise<void>((resolve) => res.once("close", () => ((ended = true), wake.forEach((w) => w()), resolve())));
  return {
    end,
    /** The data of the next `event` (JSON), or fails after `ms`. */
    next(event: string, ms = 10_000) {
      return new Promise<unknown>((resolve, reject) => {
        const check = () => {
          const match = new RegExp(`event: ${event}\\ndata: (.*)\\n\\n`).exec(buffer);
          if (match) {
            buffer = buffer.slice(match.index + match[0].length);
            return done(() => resolve(JSON.parse(match[1]!)));
          }
          if (ended) done(() => reject(new Error(`stream ended before "${event}"`)));
        };
        const timer = setTimeout(() => done(() => reject(new Error(`no "${event}" within ${ms} ms`))), ms);
        const done = (then: () => void) => (clearTimeout(timer), wake.delete(check), then());
        wake.add(check);
        check();
      });
    },
    close: () => req.destroy(),
  };
}
