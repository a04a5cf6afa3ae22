#!/bin/sh
# Compares tenkaichi's Swiss pairing with the npm package tournament-pairings.
# Installs the package from the npm registry into ./node_modules (not
# committed), builds a small Go helper there, and prints a Markdown table.
# Usage: scripts/compare-pairings/run.sh [sizes] [seed]
set -eu
cd "$(dirname "$0")"
npm install --no-audit --no-fund --silent
go build -o ./node_modules/.tenkaichi-gopair ./gopair
node compare.mjs "$@"
