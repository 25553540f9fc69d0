#!/usr/bin/env bash
# Proves the operator's artefacts work: docker/Dockerfile builds; the image runs as a non-root user, migrates an
# empty database and answers /readyz; docker-compose.yml's app service comes up healthy.
# Here Docker is podman underneath (/work/shared/tools/container-host/setup.sh); images that cannot be pulled are
# replaced by stand-ins in docker/compose.test.yml.
set -euo pipefail
cd "$(dirname "$0")/.."
export DOCKER_HOST="${DOCKER_HOST:-unix:///run/podman/podman.sock}"
PG="${TEST_PG_URL:-postgresql://postgres@127.0.0.1:5432}"
IMAGE=stichting-site:latest
run_id="c$(date +%s)"
db1="site_container_${run_id}_run"
container=""
compose=(docker-compose -p "site${run_id}" -f "$PWD/docker-compose.yml" -f "$PWD/docker/compose.test.yml")
hc_pid=""
env_file=""
backup_dir=""

cleanup() {
  set +e
  [ -n "$container" ] && docker rm -f "$container" >/dev/null 2>&1
  "${compose[@]}" down -v >/dev/null 2>&1
  [ -n "$hc_pid" ] && kill "$hc_pid" 2>/dev/null
  psql "$PG/postgres" -qc "DROP DATABASE IF EXISTS \"$db1\" WITH (FORCE)" >/dev/null 2>&1
  [ -n "$env_file" ] && rm -f "$env_file"
  [ -n "$backup_dir" ] && rm -rf "$backup_dir"
}
trap cleanup EXIT

