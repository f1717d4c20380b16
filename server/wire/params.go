package wire

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"
	"strconv"
)

// ReadParams reads a request body of at most limit bytes, form fields
// or one JSON object, into field values, as lichess's API takes either: a
// JSON value may be a string, a number or a boolean; an object {"clock":
// {"limit": 300}} reads as the field clock.limit. Browsers send JSON (a
// same-site request: guards.Secure), programs forms.
func ReadParams(r *http.Request, w http.ResponseWriter, limit int64) (map[string]string, error) {
	data, err := io.ReadAll(http.MaxBytesReader(w, r.Body, limit))
	if err != nil {
		return nil, fmt.Errorf("%w: the body is over %d bytes", ErrTooLarge, limit)
	}
	mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	return ParseParams(mt, data)
}

// ParseParams reads data of media type mt (form or JSON; empty data is
// no fields) into field values.
func ParseParams(mt string, data []byte) (map[string]string, error) {
	out := map[string]string{}
	if len(bytes.TrimSpace(data)) == 0 {
		return out, nil
	}
	switch mt {
	case "application/json":
		var obj map[string]json.RawMessage
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.UseNumber()
		if err := dec.Decode(&obj); err != nil {
			return nil, fmt.Errorf("%w: the body is not one JSON object: %v", ErrBadRequest, err)
		}
		if dec.More() {
			return nil, fmt.Errorf("%w: more after the JSON object (at byte %d)", ErrBadRequest, dec.InputOffset())
		}
		return out, flatten("", obj, out, 0)
	case "application/x-www-form-urlencoded", "":
		vals, err := url.ParseQuery(string(data))
		if err != nil {
			return nil, fmt.Errorf("%w: the form body is malformed: %v", ErrBadRequest, err)
		}
		for k, v := range vals {
			if len(v) != 1 {
				return nil, fmt.Errorf("%w: field %.40q given %d times", ErrBadRequest, k, len(v))
			}
			out[k] = v[0]
		}
		return out, nil
	}
	return nil, fmt.Errorf("%w: send the body as application/x-www-form-urlencoded or application/json, not %.60q", ErrBadRequest, mt)
}

// flatten puts the fields of JSON object obj into out, their names after
// prefix; depth bounds nesting.
func flatten(prefix string, obj map[string]json.RawMessage, out map[string]string, depth int) error {
	if depth > 2 { // conditions.minRating.rating: three names deep
		return fmt.Errorf("%w: field %.40q is nested too deep", ErrBadRequest, prefix)
	}
	for k, raw := range obj {
		name := k
		if prefix != "" {
			name = prefix + "." + k
		}
		raw = bytes.TrimSpace(raw)
		switch {
		case len(raw) > 0 && raw[0] == '{':
			var sub map[string]json.RawMessage
			if err := json.Unmarshal(raw, &sub); err != nil {
				return fmt.Errorf("%w: field %.40q: %v", ErrBadRequest, name, err)
			}
			if err := flatten(name, sub, out, depth+1); err != nil {
				return err
			}
		case len(raw) > 0 && raw[0] == '"':
			var s string
			if err := json.Unmarshal(raw, &s); err != nil {
				return fmt.Errorf("%w: field %.40q: %v", ErrBadRequest, name, err)
			}
			out[name] = s
		case string(raw) == "true", string(raw) == "false":
			out[name] = string(raw)
		case string(raw) == "null":
		default:
			if _, err := strconv.ParseFloat(string(raw), 64); err != nil {
				return fmt.Errorf("%w: field %.40q must be a string, a number or a boolean", ErrBadRequest, name)
			}
			out[name] = string(raw)
		}
	}
	return nil
}
