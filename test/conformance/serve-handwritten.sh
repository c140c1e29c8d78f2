#!/usr/bin/env bash
# Builds the runtime and starts the hand-written runtime-only fixture on 127.0.0.1:PORT (path /mcp).
set -euo pipefail
PORT="${1:-3101}"
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$ROOT"
node node_modules/typescript/bin/tsc -b packages/runtime/tsconfig.json
exec node test/conformance/fixture/handwritten-server.mjs "$PORT"
