#!/bin/sh
# `serve` (default): apply pending migrations (an advisory lock makes concurrent starts safe), then run the site.
# `worker`: run only the email worker. Anything else runs as a command (e.g. `npm run export -- submissions`).
set -e
case "${1:-serve}" in
  serve)
    node backend/dist/cli/migrate.js
    exec node backend/dist/main.js
    ;;
  worker)
    node backend/dist/cli/migrate.js
    exec node backend/dist/worker.js
    ;;
  *)
    exec "$@"
    ;;
esac
