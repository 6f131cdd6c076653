#!/usr/bin/env bash
# Installs what the tests need from the system's packages (Debian/Ubuntu): Debian's chromium for
# the browser tests, OpenSSH for the SSH tunnel tests, openssl for TLS certificates, Percona
# Toolkit for the online schema change command lines and the slow-log oracle. The MySQL and
# MariaDB servers are provisioned by test/servers. Elsewhere it says what is missing.
set -euo pipefail
need=()
command -v chromium >/dev/null 2>&1 || [ -n "${SIGHTLINE_CHROMIUM:-}" ] || need+=(chromium)
[ -x /usr/sbin/sshd ] || command -v sshd >/dev/null 2>&1 || need+=(openssh-server)
command -v ssh-keygen >/dev/null 2>&1 || need+=(openssh-client)
command -v openssl >/dev/null 2>&1 || need+=(openssl)
command -v pgrep >/dev/null 2>&1 || need+=(procps)
# The ALTER screen writes pt-online-schema-change command lines; a test runs them. The slow-log
# tests compare with pt-query-digest (same package).
{ command -v pt-online-schema-change && command -v pt-query-digest; } >/dev/null 2>&1 ||
  need+=(percona-toolkit)
[ ${#need[@]} -eq 0 ] && exit 0
if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
  echo "sightline: installing ${need[*]} (apt-get)..." >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get install -y --no-install-recommends "${need[@]}" >&2 || {
    apt-get update >&2
    apt-get install -y --no-install-recommends "${need[@]}" >&2
  }
else
  echo "sightline: the tests need: ${need[*]}. Install them (or set SIGHTLINE_CHROMIUM to a Chromium binary)." >&2
  exit 1
fi
