package round

import (
	"encoding/json"
	"slices"
	"strconv"

	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/server/wire"
)

// A state goes to every viewer at every move, so it is written here field
// by field rather than by encoding/json's reflection, which took 7% of the
// server's CPU under load (BENCH.md). The bytes are the same as
// encoding/json's for the same value: TestStateEncodingAgrees compares the
// two on the states of real games of every variant,
// TestStateEncodingOddValues on strings that need escaping, and
// FuzzStateEncoding on whatever strings a fuzzer finds. The fields only a
// variant or a whole history fills (Moves, Fair, Ext, SetupNotes) go
// through encoding/json still.

// encodeState is encode(t, s) for a state, in one allocation of the
// message's size: it is written into scratch first (grown as needed and
// kept by the caller for the next message, unless it grew past
// keptScratch: a whole history's state is not kept for a game's life).
func encodeState(scratch *[]byte, t string, s *StateJSON) []byte {
	if !plainType(t) {
		return encode(t, *s)
	}
	b := append((*scratch)[:0], `{"t":"`...)
	b = append(b, t...)
	b = append(b, `","d":`...)
	b = appendState(b, s)
	b = append(b, '}')
	if cap(b) <= keptScratch {
		*scratch = b
	} else {
		*scratch = nil
	}
	return slices.Clone(b)
}

// keptScratch bounds the scratch buffer a hub keeps: a move's state with
// the side to move's destinations fits many times over.
const keptScratch = 8 << 10

// appendState appends s as encoding/json writes it.
func appendState(b []byte, s *StateJSON) []byte {
	b = append(b, `{"v":`...)
	b = strconv.AppendInt(b, s.V, 10)
	b = appendField(b, "id", s.ID)
	b = appendField(b, "mode", string(s.Mode))
	b = appendField(b, "variant", string(s.Variant))
	b = appendField(b, "status", s.Status)
	b = appendField(b, "result", s.Result)
	b = appendFieldOmit(b, "termination", s.Termination)
	b = appendFieldOmit(b, "winner", s.Winner)
	b = appendField(b, "fen", s.FEN)
	b = appendFieldOmit(b, "startFen", s.StartFEN)
	b = appendField(b, "turn", s.Turn)
	b = append(b, `,"ply":`...)
	b = strconv.AppendInt(b, int64(s.Ply), 10)
	if s.SetupPly != 0 {
		b = append(b, `,"setupPly":`...)
		b = strconv.AppendInt(b, int64(s.SetupPly), 10)
	}
	if len(s.Moves) > 0 {
		b = appendMarshalled(append(b, `,"moves":`...), s.Moves)
	}
	if s.Last != nil {
		b = appendStep(append(b, `,"last":`...), s.Last)
	}
	b = appendDests(append(b, `,"dests":`...), s.Dests)
	b = appendFieldOmit(b, "check", s.Check)
	if c := s.Clock; c != nil {
		b = appendClock(append(b, `,"clock":`...), c)
	}
	b = appendFieldOmit(b, "drawOffer", s.DrawOffer)
	b = appendFieldOmit(b, "takebackOffer", s.TakebackOffer)
	b = append(b, `,"canClaim":`...)
	b = strconv.AppendBool(b, s.CanClaim)
	b = appendSeats(append(b, `,"seats":`...), s.Seats)
	if s.Public {
		b = append(b, `,"public":true`...)
	}
	if s.Berserkable {
		b = append(b, `,"berserkable":true`...)
	}
	if s.Berserk != [2]bool{} {
		b = strconv.AppendBool(append(b, `,"berserk":[`...), s.Berserk[0])
		b = strconv.AppendBool(append(b, ','), s.Berserk[1])
		b = append(b, ']')
	}
	if s.Mandatory {
		b = append(b, `,"mandatory":true`...)
	}
	if s.Tournament != nil {
		b = appendTournament(append(b, `,"tournament":`...), s.Tournament)
	}
	b = appendFieldOmit(b, "ruleSet", s.RuleSet)
	if s.Fair != nil {
		b = appendMarshalled(append(b, `,"fair":`...), s.Fair)
	}
	if s.Ext.Extension != nil {
		b = appendMarshalled(append(b, `,"ext":`...), s.Ext)
	}
	if o := s.Opening; o != nil {
		b = appendJSONString(append(b, `,"opening":{"eco":`...), o.ECO)
		b = appendJSONString(append(b, `,"name":`...), o.Name)
		b = append(b, '}')
	}
	if s.SetupNotes != nil {
		b = appendMarshalled(append(b, `,"setupNotes":`...), s.SetupNotes)
	}
	return append(b, '}')
}

