package guards

import (
	"fmt"
	"net/http"
	"time"
)

// LiftDeadlines clears the read and write deadlines net/http set on a
// request's connection (the server's ReadTimeout and WriteTimeout), for
// an answer that outlives them: a WebSocket about to hijack the
// connection, or a stream of lines that lasts as long as its reader.
// coder/websocket never touches a connection's deadlines (it bounds each
// read and write by its context), so a deadline left on the hijacked
// connection would cut every WebSocket WriteTimeout after its upgrade.
// The Go this module requires (1.26) happens to clear them in Hijack
// itself (conn.hijackLocked), but http.Hijacker's documentation still
// says the connection "may have read or write deadlines already set"
// (golang/go#8296), so this does not rely on it. The server's
// TestWebSocketOutlivesHTTPTimeouts holds a WebSocket open past both.
func LiftDeadlines(w http.ResponseWriter) error {
	rc := http.NewResponseController(w)
	if err := rc.SetReadDeadline(time.Time{}); err != nil {
		return fmt.Errorf("server: clear the read deadline: %w", err)
	}
	if err := rc.SetWriteDeadline(time.Time{}); err != nil {
		return fmt.Errorf("server: clear the write deadline: %w", err)
	}
	return nil
}
