// Package examples holds no code: its tests check the cluster recipes beside it, the
// files docs/cluster.md shows, so that what a user copies is what was run.
//
//   - slurm/bangsim-array.sbatch, the Slurm job-array script: TestSlurmArray starts a
//     one-node Slurm cluster on localhost (munged, slurmctld, slurmd; configuration in
//     slurm/testcluster), submits the script as an 8-task array, merges the shards and
//     checks the merge equals a single process's run byte for byte. It needs root and
//     Debian's slurmctld, slurmd, slurm-client and munge, and runs only with
//     BANGSIM_SLURM_TEST=1 (.ci/run installs the packages and sets it; `make
//     slurm-test`).
//   - kubernetes/*.yaml, an Indexed Job and its merge Job: TestKubernetesManifests checks
//     their settings (Indexed, completions equal to --shards, the index in --out) and
//     runs their command lines for every index outside Kubernetes. No cluster was
//     at hand: they have not run on a real one.
//   - github/bangsim-sweep.yml, a GitHub Actions workflow (a matrix of sweep shards, then
//     merge, report and job summary): TestWorkflowShards checks that its matrix and its
//     --shard agree; .ci/run checks the whole file with actionlint.
package examples
