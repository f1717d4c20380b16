package chess

import (
	"errors"
	"testing"
)

func TestParsePlacement(t *testing.T) {
	tests := []struct {
		in      string
		want    string // the placement written back; "" when an error is wanted
		wantErr string
	}{
		{in: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR", want: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR"},
		{in: "8/8/8/8/8/8/8/4K3", want: "8/8/8/8/8/8/8/4K3"}, // no black king: fog of war's view
		{in: "8/8/8/8/8/8/8/8", want: "8/8/8/8/8/8/8/8"},
		{in: "44/8/8/8/8/8/8/PPPPPPPP", want: "8/8/8/8/8/8/8/PPPPPPPP"}, // runs of digits add up
		{in: "", wantErr: "placement: empty"},
		{in: "8/8/8/8/8/8/8", wantErr: "placement: 7 ranks, want 8"},
		{in: "8/8/8/8/8/8/8/8/8", wantErr: "placement: more than 8 ranks"},
		{in: "8/8/8/8/8/8/8/", wantErr: "placement: rank 1: 0 squares, want 8"},
		{in: "8/8/7/8/8/8/8/8", wantErr: "placement: rank 6: 7 squares, want 8"},
		{in: "8/8/8/8/8/9/8/8", wantErr: "placement: rank 3: unexpected \"9\""},
		{in: "8/8/8/8/8/8/8/7kk", wantErr: "placement: rank 1: more than 8 squares"},
		{in: "x7/8/8/8/8/8/8/8", wantErr: "placement: rank 8: unexpected \"x\""},
		{in: "8/8/8/8/8/8/8/8 w", wantErr: "placement: rank 1: unexpected \" \""},
		{in: "8/8/8/8/8/8/8/\xff7", wantErr: "placement: rank 1: unexpected \"\\xff\""},
	}
	for _, tt := range tests {
		pl, err := ParsePlacement(tt.in)
		if tt.wantErr != "" {
			if err == nil || err.Error() != tt.wantErr || !errors.Is(err, ErrFENPlacement) {
				t.Errorf("ParsePlacement(%q): err %v, want %q wrapping ErrFENPlacement", tt.in, err, tt.wantErr)
			}
			continue
		}
		if err != nil {
			t.Errorf("ParsePlacement(%q): %v", tt.in, err)
			continue
		}
		if got := pl.String(); got != tt.want {
			t.Errorf("ParsePlacement(%q).String() = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// FuzzParsePlacement: any text gives a placement or an error, never a
// panic, and a placement read is written back as text that reads the same.
func FuzzParsePlacement(f *testing.F) {
	for _, s := range []string{StartFEN, "8/8/8/8/8/8/8/4K3", "44/8/8/8/8/8/8/8", "8/8/8", "rnbqkbnr/ppppppppp/8/8/8/8/8/8", "9/9/9/9/9/9/9/9/9/9"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		pl, err := ParsePlacement(s)
		if err != nil {
			var perr *PlacementError
			if !errors.As(err, &perr) || !errors.Is(err, ErrFENPlacement) || perr.Rank < 0 || perr.Rank > 8 {
				t.Fatalf("ParsePlacement(%q): error %v is not a *PlacementError", s, err)
			}
			return
		}
		again, err := ParsePlacement(pl.String())
		if err != nil || again != pl {
			t.Fatalf("ParsePlacement(%q) = %q, which reads back as %q, %v", s, pl.String(), again.String(), err)
		}
	})
}
