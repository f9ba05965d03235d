package enginetest

import (
	"encoding/binary"
	"hash"
)

// Write writes each of xs (fixed-size values: arrays, structs of numbers) into h in
// little-endian order: a game's fingerprint, which a test pins or compares. A value
// binary.Write cannot encode is a bug in the test, so it panics.
func Write(h hash.Hash64, xs ...any) {
	for _, x := range xs {
		if err := binary.Write(h, binary.LittleEndian, x); err != nil {
			panic(err)
		}
	}
}
