// Package layers holds no code: its test keeps every package's imports to the table
// docs/architecture.md draws ("may import"), so the layering the document describes is
// the one the code has.
package layers
