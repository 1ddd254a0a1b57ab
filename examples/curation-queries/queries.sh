#!/bin/sh
# What a curator runs against a catalogue export, from checking it to answering questions.
#
#   examples/curation-queries/queries.sh [catalogue path]
#
# Exit codes make it scriptable: 0 ok, 1 catalogue error (invalid, unreadable, not found),
# 2 usage error (unknown option, bad parameter value).
set -eu
cd "$(dirname "$0")/../.."
catalogue() { npx catalogue "$@"; }

export CATALOGUE=${1:-data/sample.ndjson}
echo "== Is every document valid? (each problem as file:line (uri) /field: reason)"
catalogue validate "$CATALOGUE"

echo "== What is in it: types, levels, decades, top creators, subjects and formats"
catalogue stats

echo "== Photographs about public health from 1920 to 1950, oldest first"
catalogue search 'public health' --filter genre=photographs \
  --filter start_date__gte=1920 --filter start_date__lte=1950 --sort start_date --limit 10

echo "== Which subjects and creators come with 'education' (top 5 of each)"
catalogue facets education --top 5

echo "== Series and subseries online, by title"
catalogue collections --filter online=true --sort title --limit 10

echo "== A collection exactly as the API serves it"
uri=$(catalogue collections --sort title --ndjson --limit 1 | sed -E 's/.*"uri":"([^"]+)".*/\1/')
catalogue get "$uri" | head -c 400; echo

echo "== Every person, one JSON object a line, for a spreadsheet or jq"
catalogue search --filter category=person --ndjson | wc -l

echo "== Index once, then ask the snapshot the same question: same answer, faster load"
snapshot=$(mktemp -t catalogue.XXXXXX)
catalogue index "$CATALOGUE" -o "$snapshot"
catalogue get '/search?query=health&limit=3' > "$snapshot.from-source.json"
CATALOGUE=$snapshot catalogue get '/search?query=health&limit=3' > "$snapshot.from-snapshot.json"
cmp "$snapshot.from-source.json" "$snapshot.from-snapshot.json" && echo 'identical'
rm -f "$snapshot" "$snapshot".*.json
