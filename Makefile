# The everyday commands, each a thin call of what README.md and the docs say; `make`
# alone builds. Variables: BANGSIM (the binary), DIR (the result directory `make
# report` reads), BENCH (the benchmarks to run), COUNT (their repetitions), ROUNDS
# (make targets' rounds).

BANGSIM ?= ./bangsim
DIR ?= results
BENCH ?= .
COUNT ?= 6
ROUNDS ?= 10

.PHONY: build test bench targets pgo ci report slurm-test

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

# Issue 11's card-game targets against the machine's speed of the moment, as a multiple
# of DiceSimple/plain in the same runs (benchmarks/targets.sh; ROUNDS, default 10).
targets:
	benchmarks/targets.sh $(ROUNDS)

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
