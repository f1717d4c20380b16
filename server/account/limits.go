package account

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/gambitchess/gambit/server/guards"
	"github.com/gambitchess/gambit/store"
)

// Sign-in attempts are limited so that a guesser is slowed without
// locking the owner out (OWASP's "Slow down online guessing attacks with
// device cookies"): whoever holds a device cookie of the account — a
// browser that signed in to it before — is limited on that cookie alone,
// and nobody else's failures count against it; every other attempt meets
// the limit of its address, of the account from that address, and a
// gentler one of the account from all the devices it does not know. A
// guesser spread over many addresses exhausts only that last one, which
// the owner's own browser never meets. A signed-in owner confirming the
// password (a change, a deletion) is limited per session, apart from
// every sign-in.

// The default limits, a minute (each in a burst of twice as many but the
// address's): sign-in attempts from one address; on one account from one
// address; on one account from every device it does not know; from one
// device cookie; password confirmations of one session.
const (
	defaultLoginPerMinute   = 10
	defaultAccountPerMinute = 5
	defaultUnknownPerMinute = 30
	defaultDevicePerMinute  = 5
	defaultConfirmPerMinute = 5
	deviceCookieAge         = 400 * 24 * time.Hour // the longest browsers allow
	deviceKeyName           = "device-cookie"
	deviceCookie            = "gambit_device"
	hostDeviceCookie        = "__Host-" + deviceCookie
	maxDeviceCookieLength   = 200
	deviceNonceBytes        = 16
	deviceMACBytes          = 16
)

// signInLimits are the limits of sign-in attempts and of password
// confirmations.
type signInLimits struct {
	byAddr        *guards.Limiter // every attempt from one address
	byAccountAddr *guards.Limiter // attempts on one account from one address
	byAccount     *guards.Limiter // attempts on one account from devices it does not know
	byDevice      *guards.Limiter // attempts from one device cookie
	bySession     *guards.Limiter // password confirmations of one session
}

func newSignInLimits(cfg Config) signInLimits {
	or := func(v, d int) int {
		if v <= 0 {
			return d
		}
		return v
	}
	addr, account := or(cfg.LoginPerMinute, defaultLoginPerMinute), or(cfg.AccountPerMinute, defaultAccountPerMinute)
	unknown, device := or(cfg.UnknownDevicesPerMinute, defaultUnknownPerMinute), or(cfg.DevicePerMinute, defaultDevicePerMinute)
	return signInLimits{
		byAddr:        guards.NewLimiter(addr, addr, cfg.Now),
		byAccountAddr: guards.NewLimiter(account, 2*account, cfg.Now),
		byAccount:     guards.NewLimiter(unknown, 2*unknown, cfg.Now),
		byDevice:      guards.NewLimiter(device, 2*device, cfg.Now),
		bySession:     guards.NewLimiter(defaultConfirmPerMinute, 2*defaultConfirmPerMinute, cfg.Now),
	}
}

// takeAddr takes one attempt of r's address.
func (l signInLimits) takeAddr(r *http.Request) error {
	return take(l.byAddr, guards.ClientAddress(r), "sign-in attempts")
}

// take takes one attempt from r on the account whose name key is key:
// from device (its cookie's nonce) when r carries a device cookie of that
// account, its own limit alone, so that a guesser behind the owner's
// address (a household, an office) cannot lock the owner out; else the
// address's, the account's from that address, and the account's from
// every browser it does not know.
func (l signInLimits) take(r *http.Request, key, device string) error {
	if device != "" {
		return take(l.byDevice, device, "sign-in attempts from this browser")
	}
	if err := l.takeAddr(r); err != nil {
		return err
	}
	if err := take(l.byAccountAddr, key+" "+guards.ClientAddress(r), "sign-in attempts for this account"); err != nil {
		return err
	}
	return take(l.byAccount, key, "sign-in attempts for this account from browsers it has not signed in on")
}

// deviceKeys signs the device cookies with a key the store keeps (the same
// on every node and after a restart), or one of the process's own.
type deviceKeys struct {
	secrets store.Secrets // nil: none kept

	mu  sync.Mutex
	key []byte
}

// get returns the signing key.
func (d *deviceKeys) get(ctx context.Context) ([]byte, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.key != nil {
		return d.key, nil
	}
	if d.secrets == nil {
		d.key = randomBytes(32)
		return d.key, nil
	}
	key, err := d.secrets.Secret(ctx, deviceKeyName, 32)
	if err != nil {
		return nil, err
	}
	d.key = key
	return key, nil
}

// deviceMAC is the MAC of a device cookie naming account u: its id, the
// nonce, and its password's hash, so that a password change (a new hash)
// ends every device cookie minted with the old password — whoever knew it
// keeps no limit of the owner's.
func deviceMAC(key []byte, u store.User, nonce string) string {
	m := hmac.New(sha256.New, key)
	m.Write([]byte("gambit device " + u.ID + " " + nonce + " " + u.Password))
	return hex.EncodeToString(m.Sum(nil)[:deviceMACBytes])
}

func deviceCookieName(r *http.Request) string {
	if guards.Scheme(r) == "https" {
		return hostDeviceCookie
	}
	return deviceCookie
}

// deviceOf returns the nonce of r's device cookie when it was issued for
// account u as it is (its password unchanged since), "" otherwise (none,
// another account's, forged, minted with an old password, or the key
// unreadable: then the attempt is limited as an unknown device's).
func (s *Service) deviceOf(r *http.Request, u store.User) string {
	c, err := r.Cookie(deviceCookieName(r))
	if err != nil || len(c.Value) > maxDeviceCookieLength || u.ID == "" {
		return ""
	}
	id, rest, ok1 := strings.Cut(c.Value, ".")
	nonce, mac, ok2 := strings.Cut(rest, ".")
	if !ok1 || !ok2 || id != u.ID {
		return ""
	}
	key, err := s.devices.get(r.Context())
	if err != nil {
		return ""
	}
	if !hmac.Equal([]byte(mac), []byte(deviceMAC(key, u, nonce))) {
		return ""
	}
	return nonce
}

// rememberDevice gives r's browser a device cookie of account u, after it
// signed in: its later attempts on the account are its own.
func (s *Service) rememberDevice(w http.ResponseWriter, r *http.Request, u store.User) {
	key, err := s.devices.get(r.Context())
	if err != nil {
		s.log.Warn("cannot read the device cookies' key", "err", err)
		return
	}
	nonce := s.deviceOf(r, u) // kept: its bucket stays its own
	if nonce == "" {
		nonce = base64.RawURLEncoding.EncodeToString(randomBytes(deviceNonceBytes))
	}
	name := deviceCookieName(r)
	http.SetCookie(w, &http.Cookie{Name: name, Value: u.ID + "." + nonce + "." + deviceMAC(key, u, nonce), Path: "/",
		MaxAge: int(deviceCookieAge.Seconds()), HttpOnly: true, Secure: name == hostDeviceCookie, SameSite: http.SameSiteStrictMode})
}
