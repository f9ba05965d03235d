package bang

// Deal says how characters are given to seats; both games deal the same ways.
type Deal uint8

// The character deals: Random from the box without repeats (the rulebook), Plain (no
// ability) for everyone, Pool dealt at random without repeats from a list, Seats giving
// the i-th listed character to seat i (seat 0 is the player who starts).
const (
	DealRandom Deal = iota
	DealPlain
	DealPool
	DealSeats
)

// String names a deal as run.json records it.
func (d Deal) String() string {
	switch d {
	case DealRandom:
		return "random"
	case DealPlain:
		return "plain"
	case DealPool:
		return "pool"
	case DealSeats:
		return "fixed-seats"
	}
	return "unknown"
}
