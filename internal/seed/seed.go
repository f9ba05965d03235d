// Package seed derives independent per-game random streams from one run seed, so that
// game I of a run is the same game whatever the worker count, shard or order of play.
package seed

// SplitMix64 advances *s and returns the next output of Steele, Lea and Flood's
// SplitMix64; it is the standard way to turn correlated integers (a seed and an index)
// into well-mixed, independent-looking seeds for another generator.
func SplitMix64(s *uint64) uint64 {
	*s += 0x9e3779b97f4a7c15
	z := *s
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// ForGame returns game index's seed in the run seeded runSeed.
func ForGame(runSeed, index uint64) uint64 {
	s := runSeed
	SplitMix64(&s)
	s ^= index * 0xd1b54a32d192ed03 // a different odd constant keeps (seed, index) pairs apart
	return SplitMix64(&s)
}

// Streams expands one game seed into n 64-bit words for seeding generators (a PCG takes
// two words); each call with the same seed returns the same words.
func Streams(gameSeed uint64) (a, b, c, d uint64) {
	s := gameSeed
	return SplitMix64(&s), SplitMix64(&s), SplitMix64(&s), SplitMix64(&s)
}
