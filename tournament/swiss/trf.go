package swiss

import (
	"bufio"
	"cmp"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"
)

// An Event is what the Tournament Report File says of the tournament
// itself.
type Event struct {
	Name       string    // 012
	Start, End time.Time // 042 and 052, written when set
	Type       string    // 092; WriteTRF writes "Swiss Dutch" when empty
}

// The fixed columns of a TRF16 player line (001), 1-based and inclusive,
// as C.04.2 (the FIDE Data Exchange Format) defines them.
const (
	colNumber      = 5  // 5-8: starting rank (pairing number)
	colName        = 15 // 15-47: name
	colRating      = 49 // 49-52: rating
	colID          = 58 // 58-68: FIDE ID, blank for a player without one
	colPoints      = 81 // 81-84: points
	colRank        = 86 // 86-89: rank
	colFirstRound  = 92 // 92-95 opponent, 97 colour, 99 result; then every 10
	roundWidth     = 10
	nameWidth      = 33
	idWidth        = 11
	trfDateLayout  = "2006/01/02"
	defaultEvType  = "Swiss Dutch"
	maxTRFRounds   = 1000
	maxTRFPlayers  = 9999
	trfLineCodeLen = 3
)

// WriteTRF writes the event as a FIDE Tournament Report File (TRF16, FIDE
// Handbook C.04.2 annex): the 012 name line, 042/052 dates if set, 062 the
// number of players, 092 the type, and one 001 line per player, numbered in
// pairing order, with each round's opponent, colour and result in the
// format's fixed columns. The FIDE-ID field (columns 58-68) holds the
// player's FIDE ID (FideID, at most 11 digits), blank for a player
// without one: the player's own ID is no FIDE ID and is not written (the
// file names players by their starting rank). A name longer than its 33
// columns is cut. players must hold everyone who played, withdrawn
// players included.
//
// Result codes: 1, =, 0 for games; + and - for forfeits (the colour kept);
// "0000 - U" for the pairing-allocated bye; "0000 - Z" for a round not
// paired; a blank result for a game not yet played.
func WriteTRF(w io.Writer, ev Event, players []Player, history []Round) error {
	ranked, err := rankPlayers(players)
	if err != nil {
		return err
	}
	if len(ranked) > maxTRFPlayers {
		return fmt.Errorf("swiss: trf: %d players, the format holds %d", len(ranked), maxTRFPlayers)
	}
	number := make(map[string]int, len(ranked))
	for i, p := range ranked {
		if !fideID(p.FideID) {
			return fmt.Errorf("swiss: trf: player %q: FIDE ID %q is not a number of at most %d digits", p.ID, p.FideID, idWidth)
		}
		if p.Rating < 0 || p.Rating > 9999 {
			return fmt.Errorf("swiss: trf: player %q: rating %d does not fit 4 columns", p.ID, p.Rating)
		}
		number[p.ID] = i + 1
	}
	for r, round := range history {
		if err := checkRound(round); err != nil {
			return fmt.Errorf("swiss: trf: round %d: %w", r+1, err)
		}
		for _, g := range round {
			for _, id := range []string{g.White, g.Black} {
				if _, ok := number[id]; id != "" && !ok {
					return fmt.Errorf("swiss: trf: round %d: %q is not among the players", r+1, id)
				}
			}
		}
	}
	bw := bufio.NewWriter(w)
	writeHeader(bw, ev, len(ranked))
	standing := map[string]Standing{}
	for _, s := range Standings(ranked, history) {
		standing[s.Player.ID] = s
	}
	for i, p := range ranked {
		bw.WriteString(playerLine(i+1, p, standing[p.ID], history, number))
		bw.WriteString("\n")
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("swiss: trf: %w", err)
	}
	return nil
}

// writeHeader writes the tournament lines.
func writeHeader(w *bufio.Writer, ev Event, players int) {
	fmt.Fprintf(w, "012 %s\n", oneLine(ev.Name))
	if !ev.Start.IsZero() {
		fmt.Fprintf(w, "042 %s\n", ev.Start.Format(trfDateLayout))
	}
	if !ev.End.IsZero() {
		fmt.Fprintf(w, "052 %s\n", ev.End.Format(trfDateLayout))
	}
	fmt.Fprintf(w, "062 %d\n", players)
	fmt.Fprintf(w, "092 %s\n", oneLine(cmp.Or(ev.Type, defaultEvType)))
}

// oneLine keeps a header value on its line.
func oneLine(s string) string {
	return strings.NewReplacer("\r", " ", "\n", " ").Replace(s)
}

