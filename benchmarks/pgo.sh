#!/bin/sh
# pgo.sh rewrites cmd/bangsim/default.pgo, the CPU profile that `go build`, `go run` and
# `go install` of ./cmd/bangsim use for profile-guided optimization (PGO): every
# benchmark of this package on one core, built without a profile so the old one does
# not shape the new. Run it from anywhere after a change to a hot path, then compare
# with benchstat (doc.go) and commit the profile with the change. About a minute.
set -eu
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go test ./benchmarks -pgo=off -run '^$' -bench . -benchtime 2s -cpu 1 \
	-o "$tmp/benchmarks.test" -cpuprofile "$tmp/cpu.pprof" >"$tmp/bench.txt"
cp "$tmp/cpu.pprof" cmd/bangsim/default.pgo
grep -c '^Benchmark' "$tmp/bench.txt" | xargs printf 'cmd/bangsim/default.pgo: profile of %s benchmarks\n' >&2
