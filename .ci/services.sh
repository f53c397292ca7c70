# Sourced by .ci/run: system packages and services the browser and database tests need.
# Quiet and idempotent: installs only what is missing, starts PostgreSQL only if it is down.

apt_install() {
  local missing=()
  for pkg in "$@"; do dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg"); done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "ci: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get install -y -qq "${missing[@]}" >/dev/null 2>&1 \
    || { apt-get update -qq >/dev/null 2>&1 && apt-get install -y -qq "${missing[@]}" >/dev/null; }
}

apt_install chromium postgresql
# npm (the JS lint and the accessibility audit): a machine whose Node.js already brings npm (e.g.
# NodeSource's nodejs package) must not get Debian's npm, which conflicts with it.
command -v npm >/dev/null 2>&1 || apt_install npm

# PostgreSQL on 127.0.0.1 with a throwaway role and database for the persistence tests.
pg_version=$(ls /usr/lib/postgresql | sort -n | tail -1)
if ! pg_lsclusters -h 2>/dev/null | grep -q online; then
  pg_lsclusters -h 2>/dev/null | grep -q "^$pg_version main" || pg_createcluster -q "$pg_version" main >/dev/null
  pg_ctlcluster "$pg_version" main start
fi
su postgres -c "psql -qtAc \"SELECT 1 FROM pg_roles WHERE rolname='cardtable'\"" | grep -q 1 \
  || su postgres -c "psql -qc \"CREATE ROLE cardtable LOGIN PASSWORD 'cardtable'\""
su postgres -c "psql -qtAc \"SELECT 1 FROM pg_database WHERE datname='cardtable_test'\"" | grep -q 1 \
  || su postgres -c "psql -qc \"CREATE DATABASE cardtable_test OWNER cardtable\""

export CARDTABLE_TEST_DATABASE_URL="postgresql+psycopg://cardtable:cardtable@127.0.0.1:5432/cardtable_test"
export CARDTABLE_REQUIRE_BROWSER=1
export CARDTABLE_REQUIRE_POSTGRES=1
