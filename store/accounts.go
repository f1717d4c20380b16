package store

import (
	"context"
	"errors"
	"time"
)

// Accounts is kept by both stores beside the games: the players who signed
// up, and their sessions. The store checks nothing about a name or a
// password (package server/account does); it keeps names unique regardless
// of case and never holds a session's id itself, only its SHA-256 (so a
// copy of the database signs no one in).
type Accounts interface {
	// CreateUser stores u (its ID and name set); ErrNameTaken when the
	// name, compared without case, the ID or the player secret is taken.
	CreateUser(ctx context.Context, u User) error
	// UserByName returns the user whose name is name without regard to
	// case; ErrNoUser for none.
	UserByName(ctx context.Context, name string) (User, error)
	// UserByID returns user id; ErrNoUser for none.
	UserByID(ctx context.Context, id string) (User, error)
	// SetPassword replaces user id's password hash; ErrNoUser for none.
	SetPassword(ctx context.Context, id, hash string) error
	// DeleteUser removes user id and all its sessions; its games stay.
	// ErrNoUser for none.
	DeleteUser(ctx context.Context, id string) error
	// UpgradeToBot makes user id a bot (its Title TitleBot), for good:
	// nothing makes a bot an account of a person again. Upgrading a bot
	// changes nothing and is no error, so a program that retries its
	// upgrade is not refused. ErrNoUser for none. Whether the account may
	// become a bot (lichess's rule: it has played no game) is the
	// caller's to check: the accounts do not see the games.
	UpgradeToBot(ctx context.Context, id string) error

	// CreateSession stores s.
	CreateSession(ctx context.Context, s Session) error
	// Session returns the session whose hash is hash and its user, if it
	// has not expired at now; ErrNoSession otherwise.
	Session(ctx context.Context, hash string, now time.Time) (Session, User, error)
	// Sessions returns user id's sessions that have not expired at now,
	// newest first.
	Sessions(ctx context.Context, userID string, now time.Time) ([]Session, error)
	// DeleteSession removes session hash of user userID; ErrNoSession when
	// the user has no such session (another user's is never touched).
	DeleteSession(ctx context.Context, userID, hash string) error
	// DeleteSessions removes every session of user userID but except's
	// ("" for all of them).
	DeleteSessions(ctx context.Context, userID, except string) error
}

// ErrNameTaken is returned by CreateUser for a name (or id) in use.
var ErrNameTaken = errors.New("store: username taken")

// ErrNoUser is returned for a user the store does not hold.
var ErrNoUser = errors.New("store: no such user")

// ErrNoSession is returned for a session the store does not hold, or that
// has expired.
var ErrNoSession = errors.New("store: no such session")

// User is an account.
type User struct {
	ID   string // random, never shown: links sessions and ratings
	Name string // as its owner spelt it; unique without regard to case
	// Password is the password's hash with its parameters (PHC string
	// form, see package server/account); "" for none. Never marshalled.
	Password string `json:"-"`
	// Player is the player secret every browser signed in to the account
	// shares (see server/player): the account's seats are its. Never
	// marshalled.
	Player    string `json:"-"`
	CreatedAt time.Time
	// Title is lichess's title of the account: "" for a person's,
	// TitleBot for a program's that plays through the Bot API.
	Title string
}

// TitleBot is the title of a bot account (lichess's "BOT").
const TitleBot = "BOT"

// userTitleSchema is migration 17 of both stores: each account's title
// (User.Title); the accounts already stored are people's ("").
const userTitleSchema = `ALTER TABLE users ADD COLUMN title TEXT NOT NULL DEFAULT ''`

// Session is a signed-in browser. Hash is the SHA-256 (hex) of the random
// id its cookie holds; the id itself is never stored.
type Session struct {
	Hash      string
	UserID    string
	Agent     string // the browser's User-Agent when it signed in, cut short: for its owner to tell sessions apart
	CreatedAt time.Time
	ExpiresAt time.Time
}

// Both stores keep accounts.
var (
	_ Accounts = (*SQLite)(nil)
	_ Accounts = (*Postgres)(nil)
)
