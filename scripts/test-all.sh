#!/usr/bin/env bash
# `npm test`: everything CI proves, tier by tier in order of speed (each tier also runs on its own: README). Needs `npm run build` first (e2e and container tests use it).
# First it checks what the tiers need and says in one line what it found or what is missing (then it stops):
# Node 24, the tests' PostgreSQL server, PostgreSQL's server programs and Chromium (scripts/find-tools.mjs finds
# them, as the tests themselves do). The container tiers need a Docker engine with Compose v2; without one they are
# skipped with one line saying why, except on CI.
set -euo pipefail
cd "$(dirname "$0")/.."
export CI="${CI:-}"
step() { printf '\n=== %s ===\n' "$1"; }
# Anything but empty, "false" or "0" counts as CI, as Playwright's config reads it.
on_ci() { [ -n "$CI" ] && [ "$CI" != "false" ] && [ "$CI" != "0" ]; }
# `docker info` hangs, rather than fails, on some broken engines; `timeout` is not on every Mac.
bounded() { if command -v timeout >/dev/null; then timeout 60 "$@"; else "$@"; fi; }

command -v node >/dev/null || { echo "missing prerequisites: Node 24 (no node on PATH)" >&2; exit 1; }
node scripts/find-tools.mjs check || exit 1

# Why the container tiers cannot run here, or nothing when they can.
container_problem() {
  command -v docker >/dev/null || { echo "no docker command"; return; }
  local error
  if ! error=$(bounded docker info 2>&1 >/dev/null); then
    echo "docker info failed: $(printf '%s\n' "$error" | grep -v '^\s*$' | tail -1)"
    return
  fi
  bounded docker compose version >/dev/null 2>&1 \
    || { echo "docker compose version failed"; return; }
}
run_containers=yes
if [ "${SKIP_CONTAINER_TEST:-}" = "1" ]; then
  run_containers=no
  container_line="container tiers skipped (SKIP_CONTAINER_TEST=1)"
else
  problem=$(container_problem)
  if [ -n "$problem" ]; then
    # CI is where the image, the compose files and the scale-out stack are proven: there a missing engine fails the
    # run (here, before the slow tiers) instead of passing it with the container tiers quietly left out.
    if on_ci; then
      echo "FAIL: CI needs a Docker engine with Compose v2 for the container tiers ($problem)" >&2
      exit 1
    fi
    run_containers=no
    container_line="container tiers skipped: no Docker engine with Compose v2 found ($problem)"
  else
    # The scale-out test defaults to the CI machines' podman socket when DOCKER_HOST is unset: name the engine the
    # checks above reached (the current Docker context's, e.g. Docker Desktop's) so every container tier uses it.
    if [ -z "${DOCKER_HOST:-}" ] && [ -z "${DOCKER_CONTEXT:-}" ]; then
      host=$(docker context inspect --format '{{.Endpoints.docker.Host}}' 2>/dev/null || true)
      [ -n "$host" ] && export DOCKER_HOST="$host"
    fi
    container_line="container tiers: Docker $(docker version --format '{{.Server.Version}}' 2>/dev/null || echo '?'), Compose $(docker compose version --short 2>/dev/null || echo '?')"
  fi
fi
echo "$container_line"

step "lint";       npm run lint
step "typecheck";  npm run typecheck
step "unit (no database: backend pure parts, frontend components)"; npm run test:unit
step "HTML (W3C Nu checker over every prerendered page: zero errors)"; npm run check:html
step "integration (backend against real PostgreSQL and SMTP)"; npm run test:int
step "faults (kill -9, PostgreSQL restart, SMTP outage, two instances, HTTP edges)"; npm run test:faults
step "end-to-end (Chromium)"; npm run test:e2e
if [ "$run_containers" = yes ]; then
  step "container image and compose"; npm run test:container
  step "scale-out (three web replicas, a worker and HAProxy; one replica killed mid-burst)"; npm run test:scale
else
  echo
  echo "$container_line"
fi
