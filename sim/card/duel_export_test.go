package card

// DuelCheck exports the long duel's invariant checker to this directory's external
// tests (package card_test), which can import the duel bots: "" when every invariant
// holds.
func DuelCheck(d *LongDuel) string { return duelCheck(d) }
