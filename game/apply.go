package game

import (
	"fmt"
	"time"
)

// emit numbers e as the game's next event, applies it and returns it. An
// event the game cannot apply (an illegal move) is refused: nothing changes
// and the version stays.
func (g *Game) emit(e Event) ([]Event, error) {
	e.V = g.version + 1
	e.At = g.now().UTC()
	if err := g.apply(&e); err != nil {
		return nil, err
	}
	return []Event{e}, nil
}

// apply makes the change e records. It is the one place where a game
// changes: commands emit events through it, and Load replays stored events
// through it, so a reloaded game is the game that was saved. The clock
// follows the times stored in the events, never the time of the replay.
func (g *Game) apply(e *Event) error {
	if e.V != g.version+1 {
		return fmt.Errorf("%w: event %d after version %d", ErrBadRecord, e.V, g.version)
	}
	switch e.Type {
	case EventMove:
		step, err := g.rules.Play(e.Move)
		if err != nil {
			return err
		}
		e.Step = &step
		mover := step.Color.Color()
		g.movers = append(g.movers, mover)
		g.left = append(g.left, e.Clock.left(mover))
		g.offers[mover.Other()] = 0         // moving on declines whatever the opponent offered
		g.offers[mover].drop(OfferTakeback) // a request to take back an earlier move lapses
		if g.clock != nil {
			g.pressClock(e)
		}
	case EventTakeback:
		if e.N <= 0 || e.N > len(g.movers) {
			return fmt.Errorf("%w: take back %d of %d moves", ErrNoTakeback, e.N, len(g.movers))
		}
		for range e.N {
			g.rules.Pop()
		}
		g.movers = g.movers[:len(g.movers)-e.N]
		g.left = g.left[:len(g.movers)]
		g.offers = [2]offerSet{}
		g.ending = ending{}
	case EventOffer:
		g.offers[e.Color].add(e.Offer)
	case EventAnswer:
		if g.offers[e.Color.Other()].has(e.Offer) {
			g.offers[e.Color.Other()].drop(e.Offer) // the opponent's offer, answered
		} else {
			g.offers[e.Color].drop(e.Offer) // one's own, withdrawn
		}
	case EventEnd:
		g.ending = ending{by: e.End, color: e.Color}
		if e.End == ByClaim {
			name, ok := g.rules.Claimable()
			if !ok {
				return fmt.Errorf("%w: nothing to claim", ErrCannotClaim)
			}
			g.ending.claim = name
		}
	case EventClock:
		if g.clock != nil && e.Clock != nil {
			g.clock.set(time.Duration(e.Clock.White)*time.Millisecond, time.Duration(e.Clock.Black)*time.Millisecond)
			g.clock.running = false
		}
	case EventBerserk:
		if g.clock == nil {
			return fmt.Errorf("%w: berserk in an untimed game", ErrBadRecord)
		}
		g.clock.goBerserk(e.Color)
	case EventSeat:
		if e.Seat == nil {
			return fmt.Errorf("%w: seat event without a seat", ErrBadRecord)
		}
		g.seats[e.Color] = *e.Seat
	default:
		return fmt.Errorf("%w: unknown event type %q", ErrBadRecord, e.Type)
	}
	g.version = e.V
	g.updated = e.At
	g.settle(e.At)
	if e.Type == EventTakeback && g.clock != nil {
		g.restartClock(e.At)
	}
	return nil
}

// pressClock sets the banks a move event recorded and starts the other
// side's time from the event's moment.
func (g *Game) pressClock(e *Event) {
	k := g.clock
	if e.Clock != nil {
		k.set(time.Duration(e.Clock.White)*time.Millisecond, time.Duration(e.Clock.Black)*time.Millisecond)
	}
	k.turn, k.running, k.since = g.rules.Turn(), g.BothMoved(), e.At
}

// restartClock runs the side to move's time after a takeback, from the
// event's moment, when the game goes on with moves on the board; the side
// whose time ran until the takeback is charged up to that moment.
func (g *Game) restartClock(at time.Time) {
	k := g.clock
	k.stopAt(at)
	if k.PerMove {
		k.remaining[g.rules.Turn()] = k.Initial // correspondence: the move taken back gets its full time again
	}
	if g.status == Started && g.BothMoved() {
		k.turn, k.running, k.since = g.rules.Turn(), true, at
	}
}
