package resultfile

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
)

// SweepSchema is sweep.json's schema.
const SweepSchema = "bangsim.sweep/1"

// File names of a sweep directory: the manifest, the long tables (CSV and Parquet) and
// the directory that holds one run directory per cell.
const (
	SweepFile                  = "sweep.json"
	SweepRolesFile             = "sweep.csv"
	SweepCharactersFile        = "sweep-characters.csv"
	SweepRolesParquetFile      = "sweep.parquet"
	SweepCharactersParquetFile = "sweep-characters.parquet"
	SweepCellsDir              = "cells"
)

// SweepPlayersAxis names the axis over player counts: its values are a cell's player
// count, which the tables already hold in their players column.
const SweepPlayersAxis = "players"

// The kinds of an axis's values, which decide a Parquet column's type.
const (
	SweepInt  = "int"
	SweepBool = "bool"
	SweepText = "text"
)

// Sweep is sweep.json: what a sweep directory holds (its axes, and its cells with the
// value of every axis and whether they are complete), so that report, plot and merge
// can read the directory without the sweep file or the game that produced it.
type Sweep struct {
	Schema      string      `json:"schema"`
	Tool        string      `json:"tool"`
	Version     string      `json:"version"`
	Revision    string      `json:"revision,omitempty"`
	Command     []string    `json:"command"`
	File        string      `json:"file"` // the sweep file as it was given
	Description string      `json:"description,omitempty"`
	Game        string      `json:"game"`
	Base        SweepBase   `json:"base"`
	Shard       Shard       `json:"shard"`
	ShardSource string      `json:"shard_source,omitempty"`
	Formats     []string    `json:"formats"` // the tables' formats: "csv", "parquet"
	Axes        []SweepAxis `json:"axes"`
	Cells       []SweepCell `json:"cells"`
	// Excluded counts the combinations of the axes the file's exclude: left out.
	Excluded       int      `json:"excluded"`
	GamesPlanned   uint64   `json:"games_planned"`
	GamesPlayed    uint64   `json:"games_played"`
	Complete       bool     `json:"complete"`
	StartedAt      string   `json:"started_at"`
	ElapsedSeconds float64  `json:"elapsed_seconds"`
	MergedFrom     []string `json:"merged_from,omitempty"`
	// Missing lists what a partial merge lacks, "cell players=5: players 5: games 0-99".
	Missing []string `json:"missing,omitempty"`
}

// SweepBase is the run every cell starts from, before its axes' values.
type SweepBase struct {
	Players       []int             `json:"players"`
	GamesPerCount uint64            `json:"games_per_player_count"`
	Seed          uint64            `json:"seed"`
	Policy        string            `json:"policy"`
	PolicyFor     map[string]string `json:"policy_for,omitempty"` // by role name
	Characters    string            `json:"characters"`
	FixedSeats    bool              `json:"fixed_seats"`
	Rules         Settings          `json:"rules"`
}

// SweepAxis is one dimension of a sweep: its name in the sweep file, its column in the
// tables, the kind of its values and the values, as labels, in the file's order.
type SweepAxis struct {
	Name   string   `json:"name"`
	Column string   `json:"column"`
	Kind   string   `json:"kind"`
	Values []string `json:"values"`
}

// SweepCell is one run of a sweep: its directory (relative to the sweep directory), the
// label of each axis (in Axes' order), and what was played of it.
type SweepCell struct {
	Name         string   `json:"name"`
	Dir          string   `json:"dir"`
	Values       []string `json:"values"`
	Players      []int    `json:"players"`
	GamesPlanned uint64   `json:"games_planned"`
	GamesPlayed  uint64   `json:"games_played"`
	Complete     bool     `json:"complete"`
}

