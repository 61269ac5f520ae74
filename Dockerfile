# Cloverleaf: one container, one volume (/data: the SQLite database, uploads,
# the mail outbox and the generated session secret).
#   docker build -t cloverleaf .
#   docker run -d -p 3000:3000 -v cloverleaf-data:/data \
#     -e APP_ORIGIN=https://example.org cloverleaf
# One worker process per CPU core the container sees; with a CPU cap
# (--cpus=2) set the same number: -e WEB_CONCURRENCY=2 (1: a single process).
# Continuous replication (README, "Continuous replication"): to S3,
#   -e LITESTREAM_REPLICA_URL=s3://my-bucket/cloverleaf \
#   -e AWS_ACCESS_KEY_ID=... -e AWS_SECRET_ACCESS_KEY=... -e AWS_REGION=us-east-2
# or to a folder on another disk,
#   -v /mnt/backup/cloverleaf:/replica -e LITESTREAM_REPLICA_URL=file:///replica
# A container started on an empty volume restores from the replica first.

FROM node:24-bookworm-slim AS build
# No compiler: better-sqlite3 (13, on Node-API) carries its prebuilt binaries in
# its package, and sharp and esbuild take theirs from the registry, so the
# install downloads nothing from anywhere else and builds nothing.
ENV npm_config_fund=false \
    npm_config_audit=false
WORKDIR /app
# Dependencies first, so a source change does not install them again.
# `npm install`, not `npm ci`: ci fails on some registries for projects that
# pull in rollup's platform packages.
COPY package.json package-lock.json ./
# patch-package applies patches/ after the install (see docs/decisions/2026-11-22-route-matching-cache.md).
COPY patches ./patches
RUN npm install
COPY . .
# The build compiles the server and the scripts production runs (seed-demo,
# backup, grant-admin) to build/server/, so the prune leaves no TypeScript
# tooling: production runs plain `node`.
RUN npm run build && npm prune --omit=dev

FROM node:24-bookworm-slim
# Litestream (a Go program, installed by npm with the app's dependencies) checks
# an S3 service's certificate against the system's CA list, which the slim
# image lacks; Node carries its own.
RUN apt-get update \
  && apt-get install -y --no-install-recommends ca-certificates \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    DATA_DIR=/data \
    PORT=3000
WORKDIR /app
# The app's files stay owned by root: the server reads them, writes only /data.
COPY --from=build /app /app
# Ownership set before VOLUME, so a new named volume starts writable by node.
RUN mkdir -p /data && chown node:node /data
VOLUME /data
USER node
EXPOSE 3000
# No curl in the slim image; Node's fetch does the same. The route checks the
# database answers and /data takes writes.
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Node runs as PID 1 with no shell or npm in between, so `docker stop`'s
# SIGTERM reaches the server's primary process, which has every worker finish
# its requests in flight (within 8 s, under docker stop's 10) and exits 0.
# The workers are its own children: it reaps them, and replaces one that dies.
# Source maps: a crash's stack names the TypeScript file and line. The young
# generation at 16 MB a semi-space, as `npm start` runs it (package.json): Node
# 24 grows it to 64 MB, and each process held about 100 MB more for it
# (bench/README.md, "Memory of a worker").
CMD ["node", "--enable-source-maps", "--max-semi-space-size=16", "build/server/index.js"]
