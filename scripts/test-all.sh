#!/usr/bin/env bash
# `npm test`: everything CI proves, tier by tier in order of speed (each tier also runs on its own: README). Needs `npm run build` first (e2e and container tests use it).
set -euo pipefail
cd "$(dirname "$0")/.."
export CI="${CI:-}"
step() { printf '\n=== %s ===\n' "$1"; }

step "lint";       npm run lint
step "typecheck";  npm run typecheck
step "unit (no database: backend pure parts, frontend components)"; npm run test:unit
step "integration (backend against real PostgreSQL and SMTP)"; npm run test:int
step "faults (kill -9, PostgreSQL restart, SMTP outage, two instances, HTTP edges)"; npm run test:faults
step "end-to-end (Chromium)"; npm run test:e2e
if [ "${SKIP_CONTAINER_TEST:-}" = "1" ]; then
  echo "container test skipped (SKIP_CONTAINER_TEST=1)"
else
  step "container image and compose"; npm run test:container
  step "scale-out (three web replicas, a worker and HAProxy; one replica killed mid-burst)"; npm run test:scale
fi
