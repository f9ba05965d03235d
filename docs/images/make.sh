#!/bin/sh
# make.sh redraws the charts docs/guide.md shows, from fixed-seed runs (about a minute
# on two cores): run it from anywhere, then commit the PNGs it rewrites.
set -eu
cd "$(dirname "$0")/../.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/bangsim" ./cmd/bangsim
"$tmp/bangsim" run --players 3-8 --games 100000 --seed 1 --out "$tmp/run" -q
"$tmp/bangsim" compare --policies heuristic,simple,random --games 5000 --seed 1 --out "$tmp/cmp" -q
"$tmp/bangsim" plot "$tmp/run" --out "$tmp/img" --format png >/dev/null
"$tmp/bangsim" plot "$tmp/cmp" --out "$tmp/img" --format png >/dev/null
for f in plot-roles plot-characters-vs-role plot-characters-outlaw plot-seats plot-turns plot-compare; do
	cp "$tmp/img/$f.png" docs/images/
done
