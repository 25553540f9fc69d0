#!/usr/bin/env bash
# `npm test`: everything CI proves, in order of speed. Needs `npm run build` first (e2e and container tests use it).
set -euo pipefail
cd "$(dirname "$0")/.."
export CI="${CI:-}"
step() { printf '\n=== %s ===\n' "$1"; }

step "lint";       npm run lint
step "typecheck";  npm run typecheck
step "unit and integration (backend: real PostgreSQL and SMTP)"; npm test -w backend
step "frontend units"; npm test -w frontend
step "end-to-end (Chromium)"; npx playwright test
if [ "${SKIP_CONTAINER_TEST:-}" = "1" ]; then
  echo "container test skipped (SKIP_CONTAINER_TEST=1)"
else
  step "container image and compose"; npm run test:container
fi
