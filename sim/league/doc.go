// Package league plays seasons of the "Liga Bang!" league (seed 003; the digest and
// decisions L1–L9 and L1a are shared/rules/league.md; docs/league.md is the user's
// account): the qualifying round's meetings and games at tables drawn at random, the
// character auction before each game, the score tables, the ranking, the knock-out
// rounds and the awards. The games themselves are the card engine's (sim/card), played
// by the card bots (strategy/cardbots) with each seat's character fixed by the auction.
//
// # A season
//
// NewLeague checks a Config and measures the character values once (see below);
// League.Season(seed) then plays one season, and any number of seasons may run at once.
// In each of Config.Meetings meetings each player comes with probability
// Config.Attendance (the rules leave attendance to the players; this is the model) and
// plays up to Config.GamesPerMeeting games. Each game the players present are shuffled
// and split into the fewest tables of MinTable to MaxTable players, as even as possible
// (the referee's random draw; those who fit no table sit the game out). The order at the
// table is the score sheet's: seat 0 is the Sheriff and the others follow to his left.
// The roles are dealt face down before the auction: the engine's own deal
// (bang.DealRoles on the game's engine stream, which is what card.State.Setup does
// first) is read before the auction, so every bidder knows its role, and the game checks
// that the engine dealt the same. The auction gives every seat its character
// (card.DealSeats), the game is played, and the score table pays each player by the
// winning side, role and fate (L1). A player stops once Config.MaxGames games are
// recorded, so every recorded game counts (L6); a player with fewer than MinGames is
// not ranked. The score is StartCash + won − spent (the rules' $2,000 + $ won − $ spent);
// ties in score are ranked by player number (the rules name no tie-break).
//
// # The auction
//
// Auctioneer.Run follows the seed and L7 exactly: the Sheriff lays out as many
// characters as players (drawn at random from the 16), picks one and bids; bids are
// multiples of $100 and the first may be $0; going left, each player still in raises or
// passes, and a player who passes is out of that auction; nobody bids more than they
// have, so a player who cannot cover the next step (every player with $0) must pass
// and is not asked; the last bidder left pays and takes the character; the next player
// to the left of the last winner who has no character and has money opens the next
// auction; players with a character take no further part; the last player without a
// character takes the last one for $0; when only players with $0 are left, they choose
// in score-sheet order, the last taking the last. Bidders are policies (L2, the Bidder
// interface); an illegal answer is replaced and counted, as the card engine does.
//
// # What a character is worth: the valuation
//
// At the auction a player knows its own role (dealt face down before it) and the
// Sheriff's (seat 0's, public); nothing else. The `value` bidder's worth of a character
// is therefore a function of its own role and the table size: Values, measured by
// simulation once per league configuration (cacheable: Config.Values with a matching
// Key), not per bid. For each table size from MinTable to MaxTable the season's card bot
// plays Config.ValueGames games with characters dealt at random (the rulebook's deal),
// and the season's score table pays every seat; Values keeps, per table size × role ×
// character, the seats, the wins and the sum of the dollars paid (integers, merged by
// addition, so any number of workers gives the same values). Expected(n, role, c) is the
// mean paid. The bidder's worth of the character on the block is its Expected less the
// mean Expected of the other characters still laid out (what it would end up with if it
// let this one go); it opens the character worth most to it at $0, raises $100 at a time
// while the bid stays within that worth and its money, and, with no money, chooses the
// character with the highest Expected. It ignores what a character would be worth to
// the others (it does not bid to keep a strong character from the Sheriff). The worth
// recorded beside every price paid (SeatRecord.Worth, L2) is the character's uplift:
// Expected less the role's mean over all characters at that table size. The `frugal`
// bidder never pays, a baseline.
//
// # Score tables
//
// A ScoreTable is a data file (Parse; the format is in docs/league.md): rows of
// players, winning side, role, condition (any, alive, dead, last-three,
// lost-final-duel) and amount, each marked known or assumption; the first matching row
// of a players/winner/role pays, none pays 0, a draw (C11) pays nobody. Two tables are
// embedded: davinci-example, the L1 example (the known daVinci numbers and labelled
// assumptions, in dollars: the default) and czech-points, the L1a reference (points:
// tests and comparison; a season refuses a points table). A player's Fate is read from
// the elimination order, which games record (traced events) only when a table's
// conditions need it (among the last three: eliminated with 3 or fewer alive, or alive
// at the end of a game that ended with 3 or fewer alive; lost the final duel: eliminated
// with 2 alive, in the game's last two-player exchange).
//
// # Finals: the long duel
//
// The top 8 ranked players play the knock-out rounds of L4: quarter-finals 1–8, 4–5,
// 2–7, 3–6 (so the semi-finals are 1/8 against 4/5 and 2/7 against 3/6), the final,
// and third place between the semi-final losers; a seed missing for want of ranked
// players is a bye. Each match is the two-player "long duel" (seed 003, L5, L8) played
// by the card engine (card.LongDuel). Config.Duel is the hook: a Duel gets the Match
// (the round, the two players, the better-ranked first, and a seed of its own) and says
// who won. The default, LongDuel(Config.DuelBot, Config.DuelDraft), plays the duel from
// the match seed with the better-ranked player as seat 0 (who chooses the draft order)
// and both players on the same duel bots (strategy/duelbots); CoinDuel, a fair coin from
// the match's seed, remains for tests and as --finals coin.
//
// # Awards
//
// AwardsOf gives the three awards among the ranked players who did not withdraw (L9): most kills, fewest
// deaths, most deaths, counted over their (all counted) games, kills as the engine
// credits them (C1/C4: Dynamite and one's own Duel are nobody's). Ties go to the player
// with more $ (the score), except most deaths, to the one with fewer $; equal $ too: the
// lower player number (this project's choice).
//
// # Withdrawal
//
// Config.Withdrawals schedules a player's withdrawal: before a game (they play no more)
// or during it from a given turn, when the card engine makes their seat passive
// (card.Table.Withdraw, card.State.Withdraw) and keeps every passive rule itself: the
// hand is discarded, the ability lost; the turn checks the Dynamite and the Jail and is
// skipped; it answers nothing (no Missed!, Barrel, Beer or BANG!), its cards in play have
// no effect, a General Store's card is taken for it at random and discarded, a Saloon
// heals it; it counts in the ring for distances, is a legal target, and its death pays
// the normal reward and penalty; it earns $0. Its policy is never asked again. A
// withdrawn player plays no further game and leaves the league for good: the record made
// stays, but they are not ranked, take no finals seat (the next-ranked player has it) and
// win no award. Withdrawal.Finals withdraws a player after the ranking, before their
// first knock-out match: they keep rank and seat and lose that match by forfeit (two
// such players: the better-ranked goes through). Withdrawal.OneSeason limits a
// withdrawal to one season number (League.SeasonNumber).
//
// # The season's record
//
// A Result keeps every game (GameRecord: the seats, the layout, the auction's every
// step, the passive seats, each player's money after it) and every knock-out match
// (MatchResult: the draft choice, a forfeit, a draw), so a season can be written out
// and replayed: AppendGames, AppendAuctions and AppendMatches format them as the rows
// of games.csv, auctions.csv and matches.csv (docs/league.md, "A season's record");
// GameTable sets a recorded game up to be played again alone and SameGame checks that
// it was. The record costs the copy of each auction's log, a few hundred bytes a game.
//
// # Determinism
//
// A season depends only on its League and seed (L3): game k's card-game seed is
// seed.ForGame(seed.ForGame(season, 1), k), the characters laid out for its auction come
// from seed.ForGame(seed.ForGame(season, 2), k), attendance and tables from one
// math/rand/v2 PCG seeded from seed.ForGame(season, 3), knock-out match m's seed is
// seed.ForGame(seed.ForGame(season, 4), m). Bids are integer arithmetic; nothing iterates
// a map. The same league and seed give the same Result, byte for byte.
//
// # Cost
//
// BenchmarkSeason plays one default season (20 players, about 48 games of heuristic
// bots) in 2.5 ms on one idle core of the 2-core development machine, 7 to 9 ms while
// other work loads it; measuring the values (20,000 games per table size, 4 sizes) takes
// 8.5 s on one loaded core, once per league. So 1,000 seasons take well under a minute.
// Tracing the elimination order, for a table that needs it, costs about 15% a game.
package league
