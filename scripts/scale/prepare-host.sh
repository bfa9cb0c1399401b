#!/usr/bin/env bash
# The scaled topology's system services, on Debian: installs PostgreSQL, Redis, Prometheus and nginx if absent,
# starts the PostgreSQL cluster (creating one if the machine has none, as .ci/start-postgres.sh does for CI)
# and makes sure database $1 exists, owned by postgres/postgres. `--recreate` drops it first (a test run's fresh start).
# Redis, Prometheus and nginx are not started here: each topology runs its own, on ports of its own.
# Usage: prepare-host.sh <database> [--recreate]   → prints the database's URL on its last line
set -euo pipefail
database=${1:?usage: prepare-host.sh <database> [--recreate]}
recreate=${2:-}
[[ "$database" =~ ^[a-z_][a-z0-9_]*$ ]] || { echo "not a plain database name: $database" >&2; exit 2; }

missing=()
compgen -G "/usr/lib/postgresql/*/bin/postgres" >/dev/null || missing+=(postgresql)
command -v redis-server >/dev/null || missing+=(redis-server)
[[ -x /usr/bin/prometheus ]] || missing+=(prometheus)
[[ -x /usr/sbin/nginx ]] || missing+=(nginx)
if ((${#missing[@]})); then
  [[ $EUID -eq 0 ]] || { echo "missing Debian packages: ${missing[*]} (apt-get install them as root)" >&2; exit 1; }
  echo "installing ${missing[*]}…" >&2
  install() { DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null; }
  # The package lists are refreshed only when the install fails without it (none yet, or out of date).
  install 2>/dev/null || { apt-get update -qq && install; }
fi

as_postgres() { if [[ $EUID -eq 0 ]]; then su postgres -c "$1"; else sudo -u postgres sh -c "$1"; fi; }

version=$(basename "$(dirname "$(dirname "$(compgen -G "/usr/lib/postgresql/*/bin/postgres" | sort -V | tail -1)")")")
if ! pg_lsclusters -h | grep -q .; then
  pg_createcluster "$version" main >/dev/null
fi
read -r cluster_version cluster_name port status _ <<<"$(pg_lsclusters -h | head -1)"
if [[ "$status" != online* ]]; then
  pg_ctlcluster "$cluster_version" "$cluster_name" start
fi
as_postgres "psql -p $port -qc \"ALTER USER postgres PASSWORD 'postgres'\""
if [[ "$recreate" == --recreate ]]; then
  as_postgres "dropdb -p $port --if-exists --force $database"
fi
as_postgres "psql -p $port -tAc \"SELECT 1 FROM pg_database WHERE datname = '$database'\"" | grep -q 1 ||
  as_postgres "createdb -p $port $database"
echo "postgres://postgres:postgres@127.0.0.1:$port/$database"
