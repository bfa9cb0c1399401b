#!/usr/bin/env bash
# Starts Debian's PostgreSQL cluster (creating one if the machine has none) and a chat_test database
# owned by postgres/postgres, for the API tests' TEST_DATABASE_URL.
set -euo pipefail
version=$(basename "$(dirname "$(dirname "$(compgen -G "/usr/lib/postgresql/*/bin/postgres" | sort -V | tail -1)")")")
if ! pg_lsclusters -h | grep -q .; then
  pg_createcluster "$version" main >/dev/null
fi
cluster=$(pg_lsclusters -h | head -1)
read -r cluster_version cluster_name port status _ <<<"$cluster"
[[ "$port" == 5432 ]] || { echo "PostgreSQL cluster listens on $port, expected 5432" >&2; exit 1; }
if [[ "$status" != online ]]; then
  pg_ctlcluster "$cluster_version" "$cluster_name" start
fi
su postgres -c "psql -qc \"ALTER USER postgres PASSWORD 'postgres'\""
su postgres -c "psql -tAc \"SELECT 1 FROM pg_database WHERE datname = 'chat_test'\"" | grep -q 1 ||
  su postgres -c "createdb chat_test"
echo "PostgreSQL $cluster_version ready on 127.0.0.1:5432 (database chat_test)"
