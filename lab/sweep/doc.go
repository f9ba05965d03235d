// Package sweep runs parameter sweeps: one `bangsim run` per cell of a product of axes
// (player counts, bots by role and their parameters, every rule option by its name, a
// character's life, character sets), described by a YAML sweep file.
//
// Parse reads the file into a Plan, checking every value against the game's own tables
// (lab.Game: its rule options, bots and player range) and preparing every cell, so a
// mistake is reported with its line and field before anything is played; nothing here
// knows one game from another. Run plays the cells one after the other into
// OUT/cells/<name>, each a run directory as `bangsim run` writes it, skipping cells whose
// run.json already matches (an interrupted sweep resumes where it stopped and never
// counts a game twice), then writes the long tables sweep.csv (cell × player count ×
// role) and sweep-characters.csv (× character), every axis a column, optionally as
// Parquet, and the manifest sweep.json (resultfile.Sweep), which report and plot read.
// Merge adds up the shard directories of a sharded sweep cell by cell with lab.Merge's
// guarantees. Calibrate and NewDryRun say what a sweep will cost before it runs.
package sweep
