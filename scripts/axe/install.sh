#!/usr/bin/env bash
# Installs the axe-core pinned in package-lock.json (the accessibility tests'
# engine, a test-only asset that is never committed) into a cache directory
# and prints the path of its axe.min.js. A second run with the same lock file
# reuses the installed copy and needs no network.
#
#   AXE_CORE_JS=$(scripts/axe/install.sh) go test ./server -run Accessib
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cache=${TENKAICHI_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/tenkaichi}
key=$(sha256sum "$here/package-lock.json" | cut -c1-16)
dir=$cache/axe-$key
js=$dir/node_modules/axe-core/axe.min.js
if [ ! -f "$js" ]; then
	command -v npm >/dev/null || { echo "install.sh: npm is needed to install axe-core" >&2; exit 1; }
	mkdir -p "$cache"
	tmp=$(mktemp -d "$cache/axe-tmp.XXXXXX")
	trap 'rm -rf "$tmp"' EXIT
	cp "$here/package.json" "$here/package-lock.json" "$tmp/"
	(cd "$tmp" && npm ci --no-audit --no-fund --ignore-scripts --loglevel=error) >&2
	[ -f "$tmp/node_modules/axe-core/axe.min.js" ] || { echo "install.sh: npm ci did not install axe-core" >&2; exit 1; }
	# Another run may have finished first; either copy is the same.
	mv -T "$tmp" "$dir" 2>/dev/null || true
fi
echo "$js"
