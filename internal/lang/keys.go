package lang

// Key names one text of the tables.
type Key string

// The keys. A plural text has two keys, its name + ".one" and + ".other"
// (Plural picks one); an ending's text is EndPrefix + the server's name of
// the termination ("checkmate").
const (
	// The app's page (index.html) before its script words it.
	PageTitle       Key = "page.title"
	PageDescription Key = "page.description"
	PageNoScript    Key = "page.noscript"

	// A game's link preview (Open Graph title and description).
	PreviewTitle   Key = "preview.title"   // {white} {black} {variant}
	PreviewWaiting Key = "preview.waiting" // an open seat
	PreviewBot     Key = "preview.bot"     // {level}: the computer's level, as LevelPrefix words it
	PreviewMoves   Key = "preview.moves"   // plural, {n}
	PreviewInPlay  Key = "preview.inPlay"  // {moves}
	PreviewOver    Key = "preview.over"    // {result} {ending} {moves}
	PreviewAborted Key = "preview.aborted"
	PreviewCreated Key = "preview.created"

	// The computer's levels on a board: LevelPrefix + the board ("chess",
	// "xiangqi") + "." + the level's name, as web/src/lang names them
	// ({elo}: its rating); a variant with a computer player of its own
	// words its levels in its registration (game.Level.Labels).
	// LevelEngine is an external engine's level ({engine} {n}).
	LevelPrefix Key = "level."
	LevelEngine Key = "level.engine"

	// The sides, by the variant's English name of them.
	SideWhite Key = "side.white"
	SideBlack Key = "side.black"
	SideRed   Key = "side.red"

	// EndPrefix + a termination ("end.checkmate"); EndXiangqiStalemate is
	// xiangqi's stalemate, which loses.
	EndPrefix           Key = "end."
	EndXiangqiStalemate Key = "end.xiangqi.stalemate"

	// A Gambit game's Event tag ("Gambit online game", "Gambit computer
	// xiangqi game") as the viewer shows it: ModePrefix + the game's mode.
	EventGame        Key = "event.game"        // {mode}
	EventVariantGame Key = "event.variantGame" // {mode} {variant}
	ModePrefix       Key = "mode."

	// The standalone viewer page (render/viewer): its script reads these
	// by the name after "viewer."; ViewerTagPrefix + a PGN tag's name
	// ("viewer.tag.Event") names the tag in the tags' table.
	ViewerPrefix     Key = "viewer."
	ViewerTitle      Key = "viewer.title"
	ViewerUnknown    Key = "viewer.unknownPlayer"
	ViewerVersus     Key = "viewer.versus"
	ViewerRiverLeft  Key = "viewer.riverLeft"
	ViewerRiverRight Key = "viewer.riverRight"
	ViewerTagPrefix  Key = "viewer.tag."
	// ViewerAsideOpen and ViewerAsideClose hold a remark after a game's
	// players in the game picker, " (" and ")" or Chinese brackets;
	// ViewerListSeparator joins its parts.
	ViewerAsideOpen     Key = "viewer.asideOpen"
	ViewerAsideClose    Key = "viewer.asideClose"
	ViewerListSeparator Key = "viewer.listSeparator"

	// The short page a browser gets instead of a game's viewer that is
	// refused (server/media): a hidden game in play, a record the viewer
	// cannot read; and its link to the game's page.
	ViewerRefusedLater      Key = "viewerRefused.later"
	ViewerRefusedUnreadable Key = "viewerRefused.unreadable"
	ViewerRefusedGameLink   Key = "viewerRefused.gameLink"

	// PerMoveDays is a correspondence game's time control (plural, {n}),
	// as the viewer shows its TimeControl tag.
	PerMoveDays Key = "timeControl.days"

	// TagValuePrefix + a PGN tag's name + "." + its value names a value a
	// writer of PGN puts there ("tagValue.Game.Chinese Chess", xqbase's).
	TagValuePrefix Key = "tagValue."

	// A review's comment on a judged move in a PGN a reader asked for in
	// their language (GET /api/games/{id}/pgn?lang=): PGNClassPrefix + the
	// class ("pgn.class.blunder"), with its glyph where the notation has no
	// NAGs (PGNClassGlyph), then PGNAdvice, or PGNAdviceBest naming the
	// engine's move. English is lichess's "Blunder. Best move was g6.", as
	// in the canonical PGN, and web/src/lang's review.comment texts.
	PGNClassPrefix Key = "pgn.class."
	PGNClassGlyph  Key = "pgn.classGlyph" // {class} {glyph}
	PGNAdvice      Key = "pgn.advice"     // {class}
	PGNAdviceBest  Key = "pgn.adviceBest" // {class} {move}
)
