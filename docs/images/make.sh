#!/bin/sh
# make.sh redraws the pictures docs/guide.md shows, from fixed-seed runs (about two
# minutes on two cores): run it from anywhere, then commit the PNGs it rewrites. The
# picture of a report's Balance section needs Chromium (BANGSIM_CHROMIUM names
# another), as the browser test does.
set -eu
cd "$(dirname "$0")/../.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/bangsim" ./cmd/bangsim
"$tmp/bangsim" run --players 3-8 --games 100000 --seed 1 --out "$tmp/run" -q
"$tmp/bangsim" compare --policies heuristic,simple,random --games 5000 --seed 1 --out "$tmp/cmp" -q
"$tmp/bangsim" plot "$tmp/run" --out "$tmp/img" --format png >/dev/null
"$tmp/bangsim" plot "$tmp/cmp" --out "$tmp/img" --format png >/dev/null
# The guide's walk from a run to a verdict (section 11, Step 1): its balance chart and
# its report's Balance section.
"$tmp/bangsim" run --games 200000 --out "$tmp/results" -q
"$tmp/bangsim" balance "$tmp/results" >/dev/null
"$tmp/bangsim" plot "$tmp/results" --out "$tmp/bal" --format png >/dev/null
"$tmp/bangsim" report "$tmp/results" >/dev/null
cp "$tmp/bal/plot-balance-5p.png" docs/images/
go run docs/images/shot.go "$tmp/results/report.html" '#balance' 1020 docs/images/report-balance.png 1500
# The example sweep (guide, Sweeps): its cells chart and one axis.
"$tmp/bangsim" sweep examples/sweep.yaml --out "$tmp/sweep" -q
"$tmp/bangsim" plot "$tmp/sweep" --out "$tmp/img" --format png >/dev/null
for f in plot-roles plot-characters-vs-role plot-characters-outlaw plot-seats plot-turns plot-compare plot-sweep-cells plot-sweep-sheriff_bonus; do
	cp "$tmp/img/$f.png" docs/images/
done
