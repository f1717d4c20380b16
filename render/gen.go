package render

// The outline data (cburnett pieces, font glyphs) is generated once and
// committed; regenerating needs chessground's CSS (npm install in web/),
// DejaVu Sans and Noto Serif CJK (apt-get install fonts-dejavu-core fonts-noto-cjk).
//go:generate go run ./internal/gen -o outlines_gen.go
