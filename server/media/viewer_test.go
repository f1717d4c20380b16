package media

import (
	"testing"
	"time"

	"github.com/gambitchess/gambit/internal/lang"
	"github.com/gambitchess/gambit/render/viewer"
)

// TestViewerTimeControl: the viewer names a game's time control as the app
// does, "10+5" (minutes and seconds of increment) where PGN's TimeControl
// counts seconds ("600+5"), days per move in words, under the name the
// reader's language gives the tag: 时限 in zh-CN, as zh-TW's 時限, not 用时
// ("time used"; issue 40, walk 3, item 2).
func TestViewerTimeControl(t *testing.T) {
	day := 24 * time.Hour
	for _, tt := range []struct {
		tag   string
		clock timeControl
		l     lang.Lang
		want  string
	}{
		{"600+5", timeControl{initial: 10 * time.Minute, increment: 5 * time.Second}, lang.Simplified, "10+5"},
		{"300+3", timeControl{initial: 5 * time.Minute, increment: 3 * time.Second}, lang.English, "5+3"},
		{"30+0", timeControl{initial: 30 * time.Second}, lang.Traditional, "0.5+0"},
		{"259200+0", timeControl{initial: 3 * day, perMove: true}, lang.Simplified, "每步 3 天"},
		{"259200+0", timeControl{initial: 3 * day, perMove: true}, lang.English, "3 days per move"},
		{"86400+0", timeControl{initial: day, perMove: true}, lang.English, "1 day per move"},
		{"40/9000:300", timeControl{}, lang.English, "40/9000:300"}, // no clock known: the tag as written
	} {
		src := viewerSource{clock: tt.clock}
		got := (&Files{}).tagsIn([]viewer.Tag{{Name: "TimeControl", Value: tt.tag}}, src, tt.l)
		if got[0].Value != tt.want {
			t.Errorf("%s %+v in %s: %q, want %q", tt.tag, tt.clock, tt.l, got[0].Value, tt.want)
		}
	}
	for l, want := range map[lang.Lang]string{lang.English: "Time control", lang.Traditional: "時限", lang.Simplified: "时限"} {
		if got := l.Text(lang.ViewerTagPrefix + "TimeControl"); got != want {
			t.Errorf("%s names the tag %q, want %q", l, got, want)
		}
	}
}
