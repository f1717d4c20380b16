package chart

import (
	"encoding/xml"
	"strings"
	"testing"
)

func TestLine(t *testing.T) {
	tests := []struct {
		name   string
		values []float64
		want   []string
	}{
		{"empty", nil, []string{`<rect`}},
		{"one", []float64{1500}, []string{`points="40.0,`, `>1550<`, `>1500<`}},
		{"rise and fall", []float64{1500, 1741, 1600}, []string{`points="40.0,180.0 `, ` 590.0,`, `>1750<`, `>1500<`}},
	}
	for _, tt := range tests {
		svg := string(Line(tt.values, Options{Title: "Ann <blitz>"}))
		for _, w := range tt.want {
			if !strings.Contains(svg, w) {
				t.Errorf("%s: %s lacks %s", tt.name, svg, w)
			}
		}
		if err := xml.Unmarshal([]byte(svg), new(struct{})); err != nil {
			t.Errorf("%s: not XML: %v\n%s", tt.name, err, svg)
		}
	}
}
