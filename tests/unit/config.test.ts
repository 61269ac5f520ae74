import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "~/lib/config.server";

const dataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), "cfg-"));

describe("loadConfig", () => {
  it("fills the documented defaults", () => {
    const dir = dataDir();
    const cfg = loadConfig({ DATA_DIR: dir });
    expect(cfg.port).toBe(3000);
    expect(cfg.appOrigin).toBe("http://localhost:3000");
    expect(cfg.mailFrom).toBe("no-reply@localhost");
    expect(cfg.databaseFile).toBe(path.join(dir, "app.db"));
    expect(cfg.secureCookies).toBe(false);
  });

  it("generates the session secret once and keeps it in DATA_DIR", () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).sessionSecret;
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(loadConfig({ DATA_DIR: dir }).sessionSecret).toBe(first);
  });

  it("turns on Secure cookies in production behind https", () => {
    const cfg = loadConfig({ DATA_DIR: dataDir(), NODE_ENV: "production", APP_ORIGIN: "https://rodeo.example.org/" });
    expect(cfg.secureCookies).toBe(true);
    expect(cfg.appOrigin).toBe("https://rodeo.example.org");
    expect(cfg.mailFrom).toBe("no-reply@rodeo.example.org");
  });

  it("takes the association's day in ASSOCIATION_TIME_ZONE, America/Chicago unless set, and refuses a zone it does not know", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).associationTimeZone).toBe("America/Chicago");
    expect(loadConfig({ DATA_DIR: dataDir(), ASSOCIATION_TIME_ZONE: "America/Denver" }).associationTimeZone).toBe("America/Denver");
    expect(() => loadConfig({ DATA_DIR: dataDir(), ASSOCIATION_TIME_ZONE: "Texas/Evening" })).toThrow(/ASSOCIATION_TIME_ZONE: ASSOCIATION_TIME_ZONE must be an IANA time zone name/);
  });

  it("starts one worker per core unless WEB_CONCURRENCY says how many", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).webConcurrency).toBe(os.availableParallelism());
    expect(loadConfig({ DATA_DIR: dataDir(), WEB_CONCURRENCY: "1" }).webConcurrency).toBe(1);
    expect(loadConfig({ DATA_DIR: dataDir(), WEB_CONCURRENCY: "8" }).webConcurrency).toBe(8);
    for (const bad of ["0", "-2", "1.5", "four", "65"]) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), WEB_CONCURRENCY: bad }), bad).toThrow(
        /WEB_CONCURRENCY: WEB_CONCURRENCY must be a whole number of worker processes, from 1 to 64/,
      );
    }
  });

  it("fails fast naming the variable", () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), PORT: "http" })).toThrow(/PORT/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), APP_ORIGIN: "not a url" })).toThrow(/APP_ORIGIN/);
    const file = path.join(dataDir(), "a-file");
    fs.writeFileSync(file, "");
    expect(() => loadConfig({ DATA_DIR: path.join(file, "data") })).toThrow(/DATA_DIR: .* is not a writable folder/);
  });
});

describe("TRUST_PROXY", () => {
  const trust = (value?: string) => loadConfig({ DATA_DIR: dataDir(), ...(value === undefined ? {} : { TRUST_PROXY: value }) }).trustProxy;

  it("trusts loopback only by default", () => {
    expect(trust()).toEqual(["loopback"]);
  });

  it("takes none, a number of hops, or a list of addresses, subnets and named ranges", () => {
    expect(trust("none")).toBe(false);
    expect(trust("2")).toBe(2);
    expect(trust("loopback, uniquelocal, 10.0.0.0/8, 2001:db8::1")).toEqual(["loopback", "uniquelocal", "10.0.0.0/8", "2001:db8::1"]);
  });

  it("fails fast naming the variable on anything else", () => {
    for (const bad of ["true", "*", "proxy.example.org", "10.0.0.0/33", "loopback,,nonsense"]) {
      expect(() => trust(bad), bad).toThrow(/TRUST_PROXY/);
    }
  });
});

