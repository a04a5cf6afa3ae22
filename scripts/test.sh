#!/usr/bin/env bash
# The whole test suite: vet, formatting, generated code, then every test on
# SQLite and every database test again on PostgreSQL. When TEST_DATABASE_URL is
# unset it starts a throwaway PostgreSQL cluster (initdb + pg_ctl) and stops it
# afterwards. Under CI=true nothing that needs PostgreSQL is skipped.
set -euo pipefail
cd "$(dirname "$0")/.."

say() { printf '\n== %s\n' "$*"; }
die() { printf 'test.sh: %s\n' "$*" >&2; exit 1; }

# Logs of this run go to their own directory, so two runs never overwrite
# each other's; it is kept for reading after the run.
logdir=$(mktemp -d "${TMPDIR:-/tmp}/tenkaichi-test.XXXXXX")
echo "logs: $logdir"

say "go vet"
go vet ./...

say "gofmt"
unformatted=$(gofmt -l $(find . -name '*.go' -not -path './node_modules/*' -not -path './scripts/*/node_modules/*'))
[ -z "$unformatted" ] || die "not gofmt-formatted: $unformatted"

say "self-contained"
# A user's clone has nothing beside it: no file may read data from outside
# the repository (tests use the fixtures in testdata/).
outside=$(grep -rlE '\.\./(\.\./)*shared/' --exclude-dir=.git --exclude-dir=node_modules . || true)
[ -z "$outside" ] || die "files refer to data outside the repository: $outside"

say "templ generated code is current"
gen=$(mktemp -d)
cp -r views "$gen/"
go tool templ generate -path "$gen/views" >/dev/null 2>&1 || die "templ generate failed"
# (head may close the pipe early; that is not the failure to report)
diff -r views "$gen/views" >/dev/null || { diff -r views "$gen/views" | head -20 || true; die "generated templ code is stale: run 'make generate'"; }
rm -rf "$gen"

# --- PostgreSQL ---------------------------------------------------------------
pgdir=""
stop_pg() {
	if [ -n "$pgdir" ] && [ -f "$pgdir/data/postmaster.pid" ]; then
		as_pg pg_ctl -D "$pgdir/data" -m immediate stop >/dev/null 2>&1 || true
	fi
	[ -n "$pgdir" ] && rm -rf "$pgdir"
}
trap stop_pg EXIT

# initdb refuses to run as root, so a root run uses an unprivileged account.
pg_user=""
as_pg() {
	if [ -n "$pg_user" ]; then runuser -u "$pg_user" -- "$@"; else "$@"; fi
}

start_pg() {
	command -v initdb >/dev/null && command -v pg_ctl >/dev/null || return 1
	if [ "$(id -u)" = 0 ]; then
		if id postgres >/dev/null 2>&1; then pg_user=postgres; else pg_user=nobody; fi
	fi
	pgdir=$(mktemp -d /tmp/tenkaichi-pg.XXXXXX)
	chmod 755 "$pgdir"
	[ -n "$pg_user" ] && chown "$pg_user" "$pgdir"
	local port
	for port in $(seq 54329 54429); do
		(echo >/dev/tcp/127.0.0.1/$port) >/dev/null 2>&1 || break
	done
	as_pg initdb -D "$pgdir/data" -U tenkaichi --auth=trust -E UTF8 --no-locale >"$pgdir/initdb.log" 2>&1 \
		|| { cat "$pgdir/initdb.log" >&2; return 1; }
	as_pg pg_ctl -D "$pgdir/data" -l "$pgdir/server.log" -w -t 60 \
		-o "-p $port -k $pgdir -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300" \
		start >/dev/null || { cat "$pgdir/server.log" >&2; return 1; }
	export TEST_DATABASE_URL="postgres://tenkaichi@127.0.0.1:$port/postgres?sslmode=disable"
	echo "started PostgreSQL $(postgres --version | awk '{print $3}') on 127.0.0.1:$port ($pgdir)"
}

say "PostgreSQL"
have_pg=1
if [ -n "${TEST_DATABASE_URL:-}" ]; then
	echo "using TEST_DATABASE_URL"
elif ! start_pg; then
	have_pg=0
	if [ "${CI:-}" = true ]; then
		die "CI=true but no PostgreSQL could be started: install PostgreSQL (initdb and pg_ctl on PATH) or set TEST_DATABASE_URL"
	fi
	echo "WARNING: no PostgreSQL (initdb/pg_ctl not found and TEST_DATABASE_URL unset): PostgreSQL tests NOT run" >&2
fi