// playerLine builds one 001 line.
func playerLine(n int, p Player, s Standing, history []Round, number map[string]int) string {
	line := []byte(strings.Repeat(" ", colFirstRound-1+roundWidth*len(history)))
	put := func(col int, text string) { copy(line[col-1:], text) }
	put(1, "001")
	put(colNumber, fmt.Sprintf("%4d", n))
	put(colName, cutName(p.Name))
	if p.Rating > 0 {
		put(colRating, fmt.Sprintf("%4d", p.Rating))
	}
	if p.FideID != "" {
		put(colID, fmt.Sprintf("%*s", idWidth, p.FideID))
	}
	put(colPoints, fmt.Sprintf("%4.1f", s.Points))
	put(colRank, fmt.Sprintf("%4d", s.Rank))
	for r, round := range history {
		put(colFirstRound+roundWidth*r, roundEntry(p.ID, round, number))
	}
	return strings.TrimRight(string(line), " ")
}

// fideID says whether s is a FIDE ID the field holds: "" (none), or
// at most idWidth digits.
func fideID(s string) bool {
	if len(s) > idWidth {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// readID is the ID ReadTRF gives the player of starting rank n: the
// rank, zero-padded so that IDs sort as the ranks do (pairing order breaks
// a tie of ratings by ID), which writes the file back as it was.
func readID(n int) string { return fmt.Sprintf("%04d", n) }

// cutName fits a name into its columns, at a rune boundary, on one line.
func cutName(name string) string {
	name = oneLine(name)
	for len(name) > nameWidth {
		name = name[:len(name)-lastRuneSize(name)]
	}
	return name
}

// lastRuneSize returns the size in bytes of the last rune of s.
func lastRuneSize(s string) int {
	for i := len(s) - 1; i >= 0; i-- {
		if s[i]&0xC0 != 0x80 {
			return len(s) - i
		}
	}
	return 1
}

// roundEntry is the 8 columns of one round for one player.
func roundEntry(id string, round Round, number map[string]int) string {
	for _, g := range round {
		switch {
		case g.White == id && g.IsBye():
			return "0000 - U"
		case g.White == id:
			return fmt.Sprintf("%4d w %c", number[g.Black], resultCode(g.Result, true))
		case g.Black == id:
			return fmt.Sprintf("%4d b %c", number[g.White], resultCode(g.Result, false))
		}
	}
	return "0000 - Z"
}

// resultCode is the TRF result character for one side.
func resultCode(r Result, white bool) byte {
	var w, b byte
	switch r {
	case WhiteWins:
		w, b = '1', '0'
	case BlackWins:
		w, b = '0', '1'
	case Draw:
		w, b = '=', '='
	case WhiteForfeitWin:
		w, b = '+', '-'
	case BlackForfeitWin:
		w, b = '-', '+'
	default:
		w, b = ' ', ' '
	}
	if white {
		return w
	}
	return b
}

// resultFromWhite turns White's TRF result character back into a Result;
// W, D and L (the unrated game codes) read as 1, = and 0.
func resultFromWhite(c byte) (Result, bool) {
	switch c {
	case '1', 'W':
		return WhiteWins, true
	case '0', 'L':
		return BlackWins, true
	case '=', 'D':
		return Draw, true
	case '+':
		return WhiteForfeitWin, true
	case '-':
		return BlackForfeitWin, true
	case ' ':
		return NoResult, true
	}
	return NoResult, false
}

// blacksCode is the result character Black's line must show for White's c.
func blacksCode(c byte) byte {
	switch c {
	case 'W':
		return 'L'
	case 'L':
		return 'W'
	case 'D':
		return 'D'
	}
	r, _ := resultFromWhite(c)
	return resultCode(r, false)
}

// TRFError is a fault in a Tournament Report File, with where it is.
type TRFError struct {
	Line, Column int // 1-based; Column 0 when the fault is the whole line
	Msg          string
}

func (e *TRFError) Error() string {
	if e.Column == 0 {
		return fmt.Sprintf("trf: line %d: %s", e.Line, e.Msg)
	}
	return fmt.Sprintf("trf: line %d: column %d: %s", e.Line, e.Column, e.Msg)
}

// trfEntry is one round of a player line as read.
type trfEntry struct {
	opponent int  // 0: none
	colour   byte // 'w', 'b', '-'
	result   byte
	col      int // the entry's first column, for errors
}

// trfPlayer is one 001 line as read.
type trfPlayer struct {
	number  int
	player  Player
	entries []trfEntry
	line    int
}

// ReadTRF reads a Tournament Report File as WriteTRF writes it (TRF16): the
// event lines 012, 042, 052 and 092, and the 001 player lines, from which
// it rebuilds the players and the rounds. A player's ID is their starting
// rank, zero-padded to four digits ("0001"): the file names players by
// it; the FIDE-ID field, blank or a number, is their FideID.
// Games come out ordered by White's starting rank, the bye last. Other
// lines, and comment lines (###), are skipped. Errors say where:
// "trf: line 7: column 92: ...".
func ReadTRF(r io.Reader) (Event, []Player, []Round, error) {
	var ev Event
	var players []trfPlayer
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimRight(sc.Text(), "\r")
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "###") {
			continue
		}
		if len(line) < trfLineCodeLen {
			return ev, nil, nil, &TRFError{n, 0, fmt.Sprintf("line %q is too short for a code", line)}
		}
		if err := readLine(&ev, &players, line, n); err != nil {
			return ev, nil, nil, err
		}
	}
	if err := sc.Err(); err != nil {
		return ev, nil, nil, fmt.Errorf("trf: %w", err)
	}
	slices.SortFunc(players, func(a, b trfPlayer) int { return a.number - b.number })
	out := make([]Player, len(players))
	for i, p := range players {
		out[i] = p.player
	}
	rounds, err := rebuildRounds(players)
	return ev, out, rounds, err
}