describe("VAPID keys (Web Push)", () => {
  it("generates one key pair into DATA_DIR and keeps it; the subject is mailto: the sender", () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir, MAIL_FROM: '"Cloverleaf" <alerts@rodeo.example.org>' }).vapid;
    expect(Buffer.from(first.publicKey, "base64url")).toHaveLength(65);
    expect(Buffer.from(first.privateKey, "base64url")).toHaveLength(32);
    expect(first.subject).toBe("mailto:alerts@rodeo.example.org");
    expect(loadConfig({ DATA_DIR: dir }).vapid).toMatchObject({ publicKey: first.publicKey, privateKey: first.privateKey });
    expect(fs.statSync(path.join(dir, "vapid-keys.json")).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(dir).filter((name) => name.startsWith("vapid"))).toEqual(["vapid-keys.json"]);
  });

  it("takes a key pair and subject from the configuration", () => {
    const { publicKey, privateKey } = loadConfig({ DATA_DIR: dataDir() }).vapid;
    const dir = dataDir();
    const cfg = loadConfig({ DATA_DIR: dir, VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey, VAPID_SUBJECT: "https://rodeo.example.org/contact" });
    expect(cfg.vapid).toEqual({ publicKey, privateKey, subject: "https://rodeo.example.org/contact" });
    expect(fs.existsSync(path.join(dir, "vapid-keys.json"))).toBe(false);
  });

  it("fails fast naming the variable on a wrong key or subject", () => {
    const { publicKey, privateKey } = loadConfig({ DATA_DIR: dataDir() }).vapid;
    const other = loadConfig({ DATA_DIR: dataDir() }).vapid;
    const load = (env: Record<string, string>) => () => loadConfig({ DATA_DIR: dataDir(), ...env });
    expect(load({ VAPID_PUBLIC_KEY: publicKey })).toThrow(/VAPID_PRIVATE_KEY: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be given together/);
    expect(load({ VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: "not-a-key" })).toThrow(/VAPID_PRIVATE_KEY/);
    expect(load({ VAPID_PUBLIC_KEY: other.publicKey, VAPID_PRIVATE_KEY: privateKey })).toThrow(/VAPID_PUBLIC_KEY: is not the public key of VAPID_PRIVATE_KEY/);
    expect(load({ VAPID_SUBJECT: "http://rodeo.example.org" })).toThrow(/VAPID_SUBJECT: VAPID_SUBJECT must be a mailto: address or an https: URL/);
  });
});

// Continuous replication and push hosts, appended: imports are hoisted.
import { replicaConfig } from "~/lib/config.server";
import { litestreamConfig } from "../../server/litestream";

describe("LITESTREAM_REPLICA_URL", () => {
  it("is off when unset, and reads a file folder or an S3 bucket and path with the S3 variables", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).replica).toBeNull();
    expect(replicaConfig({ LITESTREAM_REPLICA_URL: "file:///mnt/backup/cloverleaf" })).toEqual({ kind: "file", url: "file:///mnt/backup/cloverleaf", dir: "/mnt/backup/cloverleaf" });
    expect(
      replicaConfig({ LITESTREAM_REPLICA_URL: "s3://rodeo-backups/cloverleaf/prod/", AWS_REGION: "us-east-2", AWS_ENDPOINT_URL_S3: "https://s3.us-west-004.backblazeb2.com" }),
    ).toEqual({ kind: "s3", url: "s3://rodeo-backups/cloverleaf/prod/", bucket: "rodeo-backups", prefix: "cloverleaf/prod", region: "us-east-2", endpoint: "https://s3.us-west-004.backblazeb2.com" });
    expect(replicaConfig({ LITESTREAM_REPLICA_URL: "s3://rodeo-backups" })).toMatchObject({ bucket: "rodeo-backups", prefix: "", region: undefined, endpoint: undefined });
  });

  it.each(["/mnt/backup", "file://relative/folder", "file:///", "https://example.org/x", "s3:///no-bucket"])("refuses %s with a message naming the variable", (value) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), LITESTREAM_REPLICA_URL: value })).toThrow(
      "LITESTREAM_REPLICA_URL: LITESTREAM_REPLICA_URL must be file:///absolute/folder or s3://bucket/path",
    );
  });

  it("gives Litestream the database under <replica>/db, synced every second", () => {
    const s3 = replicaConfig({ LITESTREAM_REPLICA_URL: "s3://b/cloverleaf", AWS_ENDPOINT_URL_S3: "http://127.0.0.1:9000" })!;
    expect(litestreamConfig("/data/app.db", s3).dbs).toEqual([
      {
        path: "/data/app.db",
        "monitor-interval": "250ms",
        replicas: [{ type: "s3", bucket: "b", path: "cloverleaf/db", endpoint: "http://127.0.0.1:9000", "force-path-style": true, "sync-interval": "1s" }],
      },
    ]);
    const file = replicaConfig({ LITESTREAM_REPLICA_URL: "file:///mnt/r" })!;
    expect(litestreamConfig("/data/app.db", file).dbs[0]!.replicas).toEqual([{ type: "file", path: "/mnt/r/db", "sync-interval": "1s" }]);
  });
});

describe("PUSH_ALLOWED_HOSTS", () => {
  it("is a list of lower-case host names", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).pushAllowedHosts).toEqual([]);
    expect(loadConfig({ DATA_DIR: dataDir(), PUSH_ALLOWED_HOSTS: " Push.Internal. , localhost,," }).pushAllowedHosts).toEqual(["push.internal", "localhost"]);
  });
});
