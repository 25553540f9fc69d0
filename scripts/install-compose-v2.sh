#!/usr/bin/env bash
# Makes `docker compose` (Compose v2) available as a Docker CLI plugin when it is not, so the container tests can run
# the README's commands (they use Compose v2 only) on a CI machine whose Debian bookworm has only v1. Bookworm has no
# Compose v2; Debian trixie's `docker-compose` package is v2 (a single static binary). apt fetches it from the
# machine's Debian mirror with the usual signature checks, into a private apt state (the system's sources and
# package lists are not touched), and the binary goes to ~/.docker/cli-plugins, where the Docker CLI looks for
# plugins. Nothing is installed system-wide. Used by .ci/run; a developer can run it once by hand.
set -euo pipefail

if docker compose version >/dev/null 2>&1; then
  docker compose version
  exit 0
fi

mirror="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
plugins="${DOCKER_CONFIG:-$HOME/.docker}/cli-plugins"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/lists/partial" "$work/cache/archives/partial"
echo "deb $mirror trixie main" >"$work/sources.list"
apt_opts=(
  -o "Dir::Etc::SourceList=$work/sources.list" -o Dir::Etc::SourceParts=/dev/null
  -o "Dir::State::Lists=$work/lists" -o "Dir::Cache=$work/cache" -o Dir::State::status=/dev/null
  -o APT::Sandbox::User=root -o "APT::Architecture=$(dpkg --print-architecture)"
)
apt-get -qq "${apt_opts[@]}" update
(cd "$work" && apt-get -qq "${apt_opts[@]}" download docker-compose)
deb=$(ls "$work"/docker-compose_*.deb)
dpkg-deb -x "$deb" "$work/root"
mkdir -p "$plugins"
install -m 0755 "$work/root/usr/libexec/docker/cli-plugins/docker-compose" "$plugins/docker-compose"
docker compose version
