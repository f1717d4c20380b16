// Package puzzles serves the training puzzles (package puzzle finds them,
// store.Puzzles keeps them with their ratings) through lichess's puzzle
// API: the daily puzzle, a puzzle by id, the next puzzle for the solver,
// a batch of them, a batch's results (which rate the solver and the
// puzzles), and the solver's activity, in lichess's shapes
// (@lichess-org/types PuzzleAndGame, PuzzleBatchSelect,
// PuzzleBatchSolveResponse, PuzzleActivity) with Gambit's fields beside
// them; and Gambit's own puzzle streak and list of themes. Every route
// takes ?variant= (chess when left out; a puzzle by id and the activity
// read it only when given): any registered variant the engines read
// whole (game.Spec.Engine), whose games the finder reads. The Finder
// finds more in the server's games as they finish (finder.go).
//
// # Who solves
//
// An account (a browser's session, or a token with puzzle:read or
// puzzle:write) is rated: its first attempt at a puzzle, when rated,
// moves its puzzle rating and the puzzle's (Glicko-2, each the other's
// opponent in a rating period of one game, as lichess rates puzzles). A
// browser signed in to no account is known by its player cookie (given
// one on its first GET of a puzzle): its rounds are kept under
// "anon:"+its player id (an account's id has no colon), so it is not
// given a puzzle twice, but they move no rating, and its rating reads
// 1500 ± 500, provisional. A request with neither (a program without a
// token) gets puzzles near 1500 and may not send results (401). Only a
// solver's first attempt at a puzzle counts: a later one is answered
// ratingDiff 0 and changes nothing.
//
// # The shapes
//
// A puzzle is written as lichess's PuzzleAndGame. puzzle.fen is the
// position before the opponent's move, as lichess's puzzle database
// (CSV) gives it and the store keeps it; puzzle.lastMove is that move
// (coordinate text) and puzzle.solution the rest, the solver's moves and
// the opponent's answers; puzzle.initialPly is the plies before fen
// (from its move number and side to move), the ply of the opponent's
// move counted from 0, as lichess counts it. game.pgn is the variant's
// PGN (through the registry: game.New and the game's whole record) of
// that position with the opponent's move played, its Date the day it was
// written. Gambit adds puzzle.variant (the variant's name) and
// game.source (where the puzzle came from: a file and its game's number,
// "twic0920.pgn#12", or a game of this server's id). game.id is that
// game's id when the source is one, else "". What lichess knows of the
// source game and Gambit does not (its players, clock, whether it was
// rated) reads as unknown: players [], clock "-", rated false.
// game.perf is always a key of lichess's PerfType (its clients read it
// as one): the variant's name where lichess has that perf (chess960),
// else "classical", the source games' speed (over-the-board games, the
// files the finder reads; lichess's own puzzles carry their game's
// speed), with the variant's label as its name where it is not chess.
//
// It reads the server through Config (its store, clock, error answer,
// who asks):
//
//	h := puzzles.New(puzzles.Config{Store: st, Asker: srv, Error: srv.Error})
//	mux.HandleFunc("GET /api/puzzle/next", h.Next)
//	mux.HandleFunc("POST /api/puzzle/batch/{angle}", h.Solve)
package puzzles
