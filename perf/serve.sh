#!/bin/bash
# demo server on :3496 for perf work; DATA_DIR /tmp/perf-data
export DATA_DIR=/tmp/perf-data PORT=3496 NODE_ENV=production WEB_CONCURRENCY=${WEB_CONCURRENCY:-1} SESSION_SECRET=perf-secret-perf-secret-perf-secret-1234
mkdir -p $DATA_DIR
if [ ! -f $DATA_DIR/.seeded ]; then npx tsx scripts/seed-demo.ts && touch $DATA_DIR/.seeded; fi
exec node $PROF scripts/start.js
