#!/bin/sh
# A UCI engine that dies when asked to think (exit status 3), for the
# tests of an engine that crashes: it shakes hands like any engine first.
while read -r line; do
	case "$line" in
	uci) echo "id name Crasher"; echo "option name Skill Level type spin default 20 min 0 max 20"; echo "uciok" ;;
	isready) echo "readyok" ;;
	go*) exit 3 ;;
	quit) exit 0 ;;
	esac
done
