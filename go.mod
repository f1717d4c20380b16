module github.com/gambitchess/gambit

go 1.26