// readLine reads one line into the event or the players.
func readLine(ev *Event, players *[]trfPlayer, line string, n int) error {
	value := ""
	if len(line) > 4 {
		value = strings.TrimSpace(line[4:])
	}
	var err error
	switch line[:3] {
	case "012":
		ev.Name = value
	case "042":
		ev.Start, err = readDate(value, n)
	case "052":
		ev.End, err = readDate(value, n)
	case "092":
		ev.Type = value
	case "001":
		var p trfPlayer
		if p, err = readPlayer(line, n); err == nil {
			*players = append(*players, p)
		}
	}
	return err
}

// readDate reads a YYYY/MM/DD date.
func readDate(s string, n int) (time.Time, error) {
	t, err := time.Parse(trfDateLayout, s)
	if err != nil {
		return t, &TRFError{n, 5, fmt.Sprintf("date %q is not YYYY/MM/DD", s)}
	}
	return t, nil
}

// columns returns columns from..to (1-based, inclusive) of line, as far as
// the line goes.
func columns(line string, from, to int) string {
	if from > len(line) {
		return ""
	}
	return line[from-1 : min(to, len(line))]
}

// readPlayer reads one 001 line.
func readPlayer(line string, n int) (trfPlayer, error) {
	p := trfPlayer{line: n}
	num, err := strconv.Atoi(strings.TrimSpace(columns(line, colNumber, colNumber+3)))
	if err != nil || num < 1 || num > maxTRFPlayers {
		return p, &TRFError{n, colNumber, fmt.Sprintf("starting rank %q is not a positive number", columns(line, colNumber, colNumber+3))}
	}
	p.number = num
	p.player.Name = strings.TrimSpace(columns(line, colName, colName+nameWidth-1))
	if s := strings.TrimSpace(columns(line, colRating, colRating+3)); s != "" {
		if p.player.Rating, err = strconv.Atoi(s); err != nil || p.player.Rating < 0 {
			return p, &TRFError{n, colRating, fmt.Sprintf("rating %q is not a number", s)}
		}
	}
	p.player.ID = readID(num)
	p.player.FideID = strings.TrimSpace(columns(line, colID, colID+idWidth-1))
	if !fideID(p.player.FideID) {
		return p, &TRFError{n, colID, fmt.Sprintf("FIDE ID %q is not a number", p.player.FideID)}
	}
	for col := colFirstRound; col <= len(line); col += roundWidth {
		if len(p.entries) >= maxTRFRounds {
			return p, &TRFError{n, col, fmt.Sprintf("more than %d rounds", maxTRFRounds)}
		}
		e, err := readEntry(columns(line, col, col+7), col, n)
		if err != nil {
			return p, err
		}
		p.entries = append(p.entries, e)
	}
	return p, nil
}

