package round

import "time"

// armFlag sets a timer for when the running side's time runs out; the
// timer's command asks the game to end on time (Game.Flag), which it does
// only if the flag has really fallen by then.
func (h *Hub) armFlag() {
	if h.flag != nil {
		h.flag.Stop()
		h.flag = nil
	}
	k := h.g.Clock()
	if k == nil || h.g.Status().Finished() {
		return
	}
	c, running := k.Running()
	if !running {
		return
	}
	// The timer waits out the lag credit too: a move sent in time that is
	// still on the network must find the game open (MoveCredited takes it).
	h.flag = time.AfterFunc(k.Remaining(c)+MaxLagCredit+10*time.Millisecond, func() { _ = h.Send(h.env.Ctx, flagCmd{}) })
}
