#!/bin/sh
# The image's commands (docs/architecture.md §7.1); on the PATH as `site` (and `site-entrypoint`), so they also work
# in a running container: `docker compose exec -T app site export submissions > submissions.csv`.
#   serve (default)                check the configuration (a refusal changes nothing), apply pending migrations
#                                  (an advisory lock makes concurrent starts safe), then run the site
#   worker                         the same migrations, then only the background jobs (email, nightly purge)
#   migrate                        only the migrations (e.g. a job before a rollout)
#   export | purge | erase | mail | donations | requests | periodic
#                                  a staff command with its arguments (docs/staff-exports.md); it runs in the folder
#                                  it was started from if the site's user may write there, else in $HOME (or /tmp):
#                                  /app is read-only, and `--output file` must land somewhere writable
# Anything else runs as a command (the image has Node and a POSIX shell, no npm).
set -e
# /app in the image; SITE_HOME lets the tests run this same script on a checkout.
app="${SITE_HOME:-/app}"
case "${1:-serve}" in
  export | purge | erase | mail | donations | requests | periodic)
    if [ ! -w . ]; then
      for writable in "${HOME:-/tmp}" /tmp; do
        if [ -d "$writable" ] && [ -w "$writable" ]; then cd "$writable" && break; fi
      done
    fi
    command=$1
    shift
    exec node "$app/backend/dist/cli/$command.js" "$@"
    ;;
esac
cd "$app"
# Young-generation cap for the long-running processes, as `npm start` and `npm run worker` (package.json): V8's
# default lets it grow to 32 MB per half, which an idle site keeps (docs/benchmarks.md, "Startup and memory").
NODE_FLAGS=--max-semi-space-size=4
case "${1:-serve}" in
  serve)
    node backend/dist/cli/migrate.js --check-config
    exec node $NODE_FLAGS backend/dist/main.js
    ;;
  worker)
    node backend/dist/cli/migrate.js --check-config
    exec node $NODE_FLAGS backend/dist/worker.js
    ;;
  migrate)
    exec node backend/dist/cli/migrate.js
    ;;
  *)
    exec "$@"
    ;;
esac