// readEntry reads the 8 columns of one round.
func readEntry(s string, col, n int) (trfEntry, error) {
	e := trfEntry{col: col, colour: '-', result: ' '}
	s += strings.Repeat(" ", 8-len(s))
	if strings.TrimSpace(s) == "" {
		e.result = 'Z'
		return e, nil
	}
	opp := strings.TrimSpace(s[:4])
	if opp != "" {
		v, err := strconv.Atoi(opp)
		if err != nil || v < 0 {
			return e, &TRFError{n, col, fmt.Sprintf("opponent %q is not a starting rank", s[:4])}
		}
		e.opponent = v
	}
	if s[4] != ' ' || s[6] != ' ' {
		return e, &TRFError{n, col + 4, "the round's fields are not separated by spaces"}
	}
	e.colour, e.result = s[5], s[7]
	if e.colour != 'w' && e.colour != 'b' && e.colour != '-' {
		return e, &TRFError{n, col + 5, fmt.Sprintf("colour %q is not w, b or -", e.colour)}
	}
	if e.opponent == 0 {
		switch e.result {
		case 'U', 'F', 'Z', '-', ' ':
		case 'H':
			return e, &TRFError{n, col + 7, "half-point byes are not supported"}
		default:
			return e, &TRFError{n, col + 7, fmt.Sprintf("result %q without an opponent", e.result)}
		}
		return e, nil
	}
	if e.colour == '-' {
		return e, &TRFError{n, col + 5, "a game without a colour"}
	}
	if _, ok := resultFromWhite(e.result); !ok {
		return e, &TRFError{n, col + 7, fmt.Sprintf("result %q is not 1, =, 0, +, -, W, D or L", e.result)}
	}
	return e, nil
}

// rebuildRounds turns the player lines' entries into rounds, checking that
// both players of each game tell the same story.
func rebuildRounds(players []trfPlayer) ([]Round, error) {
	byNumber := map[int]*trfPlayer{}
	fide := map[string]bool{}
	rounds := 0
	for i := range players {
		p := &players[i]
		if _, dup := byNumber[p.number]; dup {
			return nil, &TRFError{p.line, colNumber, fmt.Sprintf("starting rank %d is used twice", p.number)}
		}
		if id := p.player.FideID; id != "" {
			if fide[id] {
				return nil, &TRFError{p.line, colID, fmt.Sprintf("FIDE ID %q is used twice", id)}
			}
			fide[id] = true
		}
		byNumber[p.number] = p
		rounds = max(rounds, len(p.entries))
	}
	out := make([]Round, rounds)
	for r := range rounds {
		var byes Round
		for _, p := range players {
			g, ok, err := gameOf(p, r, byNumber)
			switch {
			case err != nil:
				return nil, err
			case ok && g.IsBye():
				byes = append(byes, g)
			case ok:
				out[r] = append(out[r], g)
			}
		}
		out[r] = append(out[r], byes...)
	}
	// Rounds past every line's entries, and empty rounds at the end, are
	// not rounds.
	for len(out) > 0 && len(out[len(out)-1]) == 0 {
		out = out[:len(out)-1]
	}
	return out, nil
}

// gameOf returns the game p's entry of round r stands for, when p is White
// or has the bye; it checks Black's entry against White's.
func gameOf(p trfPlayer, r int, byNumber map[int]*trfPlayer) (Game, bool, error) {
	if r >= len(p.entries) {
		return Game{}, false, nil
	}
	e := p.entries[r]
	if e.opponent == 0 {
		if e.result == 'U' || e.result == 'F' {
			return Game{White: p.player.ID}, true, nil
		}
		return Game{}, false, nil
	}
	opp, ok := byNumber[e.opponent]
	if !ok {
		return Game{}, false, &TRFError{p.line, e.col, fmt.Sprintf("opponent %d has no player line", e.opponent)}
	}
	if opp.number == p.number {
		return Game{}, false, &TRFError{p.line, e.col, "a player paired with himself"}
	}
	var back trfEntry
	if r < len(opp.entries) {
		back = opp.entries[r]
	}
	if back.opponent != p.number || back.colour == e.colour {
		return Game{}, false, &TRFError{p.line, e.col, fmt.Sprintf("round %d: player %d's line does not show this game", r+1, opp.number)}
	}
	if e.colour == 'b' {
		return Game{}, false, nil
	}
	if back.result != blacksCode(e.result) {
		return Game{}, false, &TRFError{opp.line, back.col + 7, fmt.Sprintf("round %d: result %q does not match White's %q", r+1, back.result, e.result)}
	}
	res, _ := resultFromWhite(e.result)
	return Game{White: p.player.ID, Black: opp.player.ID, Result: res}, true, nil
}
