// Package bang holds what BANG! The Dice Game and the BANG! card game share, so that
// both engines, the lab and the reports speak of the same things in the same way: the
// roles and how many of each sit at a table of n players, the characters' names and
// how a user may spell them, the outcome of a game (who won, who drew), and the
// role × seat × character win tally every game fills.
//
// # Games as data
//
// A game declares what it is made of in a Declaration (Declare): its roles, the roles
// dealt at each table size and its characters, a CharacterSet. The printed set
// (PrintedSet, with each game's lives) numbers the 16 characters and Plain as the
// Character constants; NewCharacterSet or CharacterSet.Extend adds characters after
// them, up to MaxCharacters in all:
//
//	set, err := bang.PrintedSet(dice.Life, dice.Ability).Extend(
//		bang.CharacterSpec{Name: "Test Tank", Life: 11, Ability: "none"})
//
// An engine plays an added character through its Rules' CharacterDeal
// (SetCharacters): the random deal draws from the whole box and the character starts
// with its declared life; having a number no ability is keyed on, it has no ability.
// The set's names are what exports, --characters and --life read and write
// (CharacterSet.Parse, ParseList, ParseLifeDeltas, LifeDeltas.StringIn); the package
// functions of the same names read the printed names. Character.String knows only the
// printed names ("character #17" for an added one).
//
// It holds no rules of either game: abilities, life points and win conditions are the
// engines'. The tally is the hot path of every run, so it is fixed-size arrays of
// integers that merge by addition (see sim/tally), sized by the capacities (NumRoles,
// MaxSeats, MaxCharacters); a game's own counts are its declaration's.
package bang
