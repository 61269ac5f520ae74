import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { config, type Replica } from "~/lib/config.server";

/*
 * The files' half of continuous replication (the database's is Litestream:
 * server/litestream.ts). With LITESTREAM_REPLICA_URL set, every file the app
 * keeps in DATA_DIR (uploads, horses' papers, the generated secrets) is
 * copied to `<replica>/files/<its path under DATA_DIR>` as it is written
 * (the request that stored it waits for the copy) and removed from there
 * when it is deleted: for a file replica a mirror folder, for S3 the same
 * bucket under the prefix `<path>/files/`, through the AWS SDK.
 *
 * `syncReplicaFiles` (replica-sync.server.ts) reconciles the two sides: at start after a restore
 * (the restored database's files come back; those it does not reference
 * are dropped from the replica) and hourly in housekeeping (a copy that
 * failed is made again; a file deleted while the replica was unreachable
 * leaves it). A failed copy never fails the rider's request: it is logged,
 * and the next reconciliation makes it.
 */

/** The generated secrets (app/lib/config.server.ts): without them a restore signs everyone out and breaks every push subscription. */
export const SECRET_FILES = ["session-secret", "vapid-keys.json"];
/** The folders under DATA_DIR whose files are replicated. */
export const FOLDERS = ["uploads", path.join("private", "papers")];

export type Store = {
  put(rel: string, file: string): Promise<void>;
  remove(rel: string): Promise<void>;
  /** Copies the replica's file to `file`; false when the replica has none. */
  get(rel: string, file: string): Promise<boolean>;
  /** Every file under the replica's `files/`, as paths relative to it. */
  list(): Promise<string[]>;
};

const log = (line: Record<string, unknown>) => (line.level === "error" ? console.error : console.log)(JSON.stringify(line));
export const posix = (rel: string) => rel.split(path.sep).join("/");

/** Written under a temporary name, then renamed: a reader never sees half a file. */
function writeWhole(file: string, write: (draft: string) => void | Promise<void>) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const draft = `${file}.${randomBytes(4).toString("hex")}.part`;
  const done = async () => {
    try {
      await write(draft);
      fs.renameSync(draft, file);
    } catch (error) {
      fs.rmSync(draft, { force: true });
      throw error;
    }
  };
  return done();
}

function fileStore(root: string): Store {
  const at = (rel: string) => path.join(root, rel);
  return {
    put: (rel, file) => writeWhole(at(rel), (draft) => fs.copyFileSync(file, draft)),
    remove: async (rel) => fs.rmSync(at(rel), { force: true }),
    async get(rel, file) {
      if (!fs.existsSync(at(rel))) return false;
      await writeWhole(file, (draft) => fs.copyFileSync(at(rel), draft));
      return true;
    },
    async list() {
      if (!fs.existsSync(root)) return [];
      return (fs.readdirSync(root, { recursive: true, withFileTypes: true }) as fs.Dirent[])
        .filter((entry) => entry.isFile() && !entry.name.endsWith(".part"))
        .map((entry) => posix(path.relative(root, path.join(entry.parentPath, entry.name))));
    },
  };
}

function s3Store(replica: Extract<Replica, { kind: "s3" }>): Store {
  const base = [replica.prefix, "files"].filter(Boolean).join("/");
  const key = (rel: string) => `${base}/${posix(rel)}`;
  // The SDK is loaded only where an S3 replica is configured.
  const client = import("@aws-sdk/client-s3").then((s3) => ({
    s3,
    client: new s3.S3Client({
      region: replica.region ?? "us-east-1",
      // A bucket in another region than AWS_REGION says answers with a redirect: follow it, as Litestream finds the region itself.
      followRegionRedirects: true,
      ...(replica.endpoint ? { endpoint: replica.endpoint, forcePathStyle: true } : {}),
    }),
  }));
  return {
    async put(rel, file) {
      const { s3, client: c } = await client;
      await c.send(new s3.PutObjectCommand({ Bucket: replica.bucket, Key: key(rel), Body: fs.readFileSync(file) }));
    },
    async remove(rel) {
      const { s3, client: c } = await client;
      await c.send(new s3.DeleteObjectCommand({ Bucket: replica.bucket, Key: key(rel) }));
    },
    async get(rel, file) {
      const { s3, client: c } = await client;
      try {
        const object = await c.send(new s3.GetObjectCommand({ Bucket: replica.bucket, Key: key(rel) }));
        const bytes = await object.Body!.transformToByteArray();
        await writeWhole(file, (draft) => fs.writeFileSync(draft, bytes));
        return true;
      } catch (error) {
        if ((error as { name?: string }).name === "NoSuchKey") return false;
        throw error;
      }
    },
    async list() {
      const { s3, client: c } = await client;
      const found: string[] = [];
      let token: string | undefined;
      do {
        const page = await c.send(new s3.ListObjectsV2Command({ Bucket: replica.bucket, Prefix: `${base}/`, ContinuationToken: token }));
        for (const object of page.Contents ?? []) if (object.Key) found.push(object.Key.slice(base.length + 1));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return found;
    },
  };
}

const stores = new Map<string, Store>();

/** The replica's file store, or null when none is configured. */
export function replicaStore(replica: Replica | null = config().replica): Store | null {
  if (!replica) return null;
  let store = stores.get(replica.url);
  if (!store) {
    store = replica.kind === "file" ? fileStore(path.join(replica.dir, "files")) : s3Store(replica);
    stores.set(replica.url, store);
  }
  return store;
}

/**
 * After files under DATA_DIR are written (paths relative to it): copies
 * them to the replica, and resolves once they are there. A failure is
 * logged, never thrown: the rider's file is stored, and housekeeping's
 * reconciliation copies it later.
 */
export async function replicateFiles(rels: string[]) {
  const store = replicaStore();
  if (!store) return;
  const dataDir = config().dataDir;
  await Promise.all(
    rels.map((rel) =>
      store.put(rel, path.join(dataDir, rel)).catch((error: unknown) => log({ level: "error", msg: "file not copied to the replica", file: rel, error: String(error) })),
    ),
  );
}

/** After files are deleted: removes them from the replica too, in the background (the callers are synchronous). */
export function unreplicateFiles(rels: string[]) {
  const store = replicaStore();
  if (!store || rels.length === 0) return;
  for (const rel of rels) {
    store.remove(rel).catch((error: unknown) => log({ level: "error", msg: "file not removed from the replica", file: rel, error: String(error) }));
  }
}

/**
 * Before the configuration is loaded (it generates missing secrets): the
 * replica's copies of the generated secrets that DATA_DIR lacks. Answers
 * how many came back.
 */
export async function restoreSecrets(replica: Replica, dataDir: string) {
  const store = replicaStore(replica)!;
  let restored = 0;
  for (const name of SECRET_FILES) {
    const file = path.join(dataDir, name);
    if (fs.existsSync(file)) continue;
    if (await store.get(name, file)) {
      fs.chmodSync(file, 0o600);
      restored += 1;
    }
  }
  return restored;
}

/** Whether the replica holds any uploaded file or paper (the secrets aside): a database must be there too. */
export async function replicaHoldsFiles(replica: Replica) {
  return (await replicaStore(replica)!.list()).some((rel) => !SECRET_FILES.includes(rel));
}
