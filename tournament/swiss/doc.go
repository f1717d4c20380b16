// Package swiss runs Swiss tournaments, for chess and xiangqi alike: a set
// number of rounds, each paired by the FIDE (Dutch) system (FIDE Handbook
// C.04.3, with the basic rules of C.04.1), standings with tie-breaks, and
// the FIDE Tournament Report File (TRF16, C.04.2's data-exchange format).
//
// # Pairing
//
// [Pair] pairs one round from the players still in and the rounds played.
// Players get their pairing numbers from Rating (descending), then ID
// (C.04.2 initial order); for pairing they are ranked by score, then
// pairing number (C.04.3 A.2).
//
// The absolute criteria are never broken (C.04.3 C.1-C.3): two players meet
// at most once (forfeited games do not count, C.04.3 F.2 of the 2012 text),
// a player receives at most one pairing-allocated bye and none after a
// forfeit win (C.04.1 c, d), and no player gets a colour difference beyond
// ±2 or the same colour three times in a row (unplayed rounds skipped).
// Pair fails (with [ErrNoPairing]) only when no pairing of the whole field
// keeps them.
//
// When the number of players is odd, the bye goes first: to the
// lowest-ranked player of the lowest scoregroup who may have it and
// without whom everyone else can still be paired.
//
// The scoregroups are then paired from the top, one bracket at a time
// (A.3): a bracket is a scoregroup plus the players moved down from the one
// above (MDPs); whoever stays unpaired floats down to the next. In a
// bracket the search wants, in this order: the most pairs (C.5); the MDPs
// paired first, the highest first, each against the residents in order
// (S1 = the MDPs, S2 = the residents); the remainder is split into S1 (its
// top half) and S2, and the candidates come in the handbook's order: the
// transpositions of S2 (D.1: S1's first player takes the first S2 player
// that works, and so on, backtracking in order), then the exchanges between
// S1 and S2 (D.2: fewest players exchanged, then the smallest difference of
// the sums of their bracket numbers, then the lowest of S1 and the highest
// of S2 moved first). Each candidate is scored by the relative criteria, in
// order: the lowest scores float; the fewest players denied their colour
// preference (C.12) and their strong or absolute preference (C.13); the
// fewest downfloaters who floated down in the last round (C.14) and
// upfloaters who floated up in it (C.15), then two rounds back (C.16,
// C.17). The first candidate that meets every criterion is taken;
// otherwise the best of the first 64.
//
// Every tentative pair is checked against a matching oracle (Edmonds'
// blossom algorithm, maximum-cardinality matching): the players not yet
// paired, in this bracket and all below, must still admit a complete
// pairing. So a bracket never takes a pairing that leaves the brackets
// below stuck; instead it floats more players down (and in the extreme,
// the whole bracket merges into the next). This is the completion
// criterion (C.4) done exactly, where the handbook backtracks by hand.
//
// # Colours
//
// Colour preferences follow C.04.3 A.6: absolute when the colour difference
// is beyond ±1 or the last two played games had the same colour; strong at
// ±1; mild (alternate) at 0; none before the first game. The colours of a
// pair follow E.1-E.5: both preferences when they differ; else the stronger
// preference; then the wider colour difference; then the alternation from
// the latest round in which the two had different colours; then the
// higher-ranked player's preference. Two players with no preference: the
// higher-ranked gets White if his pairing number is odd, Black if even
// (E.5, with White as the initial colour), so in round 1 the top seed has
// White and the colours alternate down the boards: 1-5, 6-2, 3-7, 8-4.
//
// # Conventions
//
//   - A pairing-allocated bye scores 1 point, as a win (C.04.1 c; lichess
//     does the same). A Game with Black == "" is the bye.
//   - A forfeit (WhiteForfeitWin, BlackForfeitWin) scores 1-0 but is not a
//     game: no colour, and the two may still meet. The winner may not have
//     the bye later.
//   - Standings sort by points, Buchholz, Sonneborn-Berger, rating, ID.
//     Buchholz is the sum of the final scores of the opponents met over the
//     board; byes, forfeits and unpaired rounds add nothing (no virtual
//     opponent, unlike the FIDE tie-break regulations C.07). A withdrawn
//     opponent counts with his score.
//
// # Simplified or left out
//
//   - The last-round exception for topscorers (who may break the colour
//     criteria, C.04.3 A.7 and C.10-C.11) is not implemented: the absolute
//     colour criteria hold in every round. totalRounds only stops pairing
//     past the last round.
//   - The score-difference criteria (PSD, C.6 and C.18-C.21) are reduced to
//     "float the lowest scores"; the colour and float criteria count players,
//     not score-weighted pairs; heterogeneous brackets do not get the
//     "treated as homogeneous" rule of the 2012 text.
//   - The MDPs of a bracket are paired with its residents, never with each
//     other; they float on instead.
//   - The bye is chosen before the brackets are paired, not as whoever is
//     left in the last bracket; the two agree except where colours in the
//     last bracket would have made the handbook pick another player.
//   - The search is bounded (a few thousand tentative pairs per bracket and
//     size): a bracket that hits the bound still gets a legal pairing, but
//     perhaps not the best by the relative criteria.
//   - Pairing numbers are recomputed from the players passed in, so a
//     withdrawal shifts the numbers below it; only E.5's parity notices.
//   - Accelerated pairings, late entries, half-point byes, and requested
//     byes are not supported.
//
// The TRF written by [WriteTRF] holds the event lines 012, 042, 052, 062
// and 092 and one 001 line per player, numbered by starting rank; the
// FIDE-ID field holds a player's FIDE ID, blank for one without. [ReadTRF]
// reads such a file back, naming each player by their starting rank.
package swiss
