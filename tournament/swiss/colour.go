package swiss

// strength is how strongly a player wants a colour (C.04.3 A.6).
type strength int8

const (
	noPreference strength = iota
	mild
	strong
	absolute
)

// preference is a colour wanted and how strongly.
type preference struct {
	colour   colour
	strength strength
}

// playedColours returns the colours of the games the player played, oldest
// first: unplayed rounds are skipped (C.04.3 F.3).
func (c *card) playedColours() []colour {
	var out []colour
	for _, col := range c.colours {
		if col != noColour {
			out = append(out, col)
		}
	}
	return out
}

// colourDifference is whites minus blacks (C.04.3 A.6).
func (c *card) colourDifference() int {
	d := 0
	for _, col := range c.colours {
		switch col {
		case white:
			d++
		case black:
			d--
		}
	}
	return d
}

// preference works out the player's colour preference (C.04.3 A.6):
// absolute when the colour difference is beyond ±1 or the last two played
// games had the same colour; strong when the difference is ±1; mild (the
// alternation) when it is 0; none before the first played game.
func (c *card) preference() preference {
	played := c.playedColours()
	if len(played) == 0 {
		return preference{}
	}
	diff := c.colourDifference()
	n := len(played)
	twoSame := n >= 2 && played[n-1] == played[n-2]
	switch {
	case diff < -1 || (twoSame && played[n-1] == black):
		return preference{white, absolute}
	case diff > 1 || (twoSame && played[n-1] == white):
		return preference{black, absolute}
	case diff == -1:
		return preference{white, strong}
	case diff == 1:
		return preference{black, strong}
	}
	return preference{played[n-1].opposite(), mild}
}

// mayPlay reports whether giving the player colour col keeps the absolute
// colour criteria (C.04.3 C.3): no colour difference beyond ±2 and no
// colour three times in a row.
func (c *card) mayPlay(col colour) bool {
	diff := c.colourDifference()
	if col == white {
		diff++
	} else {
		diff--
	}
	if diff > 2 || diff < -2 {
		return false
	}
	played := c.playedColours()
	n := len(played)
	return !(n >= 2 && played[n-1] == col && played[n-2] == col)
}

// compatible reports whether a and b may be paired: they have not met, and
// some allocation of colours keeps both within the absolute colour criteria
// (C.04.3 C.1 and C.3).
func compatible(a, b *card) bool {
	if a.opponents[b.id] || b.opponents[a.id] {
		return false
	}
	return (a.mayPlay(white) && b.mayPlay(black)) || (a.mayPlay(black) && b.mayPlay(white))
}

// allocateColours returns the colour of a (b gets the other) by the
// colour-allocation rules, C.04.3 E.1-E.5, then keeps the absolute
// criteria if the rules' choice would break them. The initial colour (E.5)
// is White.
func allocateColours(a, b *card) colour {
	col := preferredColours(a, b)
	if !a.mayPlay(col) || !b.mayPlay(col.opposite()) {
		col = col.opposite()
	}
	return col
}

// preferredColours applies E.1-E.5 and returns a's colour.
func preferredColours(a, b *card) colour {
	pa, pb := a.preference(), b.preference()
	higher, hp := a, pa
	if b.ranksAbove(a) {
		higher, hp = b, pb
	}
	colourOfA := func(higherGets colour) colour {
		if higher == a {
			return higherGets
		}
		return higherGets.opposite()
	}
	// E.1: grant both preferences (a player without one accepts either).
	switch {
	case pa.strength == noPreference && pb.strength == noPreference:
		return colourOfA(initialColourFor(higher))
	case pb.strength == noPreference:
		return pa.colour
	case pa.strength == noPreference:
		return pb.colour.opposite()
	case pa.colour != pb.colour:
		return pa.colour
	}
	// E.2: the stronger preference; between equals, the wider colour difference.
	if pa.strength != pb.strength {
		if pa.strength > pb.strength {
			return pa.colour
		}
		return pb.colour.opposite()
	}
	da, db := abs(a.colourDifference()), abs(b.colourDifference())
	if da != db {
		if da > db {
			return pa.colour
		}
		return pb.colour.opposite()
	}
	// E.3: alternate from the latest round in which their colours differed.
	if col, ok := alternateFromLastDifference(a, b); ok {
		return col
	}
	// E.4: the higher-ranked player's preference.
	return colourOfA(hp.colour)
}

// alternateFromLastDifference finds the latest round both played with
// different colours and returns a's colour reversed from it (E.3).
func alternateFromLastDifference(a, b *card) (colour, bool) {
	for r := min(len(a.colours), len(b.colours)) - 1; r >= 0; r-- {
		ca, cb := a.colours[r], b.colours[r]
		if ca != noColour && cb != noColour && ca != cb {
			return ca.opposite(), true
		}
	}
	return noColour, false
}

// initialColourFor applies E.5 for the higher-ranked of two players without
// preferences: White (the initial colour) if his pairing number is odd,
// Black if it is even. In round 1 this gives the top seed White and
// alternates down the boards.
func initialColourFor(higher *card) colour {
	if higher.number%2 == 1 {
		return white
	}
	return black
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