// appendStep appends a move as encoding/json writes game.Step.
func appendStep(b []byte, st *game.Step) []byte {
	b = appendJSONString(append(b, `{"uci":`...), st.UCI)
	b = appendField(b, "san", st.SAN)
	b = appendFieldOmit(b, "wxf", st.WXF)
	b = appendField(b, "fen", st.FEN)
	b = appendField(b, "color", st.Color.Name())
	if st.Ext.Extension != nil {
		b = appendMarshalled(append(b, `,"ext":`...), st.Ext)
	}
	return append(b, '}')
}

// appendClock appends a clock as encoding/json writes ClockJSON.
func appendClock(b []byte, c *ClockJSON) []byte {
	b = strconv.AppendInt(append(b, `{"white":`...), c.White, 10)
	b = strconv.AppendInt(append(b, `,"black":`...), c.Black, 10)
	b = appendFieldOmit(b, "running", c.Running)
	b = strconv.AppendInt(append(b, `,"initial":`...), c.Initial, 10)
	b = strconv.AppendInt(append(b, `,"increment":`...), c.Increment, 10)
	if c.PerMove {
		b = append(b, `,"perMove":true`...)
	}
	return append(b, '}')
}

// appendSeats appends the seats as encoding/json writes the map.
func appendSeats(b []byte, seats map[string]wire.SeatJSON) []byte {
	var keys [2]string // white and black; more are sorted all the same
	return appendObject(b, seats, keys[:0], appendSeat)
}

// appendSeat appends a seat as encoding/json writes wire.SeatJSON.
func appendSeat(b []byte, seat wire.SeatJSON) []byte {
	b = appendJSONString(append(b, `{"kind":`...), string(seat.Kind))
	b = appendFieldOmit(b, "name", seat.Name)
	b = appendFieldOmit(b, "level", seat.Level)
	b = appendFieldOmit(b, "title", seat.Title)
	return append(b, '}')
}

// appendTournament appends t as encoding/json writes game.Tournament:
// every state of a tournament's game has it, an arena's thousands a
// second.
func appendTournament(b []byte, t *game.Tournament) []byte {
	b = appendJSONString(append(b, `{"kind":`...), t.Kind)
	b = appendField(b, "id", t.ID)
	b = appendField(b, "name", t.Name)
	if t.Round != 0 {
		b = strconv.AppendInt(append(b, `,"round":`...), int64(t.Round), 10)
	}
	return append(b, '}')
}

// appendField appends ,"key":value; key is plain.
func appendField(b []byte, key, value string) []byte {
	b = append(append(append(b, `,"`...), key...), `":`...)
	return appendJSONString(b, value)
}

// appendFieldOmit is appendField but for an empty value (omitempty).
func appendFieldOmit(b []byte, key, value string) []byte {
	if value == "" {
		return b
	}
	return appendField(b, key, value)
}

// appendMarshalled appends what encoding/json makes of v, for the fields
// a state seldom has; they always marshal (null if one ever did not).
func appendMarshalled(b []byte, v any) []byte {
	data, err := json.Marshal(v)
	if err != nil {
		return append(b, "null"...)
	}
	return append(b, data...)
}
