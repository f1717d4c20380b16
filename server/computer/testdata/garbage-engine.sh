#!/bin/sh
# A UCI engine that answers "go" with a move that is no move, for the
# tests of an engine that answers garbage.
while read -r line; do
	case "$line" in
	uci) echo "id name Babbler"; echo "uciok" ;;
	isready) echo "readyok" ;;
	go*) echo "info depth 1 score cp oops"; echo "bestmove z9z0" ;;
	quit) exit 0 ;;
	esac
done
