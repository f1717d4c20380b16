package store

import "errors"

// ErrNotFound is returned for a game the store does not hold.
var ErrNotFound = errors.New("store: game not found")
