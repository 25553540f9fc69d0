#!/usr/bin/env bash
# Proves the operator's artefacts work and prints what they cost: docker/Dockerfile builds an image of at most 200 MB
# (only the server's production files, OCI labels, a HEALTHCHECK) that runs as a non-root user, migrates an empty
# database, answers /readyz (time from `docker run` printed) with pages compressed by the build, and runs the staff
# commands; docker-compose.yml comes up with a .env copied from .env.example, its settings reach the app, and
# `up --scale app=2` adds an app container behind the load balancer, with Compose v2 (`docker compose`, the README's
# command; Compose v1 reached its end of life in 2023 and is not tested).
# Images that cannot be pulled on the CI machines (where Docker is podman underneath) are replaced by stand-ins in
# docker/compose.test.yml. Uses the engine the docker command reaches (DOCKER_HOST or the current context).
set -euo pipefail
cd "$(dirname "$0")/.."
# Compose v2 builds with BuildKit by default, which podman's Docker API does not offer (v2 would start a BuildKit
# container from an image that cannot be pulled there); the classic builder builds the same Dockerfiles.
case "${DOCKER_HOST:-}" in *podman*) export DOCKER_BUILDKIT="${DOCKER_BUILDKIT:-0}" ;; esac
PG="${TEST_PG_URL:-postgresql://postgres@127.0.0.1:5432}"
IMAGE=stichting-site:latest
MAX_IMAGE_BYTES=200000000
run_id="c$(date +%s)"
db1="site_container_${run_id}_run"
container=""
compose=()
hc_pid=""
env_file=""
backup_dir=""

cleanup() {
  set +e
  [ -n "$container" ] && docker rm -f "$container" >/dev/null 2>&1
  [ "${#compose[@]}" -gt 0 ] && "${compose[@]}" down -v >/dev/null 2>&1
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
    sleep 0.05
  done
}
label() { docker image inspect --format "{{index .Config.Labels \"org.opencontainers.image.$1\"}}" "$IMAGE"; }

# The build compresses the pages for compose's default address and site key (as `docker compose up --build` does);
# the container below serves them at that address from another port, the compose stack further down at another
# address, where each page is compressed on its first request instead. Fixed build arguments keep the build cached.
base_url=http://localhost:3000
site_key=1x00000000000000000000AA
version="$(git describe --tags --always 2>/dev/null || echo dev)"
revision="$(git rev-parse HEAD 2>/dev/null || echo unknown)"
source_url="$(git remote get-url origin 2>/dev/null || echo "file://$PWD")"

echo "--- docker build"
build_start=$(date +%s)
docker build -q -f docker/Dockerfile -t "$IMAGE" \
  --build-arg VERSION="$version" --build-arg REVISION="$revision" --build-arg SOURCE="$source_url" \
  --build-arg PUBLIC_BASE_URL="$base_url" --build-arg TURNSTILE_SITE_KEY="$site_key" . >/dev/null
size=$(docker image inspect --format '{{.Size}}' "$IMAGE")
echo "built $IMAGE in $(( $(date +%s) - build_start )) s; image size $(( size / 1000000 )) MB ($size bytes)"
[ "$size" -le "$MAX_IMAGE_BYTES" ] || { echo "FAIL: the image is larger than $(( MAX_IMAGE_BYTES / 1000000 )) MB" >&2; exit 1; }
[ "$(label revision)" = "$revision" ] && [ "$(label version)" = "$version" ] && [ "$(label source)" = "$source_url" ] \
  || { echo "FAIL: OCI labels: $(docker image inspect --format '{{json .Config.Labels}}' "$IMAGE")" >&2; exit 1; }
echo "OCI labels: version $version, revision $revision, source $source_url"
# The HEALTHCHECK's command, as the image holds it; podman's default (OCI) image format drops HEALTHCHECK, so on podman
# it is taken from the Dockerfile. It is run in the container below: the image has no curl or wget.
healthcheck=$(docker image inspect --format '{{if .Config.Healthcheck}}{{json .Config.Healthcheck.Test}}{{end}}' "$IMAGE")
if [ -z "$healthcheck" ]; then
  healthcheck=$(awk '/^HEALTHCHECK/ { found = 1 } found && /CMD \[/ { sub(/^.*CMD /, ""); print; exit }' docker/Dockerfile)
  healthcheck="[\"CMD\",${healthcheck#[}"