# --- Chromium, for the phone tests ---------------------------------------------
say "Chromium"
find_chromium() { command -v chromium || command -v chromium-browser || command -v google-chrome || true; }
if [ -z "$(find_chromium)" ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
	echo "installing Debian's chromium package"
	(apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium) >"$logdir/apt.log" 2>&1 \
		|| { tail -20 "$logdir/apt.log" >&2; echo "apt-get install chromium failed" >&2; }
fi
if [ -n "$(find_chromium)" ]; then
	export CHROMIUM="$(find_chromium)"
	echo "using $("$CHROMIUM" --version 2>/dev/null || echo "$CHROMIUM")"
elif [ "${CI:-}" = true ]; then
	die "CI=true but Chromium is missing and could not be installed: the browser tests cannot run"
else
	echo "WARNING: no Chromium: browser tests are skipped" >&2
fi

# Japanese fonts: without one Chromium draws Japanese text as boxes of another
# width, so the phone pages' width checks would not measure what a phone shows.
if [ -n "${CHROMIUM:-}" ] && command -v fc-list >/dev/null && [ -z "$(fc-list :lang=ja 2>/dev/null)" ] \
	&& [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
	echo "installing Debian's fonts-noto-cjk (Japanese text in the browser tests)"
	(apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fonts-noto-cjk) >"$logdir/apt-fonts.log" 2>&1 \
		|| { tail -20 "$logdir/apt-fonts.log" >&2; echo "apt-get install fonts-noto-cjk failed" >&2; }
fi
if [ -n "${CHROMIUM:-}" ] && command -v fc-list >/dev/null && [ -z "$(fc-list :lang=ja 2>/dev/null)" ]; then
	[ "${CI:-}" = true ] && die "CI=true but no Japanese font is installed (Debian's fonts-noto-cjk): the Japanese phone pages cannot be measured"
	echo "WARNING: no Japanese font: Japanese pages are measured with boxes for their characters" >&2
fi

# --- axe-core, for the accessibility tests ---------------------------------------
# A test-only asset from the npm registry, pinned by scripts/axe/package-lock.json
# and installed into a cache directory outside the repository (a second run
# reuses it without the network).
say "axe-core"
if ! command -v npm >/dev/null && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
	echo "installing Debian's npm package"
	(apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq npm) >"$logdir/apt-npm.log" 2>&1 \
		|| { tail -20 "$logdir/apt-npm.log" >&2; echo "apt-get install npm failed" >&2; }
fi
if axe=$(scripts/axe/install.sh 2>"$logdir/axe.log"); then
	export AXE_CORE_JS="$axe"
	echo "using $(head -c 40 "$AXE_CORE_JS" | head -1 | sed 's|^/\*! *||') ($AXE_CORE_JS)"
elif [ "${CI:-}" = true ]; then
	cat "$logdir/axe.log" >&2
	die "CI=true but axe-core could not be installed (npm and the npm registry are needed): the accessibility tests cannot run"
else
	cat "$logdir/axe.log" >&2
	echo "WARNING: no axe-core: the accessibility audit is skipped" >&2
fi

# --- tests --------------------------------------------------------------------
# run_tests NAME LOG PACKAGES...: go test -v, showing package lines and
# failures, then a count of the tests that passed, failed and were skipped.
run_tests() {
	local name=$1 log=$2
	shift 2
	set +e
	# A busy machine can stretch the server suite past go test's default 10 minutes.
	go test -count=1 -timeout 30m -v "$@" >"$log" 2>&1
	local rc=$?
	set -e
	grep -E '^(--- FAIL|FAIL|ok|panic:)' "$log" || true
	local passed failed skipped
	passed=$(grep -c -- '--- PASS' "$log" || true)
	failed=$(grep -c -- '--- FAIL' "$log" || true)
	skipped=$(grep -c -- '--- SKIP' "$log" || true)
	echo "$name: $passed passed, $failed failed, $skipped skipped"
	if [ "$rc" != 0 ]; then
		# (head may close the pipe early; that is not the failure to report)
		{ grep -B2 -A40 -E -- '--- FAIL|^panic:' "$log" | grep -v '^{"time"' | head -200; } || true
		die "$name tests failed (full log: $log)"
	fi
}

say "all tests on SQLite"
TENKAICHI_TEST_DB=sqlite run_tests SQLite "$logdir/sqlite.log" ./...

if [ "$have_pg" = 1 ]; then
	# The packages whose tests open a database run again on PostgreSQL.
	db_pkgs=$(go list -f '{{.ImportPath}}{{range .TestImports}} {{.}}{{end}}{{range .XTestImports}} {{.}}{{end}}' ./... \
		| awk '/storage\/storagetest/ {print $1}')
	say "database tests on PostgreSQL: $(echo $db_pkgs | wc -w) packages"
	TENKAICHI_TEST_DB=postgres run_tests PostgreSQL "$logdir/postgres.log" -p 1 $db_pkgs
fi
say "all passed"
