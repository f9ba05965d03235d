# The everyday commands, each a thin call of what README.md and the docs say; `make`
# alone builds. Variables: BANGSIM (the binary), DIR (the result directory `make
# report` reads), BENCH (the benchmarks to run), COUNT (their repetitions).

BANGSIM ?= ./bangsim
DIR ?= results
BENCH ?= .
COUNT ?= 6

.PHONY: build test bench pgo ci report slurm-test

# The binary, built with the PGO profile cmd/bangsim/default.pgo (README: quick examples).
build:
	go build -o $(BANGSIM) ./cmd/bangsim

# The test suite CI runs (README).
test:
	go test ./...

# The whole-game benchmarks on one core, built as bangsim is (benchmarks/doc.go);
# compare two runs with benchstat.
bench:
	go test ./benchmarks -pgo=cmd/bangsim/default.pgo -run '^$$' -bench '$(BENCH)' -count $(COUNT) -cpu 1

# Rewrite cmd/bangsim/default.pgo after a change to a hot path (benchmarks/pgo.sh).
pgo:
	benchmarks/pgo.sh

# Everything CI checks: gofmt, vet, actionlint, the tests, the race detector; as root
# also the Slurm test (.ci/run).
ci:
	bash .ci/run

# report.html and summary.md of a result directory (docs/guide.md): make report DIR=sizes
report: build
	$(BANGSIM) report $(DIR)

# The Slurm job-array recipe on a one-node cluster on localhost (docs/cluster.md);
# needs root and Debian's slurmctld, slurmd, slurm-client and munge.
slurm-test:
	BANGSIM_SLURM_TEST=1 go test ./examples -run TestSlurmArray -count 1 -v