fi
echo "$healthcheck" | grep -q '/readyz' || { echo "FAIL: no HEALTHCHECK on /readyz: $healthcheck" >&2; exit 1; }
user=$(docker image inspect --format '{{.Config.User}}' "$IMAGE")
[ -n "$user" ] && [ "${user%%:*}" != "0" ] && [ "${user%%:*}" != "root" ] \
  || { echo "FAIL: the image's user is '$user'" >&2; exit 1; }
# Only the server's production files: no package manager, Prisma CLI or engines, compilers, sources, tests or source
# maps (of frontend/src only the translation files, which the emails are written from; of @swc only the runtime
# helpers pdfkit's font library needs).
unwanted=$(docker run --rm --entrypoint node "$IMAGE" -e '
  const { readdirSync } = require("node:fs");
  const found = [];
  const walk = (dir) => { for (const e of readdirSync(dir, { withFileTypes: true })) {
    const path = (dir === "/" ? "" : dir) + "/" + e.name;
    if (/\/(npm|npx|yarn|corepack)$|node_modules\/(prisma|@prisma\/engines|typescript|jest|@swc\/(?!helpers$)[^/]+)$|\.(map|ts)$|^\/app\/(backend|frontend|contracts)\/test$|^\/app\/(backend|contracts)\/src$|^\/app\/frontend\/src\/(?!locales$)[^/]+$|^\/app\/(e2e|docs|scripts)$/.test(path)) found.push(path);
    else if (e.isDirectory() && !["/proc", "/sys", "/dev"].includes(path)) walk(path);
  } };
  walk("/");
  console.log(found.slice(0, 20).join("\n"));')
[ -z "$unwanted" ] || { echo "FAIL: the image holds files the server never needs:"; echo "$unwanted"; exit 1; } >&2
echo "runs as user $user; no npm, Prisma CLI, sources, tests or source maps"
# The yearly statement PDF renders inside the image: pdfkit loads its fonts in a way the file tracer must be told of
# (scripts/image/runtime-files.mjs).
pdf_bytes=$(docker run --rm --entrypoint node -w /app "$IMAGE" -e '
  const { renderStatementPdf } = require("./backend/dist/donor-email/statement-pdf.js");
  renderStatementPdf({ year: 2026, payments: [{ paidAt: new Date("2026-03-01"), amountCents: 2500 }] }, "nl")
    .then((pdf) => console.log(pdf.content.subarray(0, 5).toString() === "%PDF-" ? pdf.content.length : 0));') \
  || { echo "FAIL: the image cannot render a statement PDF" >&2; exit 1; }
[ "${pdf_bytes:-0}" -gt 1000 ] || { echo "FAIL: the statement PDF rendered in the image is empty" >&2; exit 1; }
echo "renders a statement PDF ($pdf_bytes bytes)"

echo "--- docker run against an empty database"
psql "$PG/postgres" -qc "CREATE DATABASE \"$db1\"" >/dev/null
port=$(free_port)
start_ms=$(date +%s%3N)
container=$(docker run -d --network host \
  -e DATABASE_URL="$PG/$db1" -e PORT="$port" -e HOST=127.0.0.1 -e PUBLIC_BASE_URL="$base_url" \
  -e SMTP_URL=smtp://127.0.0.1:1 -e MAIL_FROM='Stichting <noreply@example.org>' -e STAFF_EMAIL=staff@example.org \
  -e STRIPE_SECRET_KEY=sk_test_container -e STRIPE_WEBHOOK_SECRET="whsec_$(openssl rand -hex 24)" \
  -e DONOR_LINK_SECRET="$(openssl rand -hex 32)" \
  -e TURNSTILE_SITE_KEY="$site_key" -e TURNSTILE_SECRET_KEY=container-secret-key \
  "$IMAGE")
if ! wait_ready "http://127.0.0.1:$port" 90; then docker logs "$container" | tail -30; echo "FAIL: not ready" >&2; exit 1; fi
echo "docker run to /readyz 200: $(( $(date +%s%3N) - start_ms )) ms (migrations of an empty database included)"
mapfile -t healthcheck_command < <(node -e 'for (const part of JSON.parse(process.argv[1]).slice(1)) console.log(part)' "$healthcheck")
docker exec "$container" "${healthcheck_command[@]}" || { echo "FAIL: the HEALTHCHECK command fails in the ready container" >&2; exit 1; }
echo "the HEALTHCHECK command passes in the container: ${healthcheck_command[*]}"
uid=$(docker exec "$container" node -p 'process.getuid()')
[ "$uid" != "0" ] || { echo "FAIL: the container runs as root" >&2; exit 1; }
echo "runs as uid $uid"
applied=$(psql "$PG/$db1" -tAc 'SELECT count(*) FROM "_prisma_migrations" WHERE finished_at IS NOT NULL')
expected=$(find prisma/migrations -name migration.sql | wc -l)
[ "$applied" = "$expected" ] || { echo "FAIL: $applied of $expected migrations applied" >&2; exit 1; }
echo "migrated the empty database ($applied migrations)"
status=$(curl -s -o /dev/null -w '%{http_code}' -H 'Accept-Encoding: br' "http://127.0.0.1:$port/en")
[ "$status" = "200" ] || { echo "FAIL: /en answered $status" >&2; exit 1; }
status=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/admin")
[ "$status" = "403" ] || { echo "FAIL: /admin answered $status" >&2; exit 1; }
if docker logs "$container" 2>&1 | grep -q 'compressed on their first request'; then
  docker logs "$container" 2>&1 | grep 'compressed on their first request' >&2
  echo "FAIL: the pages the build compressed were not used" >&2; exit 1
fi
echo "pages served as the build compressed them (nothing compressed at start)"
sleep 3
echo "idle RSS 3 s after ready: $(docker exec "$container" node -p 'Math.round(Number(/VmRSS:\s+(\d+)/.exec(require("fs").readFileSync("/proc/1/status","utf8"))[1]) / 1024)') MB"
# Every `docker compose exec -T app site …` line of the staff guides and the README (scripts/staff-commands.mjs), as
# written, in the running container (docker exec without -t is compose's -T): exit 0, and the file its `>` or a
# `docker compose cp` line takes is there and not empty. The lines that also ask Stripe run against the Stripe stand-in
# in backend/test/staff-commands.int-spec.ts; this container has no Stripe to ask.
guide_out=$(mktemp -d)
guide_ran=0
# A request and a crash report, so every export has a row to write (JSON lines of nothing is an empty file).
psql "$PG/$db1" -qc "INSERT INTO submissions (id, type, language, name, email, created_at) VALUES
  (gen_random_uuid(), 'volunteer', 'nl', 'Anna de Vries', 'anna@example.org', now());
  INSERT INTO error_reports (id, fingerprint, message, first_seen_at, last_seen_at) VALUES
  (gen_random_uuid(), 'guide', 'TypeError: x is undefined', now(), now())" >/dev/null
while IFS='|' read -r guide_line guide_redirect guide_needs; do
  if [ "${guide_line%% *}" = cp ]; then
    docker cp "$container:${guide_line#cp }" "$guide_out/copied" >/dev/null \
      && [ -s "$guide_out/copied" ] || { echo "FAIL: the guides' copy out of the container failed: $guide_line" >&2; exit 1; }
    continue
  fi
  [ "$guide_needs" = stripe ] && continue
  read -ra guide_args <<<"$guide_line"
  target="${guide_redirect:+$guide_out/$guide_redirect}"
  if ! docker exec "$container" site "${guide_args[@]}" >"${target:-/dev/null}" 2>"$guide_out/stderr"; then
    cat "$guide_out/stderr" >&2; echo "FAIL: a guide's command fails in the image: site $guide_line" >&2; exit 1
  fi
  if [ -n "$target" ] && [ ! -s "$target" ]; then echo "FAIL: site $guide_line > $guide_redirect wrote nothing" >&2; exit 1; fi
  guide_ran=$((guide_ran + 1))
done < <(node scripts/staff-commands.mjs --site)
[ "$guide_ran" -gt 20 ] || { echo "FAIL: only $guide_ran guide commands found" >&2; exit 1; }
head -c 2 "$guide_out/volunteers-november.xlsx" | grep -q PK || { echo "FAIL: the guide's export is not an XLSX file" >&2; exit 1; }
# /app is read-only for the site's user: a bare --output name lands in its home folder instead of failing (EACCES).
docker exec "$container" site export submissions --output bare-name.xlsx >/dev/null 2>&1 \
  && docker exec "$container" node -e 'process.exit(require("fs").statSync("/home/node/bare-name.xlsx").size > 0 ? 0 : 1)' \
  || { echo "FAIL: site export --output <bare name> does not write to the site's home folder" >&2; exit 1; }
rm -rf "$guide_out"
echo "the staff guides' $guide_ran site commands run in the container as written; a bare --output name lands in /home/node"
docker stop -t 20 "$container" >/dev/null
code=$(docker inspect --format '{{.State.ExitCode}}' "$container")
echo "stopped on SIGTERM with exit code $code"
docker rm "$container" >/dev/null; container=""

# docs/configuration.md, "The foundation's facts": with foundation.json as shipped (examples), the production image
# refuses to start at a public address, with one message naming each example field. (At this machine's own address,
# as above, it serves them: that is how the production build is tested.)
examples=$(node --disable-warning=MODULE_TYPELESS_PACKAGE_JSON --input-type=module -e '
  const { readFileSync } = await import("node:fs");
  const { exampleFactFields } = await import("./contracts/src/foundation-facts.ts");
  console.log(exampleFactFields(JSON.parse(readFileSync("foundation.json", "utf8"))).join(", "));')
if [ -n "$examples" ]; then
  echo "--- the production image with the shipped example facts, at a public address"
  container="site-facts-$run_id"
  refusal=$(timeout 60 docker run --name "$container" --network host \
    -e DATABASE_URL="$PG/$db1" -e PORT="$(free_port)" -e HOST=127.0.0.1 -e PUBLIC_BASE_URL=https://www.stichting.example \
    -e SMTP_URL=smtp://127.0.0.1:1 -e MAIL_FROM='Stichting <noreply@example.org>' -e STAFF_EMAIL=staff@example.org \
    -e STRIPE_SECRET_KEY=sk_test_container -e STRIPE_WEBHOOK_SECRET="whsec_$(openssl rand -hex 24)" \
    -e DONOR_LINK_SECRET="$(openssl rand -hex 32)" \
    -e TURNSTILE_SITE_KEY="$site_key" -e TURNSTILE_SECRET_KEY=container-secret-key \
    "$IMAGE" 2>&1) || true
  code=$(docker inspect --format '{{.State.ExitCode}}' "$container")
  docker rm -f "$container" >/dev/null 2>&1; container=""
  lines=$(printf '%s\n' "$refusal" | grep -c "The foundation's facts are still the shipped examples: $examples\." || true)
  # The refusal comes before the migrations: a site that will not start changes no database.
  migrated=$(printf '%s\n' "$refusal" | grep -c -i "migration" || true)
  [ "$code" != "0" ] && [ "$lines" = "1" ] && [ "$migrated" = "0" ] \
    || { echo "$refusal" | tail -20; echo "FAIL: the production image started (exit $code), did not name the example facts once, or migrated first" >&2; exit 1; }
  echo "refused to start (exit $code) with: $(printf '%s\n' "$refusal" | grep "The foundation's facts" | sed 's/^ *- //')"
fi

# The operator's first run: `cp .env.example .env`, then a few edits. Compose reads the file given by --env-file as it
# reads .env (kept out of the way here, so a developer's own .env is never touched). The edits: other host ports,
# PUBLIC_BASE_URL to match, two settings to find again in the app's start-up line, and Turnstile's siteverify at
# the stand-in (Cloudflare cannot be reached here). SMTP_URL and DATABASE_URL stay as .env.example has them
# (127.0.0.1, for `npm start`): compose must still use its own mail catcher and database.
first_run() {
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
  compose=(docker compose -p "site${run_id}" -f "$PWD/docker-compose.yml" -f "$PWD/docker/compose.test.yml" --env-file "$env_file")
  "${compose[@]}" build postgres mailpit turnstile lb >/dev/null 2>&1
  # podman runs no healthchecks by itself: its host tools do, when CONTAINER_HOST_DIR names them (.ci/run).
  if [ -n "${CONTAINER_HOST_DIR:-}" ] && [ -f "$CONTAINER_HOST_DIR/healthchecks.sh" ]; then
    bash "$CONTAINER_HOST_DIR/healthchecks.sh" 2 >/dev/null 2>&1 &
    hc_pid=$!
  fi
  up_output=$("${compose[@]}" up -d --no-build 2>&1 || true)
  app_id=$("${compose[@]}" ps -q app)
  deadline=$(( $(date +%s) + 120 ))
  health=""
  while [ "$(date +%s)" -lt "$deadline" ]; do
    health=$(docker inspect --format '{{if .State.Health}}{{.State.Health.Status}}{{end}}' "$app_id" 2>/dev/null || true)
    [ "$health" = "healthy" ] && break
    sleep 1
  done
  if [ "$health" != "healthy" ]; then echo "$up_output"; "${compose[@]}" logs app | tail -30; echo "FAIL: compose app is '$health'" >&2; exit 1; fi
  echo "compose app service is healthy"
  # The load balancer sends requests to the app once its own /readyz check has passed (every 2 s).
  deadline=$(( $(date +%s) + 30 ))
  until status=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$app_port/es"); [ "$status" = "200" ]; do
    [ "$(date +%s)" -lt "$deadline" ] || { "${compose[@]}" logs lb | tail -20; echo "FAIL: compose app answered $status on the published port" >&2; exit 1; }
    sleep 0.5
  done
  echo "compose app answers on APP_PORT $app_port (through the load balancer)"
  config_line=$("${compose[@]}" logs --no-color app | grep -m1 '"effective configuration"' || true)
  echo "$config_line" | grep -q '"contact":400' \
    || { echo "FAIL: RETENTION_DAYS_CONTACT=400 from .env did not reach the app: $config_line" >&2; exit 1; }
  echo "$config_line" | grep -q '"logLevel":"debug"' \
    || { echo "FAIL: LOG_LEVEL=debug from .env did not reach the app: $config_line" >&2; exit 1; }
  echo "$config_line" | grep -q '"smtp":"smtp://mailpit:1025' \
    || { echo "FAIL: the app does not mail through the compose mail catcher: $config_line" >&2; exit 1; }
  echo "$config_line" | grep -q '"trustProxy":1[,}]' \
    || { echo "FAIL: behind the load balancer the app must trust one proxy (TRUST_PROXY 1): $config_line" >&2; exit 1; }
  echo "settings in .env reached the app (RETENTION_DAYS_CONTACT=400, LOG_LEVEL=debug in its start-up line); SMTP is the mail catcher; one proxy trusted"
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

  echo "--- slow clients through the load balancer: 300 slow connections from one address for 20 s, another visitor unharmed"
  # The attacker runs in a container on the compose network (an address of its own; from this machine every
  # connection to the published port reaches HAProxy from the same gateway address as the visitor's), the visitor
  # here, on APP_PORT: every page 200 and every form 201 (docs/architecture.md §7.8).
  network=$(docker inspect --format '{{range $name, $_ := .NetworkSettings.Networks}}{{$name}} {{end}}' "$app_id" | awk '{print $1}')
  attack_log=$(mktemp)
  docker run --rm -i --network "$network" --entrypoint node "$IMAGE" --input-type=module - \
    --attack http://lb:8080 --connections 300 --seconds 20 <scripts/container/slow-clients.mjs >"$attack_log" 2>&1 &
  attack_pid=$!
  visit_ok=0
  visit=$(node scripts/container/slow-clients.mjs --visit "http://127.0.0.1:$app_port" --seconds 15 --forms 5 \
    --origin "http://127.0.0.1:$app_port" --turnstile-token XXXX.DUMMY.TOKEN.XXXX 2>&1) && visit_ok=1
  attack_ok=0
  wait "$attack_pid" && attack_ok=1
  attack=$(cat "$attack_log"); rm -f "$attack_log"
  [ "$attack_ok" = 1 ] || { echo "$attack"; echo "FAIL: the slow-client attack did not run against the load balancer" >&2; exit 1; }
  [ "$visit_ok" = 1 ] || { echo "$attack"; "${compose[@]}" logs lb | tail -20; echo "$visit"; echo "FAIL: a visitor saw errors while another address held slow connections" >&2; exit 1; }
  echo "attacker: $attack"
  echo "visitor: $visit"

  echo "--- up -d --scale app=2 on the running stack: no host port in the way, the load balancer finds the new one"
  "${compose[@]}" up -d --no-build --scale app=2 >/dev/null 2>&1 \
    || { "${compose[@]}" up -d --no-build --scale app=2; echo "FAIL: --scale app=2 did not come up" >&2; exit 1; }
  deadline=$(( $(date +%s) + 120 ))
  served=""
  while [ "$(date +%s)" -lt "$deadline" ]; do
    mapfile -t apps < <("${compose[@]}" ps -q app)
    if [ "${#apps[@]}" = 2 ]; then
      tag="${run_id}-grow-$(date +%s)"
      for n in 1 2 3 4 5 6; do curl -s -o /dev/null -H "x-request-id: $tag-$n" "http://127.0.0.1:$app_port/nl"; done
      served=""
      for id in "${apps[@]}"; do served+="$(docker logs "$id" 2>&1 | grep -c "\"id\":\"$tag-" || true) "; done
      [[ "$served" =~ ^[1-9][0-9]*\ [1-9][0-9]*\ $ ]] && break
    fi
    sleep 2
  done
  [[ "$served" =~ ^[1-9][0-9]*\ [1-9][0-9]*\ $ ]] \
    || { echo "FAIL: after --scale app=2 the load balancer does not reach both app containers (pages each: $served)" >&2; exit 1; }
  echo "two app containers behind the load balancer on APP_PORT $app_port, pages served by each: $served"

  echo "--- the backup and restore commands of docs/operations.md §9 for compose, as written"
  readme_block() { awk -v marker="<!-- $1 -->" '$0 == marker { found = 1; next } found && /^```sh/ { body = 1; next } body && /^```/ { exit } body' docs/operations.md; }
  block=$(readme_block backup-restore-compose)
  [ -n "$block" ] || { echo "FAIL: docs/operations.md has no backup-restore-compose block" >&2; exit 1; }
  backup_dir=$(mktemp -d)
  (
    cd "$backup_dir"
    docker() { if [ "$1" = compose ]; then shift; command "${compose[@]}" "$@"; else command docker "$@"; fi; }
    eval "$block"
  ) || { echo "FAIL: the compose backup and restore commands failed" >&2; exit 1; }
  count() { "${compose[@]}" exec -T postgres psql -U site -d "$1" -tAc 'SELECT count(*) FROM submissions' | tr -d '[:space:]'; }
  original=$(count site)
  restored=$(count site_restored)
  [ "$original" -ge 1 ] && [ "$restored" = "$original" ] \
    || { echo "FAIL: the restored database has $restored of $original submissions" >&2; exit 1; }
  echo "dumped ($(du -k "$backup_dir/site.dump" | cut -f1) KB) and restored into site_restored: $restored of $original submissions"
  "${compose[@]}" down -v >/dev/null 2>&1
  compose=()
  kill "$hc_pid" 2>/dev/null || true
  hc_pid=""
  rm -f "$env_file"
  env_file=""
  rm -rf "$backup_dir"
  backup_dir=""
}

docker compose version >/dev/null 2>&1 \
  || { echo "FAIL: no Compose v2 (docker compose); scripts/install-compose-v2.sh installs it on Debian" >&2; exit 1; }
echo "--- docker compose up (Compose $(docker compose version --short)) with a .env copied from .env.example (app service from docker-compose.yml; stand-ins for images that cannot be pulled)"
first_run
echo "container test passed"
