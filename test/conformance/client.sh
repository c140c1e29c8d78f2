#!/bin/sh
# Conformance client-leg fixture launcher: `client.sh <server-url>`.
# The suite sets MCP_CONFORMANCE_SCENARIO / _PROTOCOL_VERSION / _CONTEXT and appends the URL.
# The fixture is compiled from TypeScript into test/.tmp/client-fixture (git-ignored);
# it is built here when missing, under a lock because the suite may start several
# scenarios in parallel.
set -e
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
out="$root/test/.tmp/client-fixture/test/conformance/client-fixture/main.js"
if [ ! -f "$out" ]; then
  mkdir -p "$root/test/.tmp"
  lock="$root/test/.tmp/client-fixture.lock"
  waited=0
  until mkdir "$lock" 2>/dev/null; do
    sleep 1
    waited=$((waited + 1))
    if [ "$waited" -ge 60 ]; then rmdir "$lock" 2>/dev/null || true; fi
  done
  if [ ! -f "$out" ]; then
    # Build beside the target and rename, so no run ever sees a half-written tree.
    staging="$root/test/.tmp/client-fixture.staging.$$"
    node "$root/node_modules/typescript/bin/tsc" -p "$here/client-fixture/tsconfig.json" --outDir "$staging" >&2 || { rm -rf "$staging"; rmdir "$lock"; exit 1; }
    rm -rf "$root/test/.tmp/client-fixture"
    mv "$staging" "$root/test/.tmp/client-fixture"
  fi
  rmdir "$lock"
fi
exec node "$out" "$@"
