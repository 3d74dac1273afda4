#!/usr/bin/env bash
# Starts a throwaway PostgreSQL server for the store tests and prints its DSN
# on stdout (and nothing else there, so callers can write
# DSN=$(scripts/ci-postgres.sh)); everything else goes to stderr.
#
# The server listens on 127.0.0.1:55432 only and trusts every loopback
# connection: it holds test data and nothing else. It takes 300 connections:
# the test packages run at once, each with servers of up to 16. It keeps running after the
# script ends; the data directory and the command that stops it are printed
# to stderr. Running the script again while the server answers just makes
# sure the test database exists and prints the DSN.
set -euo pipefail

port=55432
db=durbar_test
dsn="postgres://postgres@127.0.0.1:${port}/${db}?sslmode=disable"

log() { echo "ci-postgres: $*" >&2; }

# The newest installed server version, so the script keeps working after an
# upgrade of the Debian packages.
bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
if [[ -z "$bindir" || ! -x "$bindir/initdb" ]]; then
	log "no PostgreSQL server under /usr/lib/postgresql/*/bin (apt-get install postgresql)"
	exit 1
fi

# PostgreSQL refuses to run as root, so root hands the server to the
# postgres user; anyone else runs it as themselves.
as_server_user() {
	if [[ $EUID -eq 0 ]]; then
		runuser -u postgres -- "$@"
	else
		"$@"
	fi
}

answers() { "$bindir/pg_isready" -q -h 127.0.0.1 -p "$port" >/dev/null 2>&1; }

ensure_database() {
	local exists
	exists=$("$bindir/psql" -h 127.0.0.1 -p "$port" -U postgres -d postgres -tAc \
		"SELECT 1 FROM pg_database WHERE datname = '${db}'")
	if [[ "$exists" != 1 ]]; then
		"$bindir/createdb" -h 127.0.0.1 -p "$port" -U postgres "$db" >&2
		log "created database ${db}"
	fi
}

if answers; then
	log "a server already answers on 127.0.0.1:${port}"
	ensure_database
	echo "$dsn"
	exit 0
fi

datadir=$(mktemp -d /tmp/durbar-pg.XXXXXX)
if [[ $EUID -eq 0 ]]; then
	chown postgres: "$datadir"
fi
# The server user may not be able to enter the caller's directory.
cd /tmp

log "initialising ${datadir} with ${bindir}"
as_server_user "$bindir/initdb" -D "$datadir" -U postgres \
	--auth-local=trust --auth-host=trust --encoding=UTF8 --locale=C.UTF-8 >&2

if ! as_server_user "$bindir/pg_ctl" -D "$datadir" -l "$datadir/server.log" -w -t 60 \
	-o "-p ${port} -k /tmp -c listen_addresses=127.0.0.1 -c max_connections=300" start >&2; then
	log "server did not start; its log follows"
	cat "$datadir/server.log" >&2 || true
	exit 1
fi

ensure_database
log "running; stop it with: $( [[ $EUID -eq 0 ]] && echo 'runuser -u postgres -- ')${bindir}/pg_ctl -D ${datadir} stop"
echo "$dsn"
