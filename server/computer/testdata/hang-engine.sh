#!/bin/sh
# A UCI engine that never answers "go" (nor "stop"), for the tests of an
# engine that hangs.
while read -r line; do
	case "$line" in
	uci) echo "id name Hanger"; echo "uciok" ;;
	isready) echo "readyok" ;;
	quit) exit 0 ;;
	esac
done
