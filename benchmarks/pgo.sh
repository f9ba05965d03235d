#!/bin/sh
# pgo.sh rewrites cmd/bangsim/default.pgo, the CPU profile that `go build`, `go run` and
# `go install` of ./cmd/bangsim use for profile-guided optimization (PGO): the dice
# game's, the long duel's and the pipeline's benchmarks of this package on one core,
# built without a profile so the old one does not shape the new. Run it from anywhere
# after a change to a hot path, then compare with benchstat (doc.go) and commit the
# profile with the change. About a minute.
#
# The card game's benchmarks are left out: the profile's inlining of its hot calls grew
# the card engine's and the heuristic's hot code past the first-level instruction cache
# (cachegrind: 2,350 I1 misses a heuristic game with them in the profile, 920 with this
# one), and the card game ran slower for it (without them: `heuristic` 0.967–0.984 of
# the time, `random` 0.980; BASELINE.md, "The card game out of the profile"). The card
# code is compiled as without PGO.
set -eu
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go test ./benchmarks -pgo=off -run '^$' -bench '^Benchmark(Dice|LongDuel|RunPipeline)' -benchtime 2s -cpu 1 \
	-o "$tmp/benchmarks.test" -cpuprofile "$tmp/cpu.pprof" >"$tmp/bench.txt"
cp "$tmp/cpu.pprof" cmd/bangsim/default.pgo
grep -c '^Benchmark' "$tmp/bench.txt" | xargs printf 'cmd/bangsim/default.pgo: profile of %s benchmarks\n' >&2
