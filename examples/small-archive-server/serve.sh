#!/bin/sh
# Serves a catalogue on 127.0.0.1:8000 for a reverse proxy that publishes it at
# https://archive.example.org/api (see README.md for the nginx side).
#
#   examples/small-archive-server/serve.sh [catalogue path or snapshot]
#
# The links in responses (next, previous, the endpoint list) are built on PUBLIC_URL, whatever
# Host the proxy sends. SIGINT / SIGTERM (Ctrl-C, systemctl stop) finish the requests in flight
# before exiting.
set -eu
cd "$(dirname "$0")/../.."

CATALOGUE_PATH=${1:-data/sample.ndjson}
PUBLIC_URL=${PUBLIC_URL:-https://archive.example.org/api}
SNAPSHOT=${SNAPSHOT:-${TMPDIR:-/tmp}/archive-catalogue.snapshot}

# Index once: a snapshot loads much faster than the NDJSON on every restart.
if [ ! -f "$SNAPSHOT" ] || [ "$CATALOGUE_PATH" -nt "$SNAPSHOT" ]; then
  npx catalogue validate "$CATALOGUE_PATH"
  npx catalogue index "$CATALOGUE_PATH" -o "$SNAPSHOT"
fi

# node itself, not npx: npx does not pass SIGTERM on, so a stop would orphan the server.
exec node packages/cli/dist/bin.js serve "$SNAPSHOT" \
  --host 127.0.0.1 --port "${PORT:-8000}" \
  --base-url "$PUBLIC_URL" \
  --access-log