free_port() { node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"; }
wait_ready() { # url seconds
  local deadline=$(( $(date +%s) + $2 ))
  until curl -fsS "$1/readyz" >/dev/null 2>&1; do
    [ "$(date +%s)" -lt "$deadline" ] || return 1
    sleep 0.2
  done
}

echo "--- docker build"
build_start=$(date +%s)
docker build -q -f docker/Dockerfile -t "$IMAGE" . >/dev/null
echo "built $IMAGE in $(( $(date +%s) - build_start )) s; size $(docker image inspect --format '{{.Size}}' "$IMAGE" | awk '{printf "%.0f MB", $1/1000/1000}')"

echo "--- docker run against an empty database"
psql "$PG/postgres" -qc "CREATE DATABASE \"$db1\"" >/dev/null
port=$(free_port)
start_ms=$(date +%s%3N)
container=$(docker run -d --network host \
  -e DATABASE_URL="$PG/$db1" -e PORT="$port" -e HOST=127.0.0.1 -e PUBLIC_BASE_URL="http://127.0.0.1:$port" \
  -e SMTP_URL=smtp://127.0.0.1:1 -e MAIL_FROM='Stichting <noreply@example.org>' -e STAFF_EMAIL=staff@example.org \
  -e STRIPE_SECRET_KEY=sk_test_container -e STRIPE_WEBHOOK_SECRET=whsec_container \
  -e TURNSTILE_SITE_KEY=container-site-key -e TURNSTILE_SECRET_KEY=container-secret-key \
  "$IMAGE")
if ! wait_ready "http://127.0.0.1:$port" 90; then docker logs "$container" | tail -30; echo "FAIL: not ready" >&2; exit 1; fi
echo "ready in $(( $(date +%s%3N) - start_ms )) ms after docker run"
uid=$(docker exec "$container" id -u)
[ "$uid" != "0" ] || { echo "FAIL: the container runs as root" >&2; exit 1; }
echo "runs as uid $uid ($(docker exec "$container" id -un))"
applied=$(psql "$PG/$db1" -tAc 'SELECT count(*) FROM "_prisma_migrations" WHERE finished_at IS NOT NULL')
expected=$(find prisma/migrations -name migration.sql | wc -l)
[ "$applied" = "$expected" ] || { echo "FAIL: $applied of $expected migrations applied" >&2; exit 1; }
echo "migrated the empty database ($applied migrations)"
status=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/en")
[ "$status" = "200" ] || { echo "FAIL: /en answered $status" >&2; exit 1; }
status=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/admin")
[ "$status" = "403" ] || { echo "FAIL: /admin answered $status" >&2; exit 1; }
echo "RSS after start: $(docker exec "$container" sh -c 'grep VmRSS /proc/1/status' | awk '{printf "%.0f MB", $2/1024}')"
docker stop -t 20 "$container" >/dev/null
code=$(docker inspect --format '{{.State.ExitCode}}' "$container")
echo "stopped on SIGTERM with exit code $code"
docker rm "$container" >/dev/null; container=""

echo "--- docker-compose up with a .env copied from .env.example (app service from docker-compose.yml; stand-ins for images that cannot be pulled)"
# The operator's first run: `cp .env.example .env`, then a few edits. Compose reads the file given by --env-file as it
# reads .env (kept out of the way here, so a developer's own .env is never touched). The edits: other host ports,
# PUBLIC_BASE_URL to match, two settings to find again in the app's start-up line, and Turnstile's siteverify at
# the stand-in (Cloudflare cannot be reached here). SMTP_URL and DATABASE_URL stay as .env.example has them
# (127.0.0.1, for `npm start`): compose must still use its own mail catcher and database.
env_file=$(mktemp)
cp .env.example "$env_file"
set_env() { sed -i "/^$1=/d" "$env_file"; printf '%s=%s\n' "$1" "$2" >>"$env_file"; }
app_port=$(free_port)
mail_port=$(free_port)
set_env APP_PORT "$app_port"
set_env MAILPIT_PORT "$mail_port"
set_env PUBLIC_BASE_URL "http://127.0.0.1:$app_port"
set_env RETENTION_DAYS_CONTACT 400
set_env LOG_LEVEL debug
set_env TURNSTILE_VERIFY_URL http://turnstile:8080/turnstile/v0/siteverify
compose+=(--env-file "$env_file")
"${compose[@]}" build postgres mailpit turnstile >/dev/null 2>&1
bash "${CONTAINER_HOST_DIR:-/work/shared/tools/container-host}/healthchecks.sh" 2 >/dev/null 2>&1 &
hc_pid=$!
"${compose[@]}" up -d --no-build 2>&1 | grep -v "^Creating\|^Starting" || true
app_id=$("${compose[@]}" ps -q app)
deadline=$(( $(date +%s) + 120 ))
health=""
while [ "$(date +%s)" -lt "$deadline" ]; do
  health=$(docker inspect --format '{{if .State.Health}}{{.State.Health.Status}}{{end}}' "$app_id" 2>/dev/null || true)
  [ "$health" = "healthy" ] && break
  sleep 1
done
if [ "$health" != "healthy" ]; then "${compose[@]}" logs app | tail -30; echo "FAIL: compose app is '$health'" >&2; exit 1; fi
echo "compose app service is healthy"
status=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$app_port/es")
[ "$status" = "200" ] || { echo "FAIL: compose app answered $status on the published port" >&2; exit 1; }
echo "compose app answers on APP_PORT $app_port"
config_line=$("${compose[@]}" logs --no-color app | grep -m1 '"effective configuration"' || true)
echo "$config_line" | grep -q '"contact":400' \
  || { echo "FAIL: RETENTION_DAYS_CONTACT=400 from .env did not reach the app: $config_line" >&2; exit 1; }
echo "$config_line" | grep -q '"logLevel":"debug"' \
  || { echo "FAIL: LOG_LEVEL=debug from .env did not reach the app: $config_line" >&2; exit 1; }
echo "$config_line" | grep -q '"smtp":"smtp://mailpit:1025' \
  || { echo "FAIL: the app does not mail through the compose mail catcher: $config_line" >&2; exit 1; }
echo "settings in .env reached the app (RETENTION_DAYS_CONTACT=400, LOG_LEVEL=debug in its start-up line); SMTP is the mail catcher"
status=$(curl -s -o /dev/null -w '%{http_code}' -X POST "http://127.0.0.1:$app_port/api/send-email" \
  -H 'Content-Type: application/json' -H "Origin: http://127.0.0.1:$app_port" \
  --data '{"type":"contact","language":"en","turnstileToken":"XXXX.DUMMY.TOKEN.XXXX","formData":{"name":"Ben Jansen","email":"ben@example.org","subject":"First run","message":"Sent through the compose stack."}}')
[ "$status" = "201" ] || { "${compose[@]}" logs app | tail -20; echo "FAIL: a contact form through compose answered $status" >&2; exit 1; }
deadline=$(( $(date +%s) + 60 ))
mails=0
while [ "$(date +%s)" -lt "$deadline" ]; do
  mails=$(curl -fsS "http://127.0.0.1:$mail_port/api/v1/messages" 2>/dev/null | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{try{console.log(JSON.parse(s).total)}catch{console.log(0)}})')
  [ "$mails" -ge 2 ] && break
  sleep 1
done
[ "$mails" -ge 2 ] || { "${compose[@]}" logs app | tail -20; echo "FAIL: the mail catcher on MAILPIT_PORT $mail_port has $mails of 2 emails" >&2; exit 1; }
echo "a contact form sent through compose reached the mail catcher on MAILPIT_PORT $mail_port (staff notification and confirmation)"

echo "--- the README's backup and restore commands for compose, as written"
readme_block() { awk -v marker="<!-- $1 -->" '$0 == marker { found = 1; next } found && /^```sh/ { body = 1; next } body && /^```/ { exit } body' README.md; }
block=$(readme_block backup-restore-compose)
[ -n "$block" ] || { echo "FAIL: README.md has no backup-restore-compose block" >&2; exit 1; }
backup_dir=$(mktemp -d)
(
  cd "$backup_dir"
  docker() { if [ "$1" = compose ]; then shift; "${compose[@]}" "$@"; else command docker "$@"; fi; }
  eval "$block"
) || { echo "FAIL: the README's compose backup and restore commands failed" >&2; exit 1; }
count() { "${compose[@]}" exec -T postgres psql -U site -d "$1" -tAc 'SELECT count(*) FROM submissions' | tr -d '[:space:]'; }
original=$(count site)
restored=$(count site_restored)
[ "$original" -ge 1 ] && [ "$restored" = "$original" ] \
  || { echo "FAIL: the restored database has $restored of $original submissions" >&2; exit 1; }
echo "dumped ($(du -k "$backup_dir/site.dump" | cut -f1) KB) and restored into site_restored: $restored of $original submissions"
echo "container test passed"
