package game

import (
	"encoding/json"
	"fmt"
)

// A deleted account's games stay, anonymised: each seat its player held
// loses its name (and so shows as "?" in the PGN, Anonymous in the API),
// in the stored header and in the seat events, which are the only parts
// of a stored game that name a person (the server hands these to the
// store: store.Anonymizer). The rewrite keeps every other
// field as it was, even one this release does not know (an older
// record's), so that the game loads as before.

// ScrubHeader returns a stored header (Header's JSON, or an older
// Record's) without the names of player's seats, and which seats
// (white, black) were player's. A header that is not such JSON is an
// error saying where it fails.
func ScrubHeader(header []byte, player string) ([]byte, [2]bool, error) {
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(header, &fields); err != nil {
		return nil, [2]bool{}, fmt.Errorf("header: %w", err)
	}
	raw, ok := fields["seats"]
	if !ok {
		return header, [2]bool{}, nil
	}
	var seats []map[string]json.RawMessage
	if err := json.Unmarshal(raw, &seats); err != nil {
		return nil, [2]bool{}, fmt.Errorf("header: seats: %w", err)
	}
	if len(seats) != 2 {
		return nil, [2]bool{}, fmt.Errorf("header: seats: %d of them, want 2", len(seats))
	}
	var theirs [2]bool
	for i, seat := range seats {
		held, err := scrubSeat(seat, player)
		if err != nil {
			return nil, [2]bool{}, fmt.Errorf("header: seat %d: %w", i, err)
		}
		theirs[i] = held
	}
	if theirs == [2]bool{} {
		return header, theirs, nil
	}
	var err error
	if fields["seats"], err = json.Marshal(seats); err != nil {
		return nil, [2]bool{}, fmt.Errorf("header: seats: %w", err)
	}
	out, err := json.Marshal(fields)
	if err != nil {
		return nil, [2]bool{}, fmt.Errorf("header: %w", err)
	}
	return out, theirs, nil
}

// ScrubSeatEvent returns a stored seat event (Event's JSON) without
// its seat's name when player took the seat; any other event as it is.
func ScrubSeatEvent(data []byte, player string) ([]byte, error) {
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(data, &fields); err != nil {
		return nil, fmt.Errorf("seat event: %w", err)
	}
	raw, ok := fields["s"]
	if !ok || string(raw) == "null" {
		return data, nil
	}
	var seat map[string]json.RawMessage
	if err := json.Unmarshal(raw, &seat); err != nil {
		return nil, fmt.Errorf("seat event: seat: %w", err)
	}
	held, err := scrubSeat(seat, player)
	if err != nil {
		return nil, fmt.Errorf("seat event: seat: %w", err)
	}
	if !held {
		return data, nil
	}
	if fields["s"], err = json.Marshal(seat); err != nil {
		return nil, fmt.Errorf("seat event: %w", err)
	}
	out, err := json.Marshal(fields)
	if err != nil {
		return nil, fmt.Errorf("seat event: %w", err)
	}
	return out, nil
}

// scrubSeat drops the name of seat (a Seat's JSON fields), and the
// account's title, when player holds it, and reports whether player does.
func scrubSeat(seat map[string]json.RawMessage, player string) (bool, error) {
	raw, ok := seat["player"]
	if !ok {
		return false, nil
	}
	var who string
	if err := json.Unmarshal(raw, &who); err != nil {
		return false, fmt.Errorf("player: %w", err)
	}
	if who != player || player == "" {
		return false, nil
	}
	delete(seat, "name")
	delete(seat, "title")
	return true, nil
}