// Validate checks what a reader relies on: the schema, one value per axis in every
// cell, each a value of its axis, and cell directories inside cells/.
func (s *Sweep) Validate() error {
	if s.Schema != SweepSchema {
		return fmt.Errorf("%s has schema %q; this bangsim reads %q", SweepFile, s.Schema, SweepSchema)
	}
	if s.Shard.N < 1 || s.Shard.K < 1 || s.Shard.K > s.Shard.N {
		return fmt.Errorf("%s: shard %d/%d; want K/N with 1 <= K <= N", SweepFile, s.Shard.K, s.Shard.N)
	}
	for i, a := range s.Axes {
		if a.Name == "" || a.Column == "" {
			return fmt.Errorf("%s: axis %d has no name or column", SweepFile, i+1)
		}
		if !slices.Contains([]string{SweepInt, SweepBool, SweepText}, a.Kind) {
			return fmt.Errorf("%s: axis %s has kind %q; want int, bool or text", SweepFile, a.Name, a.Kind)
		}
	}
	names := map[string]bool{}
	for _, c := range s.Cells {
		if len(c.Values) != len(s.Axes) {
			return fmt.Errorf("%s: cell %q has %d values for %d axes", SweepFile, c.Name, len(c.Values), len(s.Axes))
		}
		for j, v := range c.Values {
			if !slices.Contains(s.Axes[j].Values, v) {
				return fmt.Errorf("%s: cell %q has %s %q, which is not one of the axis's values", SweepFile, c.Name, s.Axes[j].Name, v)
			}
		}
		if c.Dir != filepath.ToSlash(filepath.Join(SweepCellsDir, c.Name)) || c.Name == "" || strings.ContainsAny(c.Name, `/\`) || c.Name == "." || c.Name == ".." {
			return fmt.Errorf("%s: cell %q has directory %q; want %s/ and the cell's name", SweepFile, c.Name, c.Dir, SweepCellsDir)
		}
		if names[c.Name] {
			return fmt.Errorf("%s: cell %q is listed twice", SweepFile, c.Name)
		}
		names[c.Name] = true
	}
	return nil
}

// SamePlan reports why o is not the same sweep as s (game, base run, axes, cells), or
// "" if it is: shards of one sweep differ only in their shard and what they played. The
// reason names the first field that differs, with o's value against s's in words.
func (s *Sweep) SamePlan(o *Sweep) string {
	if why := Difference("game", o.Game, s.Game); why != "" {
		return "the sweeps differ: " + why
	}
	if why := Difference("base run", o.Base, s.Base); why != "" {
		return "the sweeps differ in their " + why
	}
	axisNames := func(x *Sweep) []string {
		var names []string
		for _, a := range x.Axes {
			names = append(names, a.Name)
		}
		return names
	}
	if why := Difference("axes", axisNames(o), axisNames(s)); why != "" {
		return "the sweeps differ in their " + why
	}
	for i := range s.Axes {
		if why := Difference("values", o.Axes[i].Values, s.Axes[i].Values); why != "" {
			return fmt.Sprintf("the sweeps differ in the axis %s: %s", s.Axes[i].Name, why)
		}
		if why := Difference("column", o.Axes[i].Column, s.Axes[i].Column); why != "" {
			return fmt.Sprintf("the sweeps differ in the axis %s: %s", s.Axes[i].Name, why)
		}
		if why := Difference("kind", o.Axes[i].Kind, s.Axes[i].Kind); why != "" {
			return fmt.Sprintf("the sweeps differ in the axis %s: %s", s.Axes[i].Name, why)
		}
	}
	if len(o.Cells) != len(s.Cells) {
		return fmt.Sprintf("the sweeps differ: %d cells against %d", len(o.Cells), len(s.Cells))
	}
	for i, c := range s.Cells {
		d := o.Cells[i]
		if why := Difference("name", d.Name, c.Name); why != "" {
			return fmt.Sprintf("the sweeps differ in cell %d: %s", i+1, why)
		}
		if why := Difference("values", d.Values, c.Values); why != "" {
			return fmt.Sprintf("the sweeps differ in cell %s: %s", c.Name, why)
		}
		if why := Difference("players", d.Players, c.Players); why != "" {
			return fmt.Sprintf("the sweeps differ in cell %s: %s", c.Name, why)
		}
	}
	return ""
}
