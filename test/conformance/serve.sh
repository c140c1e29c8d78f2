#!/usr/bin/env bash
# Builds mcp-gen, generates the conformance fixture from test/conformance/server.yaml and starts it
# on 127.0.0.1:PORT (path /mcp). With MCP_GEN_REDIS_URL set (and MCP_GEN_STATE_KEY, MCP_GEN_HANDLE_KEY,
# required then) it is one of several instances sharing that Redis (docs/deployment.md).
set -euo pipefail
PORT="${1:-3101}"
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$ROOT"
npm run --silent build
node bin/mcp-gen.js generate test/conformance/server.yaml --out test/conformance/fixture/generated >&2
exec node test/conformance/fixture/server.mjs "$PORT"
