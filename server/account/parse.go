package account

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"

	"github.com/gambitchess/gambit/server/wire"
)

// maxBody bounds an account request's body (as every small request of the
// server is bounded).
const maxBody = 2 << 10

// credentials is the body of POST /api/signup and /api/login.
type credentials struct {
	Username string `json:"username"`
	Password string `json:"password"`
}

// passwordChange is the body of POST /api/account/password.
type passwordChange struct {
	Current string `json:"current"`
	New     string `json:"new"`
}

// passwordOnly is the body of DELETE /api/account: the password again.
type passwordOnly struct {
	Password string `json:"password"`
}

// parseCredentials reads a sign-up or sign-in body: one JSON object with
// a username and a password, both present, nothing else.
func parseCredentials(data []byte) (credentials, error) {
	var c credentials
	if err := decodeStrict(data, &c); err != nil {
		return c, err
	}
	if c.Username == "" || c.Password == "" {
		return c, fmt.Errorf("%w: give a username and a password", wire.ErrBadRequest)
	}
	return c, nil
}

// parsePasswordChange reads a password change: the current and the new one.
func parsePasswordChange(data []byte) (passwordChange, error) {
	var c passwordChange
	if err := decodeStrict(data, &c); err != nil {
		return c, err
	}
	if c.Current == "" || c.New == "" {
		return c, fmt.Errorf("%w: give the current and the new password", wire.ErrBadRequest)
	}
	return c, nil
}

// parsePasswordOnly reads a body holding the password alone.
func parsePasswordOnly(data []byte) (passwordOnly, error) {
	var c passwordOnly
	if err := decodeStrict(data, &c); err != nil {
		return c, err
	}
	if c.Password == "" {
		return c, fmt.Errorf("%w: give the password", wire.ErrBadRequest)
	}
	return c, nil
}

// decodeStrict decodes one JSON object into v, refusing unknown fields and
// anything after it; the error says where the body went wrong.
func decodeStrict(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("%w: body: %v", wire.ErrBadRequest, err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return fmt.Errorf("%w: body: more after the JSON object (at byte %d)", wire.ErrBadRequest, dec.InputOffset())
	}
	return nil
}

// readBody reads r's body, at most maxBody bytes.
func readBody(w http.ResponseWriter, r *http.Request) ([]byte, error) {
	data, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBody))
	if err != nil {
		return nil, fmt.Errorf("%w: body over %d bytes", wire.ErrTooLarge, maxBody)
	}
	return data, nil
}
