#!/bin/sh
# Conformance client-leg fixture launcher: `client.sh <server-url>`.
# The suite sets MCP_CONFORMANCE_SCENARIO / _PROTOCOL_VERSION / _CONTEXT and appends the URL.
# The fixture is compiled from TypeScript into test/.tmp/client-fixture (git-ignored);
# it is (re)built here when missing, so a manual run works without a prior build step.
set -e
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
out="$root/test/.tmp/client-fixture/test/conformance/client-fixture/main.js"
if [ ! -f "$out" ]; then
  node "$root/node_modules/typescript/bin/tsc" -p "$here/client-fixture/tsconfig.json" >&2
fi
exec node "$out" "$@"
