package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"runtime/debug"
	"time"

	"github.com/jjgarcianorway/anna-assistant/daemon/peer"
	"github.com/jjgarcianorway/anna-assistant/rpc"
	"github.com/jjgarcianorway/anna-assistant/runecut"
)

// handleLine parses one request line and runs its method in a goroutine, so
// a slow method never delays the next line (e.g. a progress poll).
func (c *conn) handleLine(ctx context.Context, line []byte) {
	req, rerr := parseRequest(line)
	if rerr != nil {
		c.send(errorResponse(req.ID, rerr))
		return
	}
	c.touch()
	notify := req.ID == nil
	if !c.s.begin() {
		if !notify {
			c.send(errorResponse(req.ID, rpc.Errorf(rpc.KindShuttingDown, "cannot run %s: annad is shutting down", clip(req.Method, maxLogged)).
				WithHint("retry once annad is back")))
		}
		return
	}
	if !c.acquire() {
		c.s.requests.Done()
		if !notify {
			c.send(errorResponse(req.ID, rpc.Errorf(rpc.KindBusy,
				"cannot run %s: %d requests already in flight on this connection", clip(req.Method, maxLogged), c.s.opt.MaxInFlight)))
		}
		return
	}
	go func() {
		defer c.s.requests.Done()
		defer c.release()
		defer c.s.recoverLog("request")
		after := &afterReply{}
		resp := c.call(context.WithValue(ctx, afterKey{}, after), req)
		if !notify {
			c.send(resp)
		}
		after.run()
	}()
}

// call checks access and runs the method, turning panics and stray errors
// into JSON-RPC errors. It logs one line per request.
func (c *conn) call(ctx context.Context, req rpc.Request) (resp *rpc.Response) {
	start := time.Now()
	// The method name comes from the client: bounded wherever it is
	// echoed, so a megabyte-long name cannot fill the journal.
	name := clip(req.Method, maxLogged)
	defer func() {
		if p := recover(); p != nil {
			c.s.log.Error("method panicked", "method", name, "panic", clip(fmt.Sprint(p), 512), "stack", string(debug.Stack()))
			resp = errorResponse(req.ID, rpc.Errorf(rpc.KindInternal, "cannot run %s: internal error", name).
				WithHint("this is a bug in annad; the journal has details (journalctl -u annad)"))
		}
		attrs := []any{"method", name, "uid", c.id.UID, "pid", c.id.PID,
			"duration_ms", float64(time.Since(start).Microseconds()) / 1000}
		level := slog.LevelInfo
		if c.s.opt.Methods[req.Method].Polled {
			level = slog.LevelDebug
		}
		if resp != nil && resp.Error != nil {
			attrs = append(attrs, "error", resp.Error.Kind())
			level = max(level, slog.LevelInfo)
		}
		c.s.log.Log(ctx, level, "request", attrs...)
	}()

	m, ok := c.s.opt.Methods[req.Method]
	if !ok {
		return errorResponse(req.ID, rpc.Errorf(rpc.KindUnknownMethod, "cannot run %q: no such method", name))
	}
	verdict := c.s.opt.Policy.Check(c.id, m.Access)
	if verdict == peer.Deny {
		return errorResponse(req.ID, rpc.Errorf(rpc.KindAccessDenied,
			"cannot run %s: uid %d lacks %s access", req.Method, c.id.UID, m.Access).
			WithHint(accessHint(m.Access)))
	}
	if m.Validate != nil {
		if err := m.Validate(req.Params); err != nil {
			return errorResponse(req.ID, c.toRPCError(req.Method, err))
		}
	}
	// Polkit last: it may wait for a person, so nothing cheap comes after.
	if verdict == peer.AskPolkit {
		if err := c.authorize(ctx, req, m); err != nil {
			return errorResponse(req.ID, c.toRPCError(req.Method, err))
		}
	}
	result, err := m.Handle(ctx, req.Params)
	if err != nil {
		return errorResponse(req.ID, c.toRPCError(req.Method, err))
	}
	raw, err := json.Marshal(result)
	if err != nil {
		c.s.log.Error("cannot encode result", "method", req.Method, "err", err)
		return errorResponse(req.ID, rpc.Errorf(rpc.KindInternal, "cannot encode the result of %s", req.Method))
	}
	return &rpc.Response{JSONRPC: rpc.Version2, ID: req.ID, Result: raw}
}

func accessHint(a peer.Access) string {
	if a == peer.AccessAdmin {
		return "run it with sudo, or as a member of the anna group whom polkit authorizes"
	}
	return "join the anna group (sudo usermod -aG anna $USER), then log in again"
}

func (c *conn) toRPCError(method string, err error) *rpc.Error {
	var re *rpc.Error
	switch {
	case errors.As(err, &re):
		return re
	case errors.Is(err, context.DeadlineExceeded):
		return rpc.Errorf(rpc.KindTimeout, "cannot finish %s in time", method)
	case errors.Is(err, context.Canceled) && c.s.stopping.Load():
		return rpc.Errorf(rpc.KindShuttingDown, "cannot finish %s: annad is shutting down", method)
	case errors.Is(err, context.Canceled):
		return rpc.Errorf(rpc.KindCanceled, "cannot finish %s: the client hung up", method)
	}
	c.s.log.Error("method failed", "method", method, "err", err)
	return rpc.Errorf(rpc.KindInternal, "cannot run %s: %v", method, err)
}

// parseRequest validates a JSON-RPC 2.0 request object. On error the
// returned request carries the id when one could be read.
func parseRequest(line []byte) (rpc.Request, *rpc.Error) {
	trimmed := bytes.TrimSpace(line)
	if len(trimmed) > 0 && trimmed[0] == '[' {
		return rpc.Request{}, rpc.Errorf(rpc.KindInvalidRequest, "cannot handle a batch: send one request object per line")
	}
	var probe map[string]json.RawMessage
	if err := json.Unmarshal(trimmed, &probe); err != nil {
		var syn *json.SyntaxError
		if errors.As(err, &syn) || !json.Valid(trimmed) {
			return rpc.Request{}, rpc.Errorf(rpc.KindParseError, "cannot parse request: %v", err)
		}
		return rpc.Request{}, rpc.Errorf(rpc.KindInvalidRequest, "cannot read request: not a JSON object")
	}
	var req rpc.Request
	if id, ok := probe["id"]; ok && validID(id) {
		req.ID = id
	}
	if err := json.Unmarshal(trimmed, &req); err != nil {
		return req, rpc.Errorf(rpc.KindInvalidRequest, "cannot read request: %v", err)
	}
	if id, ok := probe["id"]; ok && !validID(id) {
		return rpc.Request{}, rpc.Errorf(rpc.KindInvalidRequest, "cannot read request: id must be a string, a number or null")
	}
	if req.JSONRPC != rpc.Version2 {
		return req, rpc.Errorf(rpc.KindInvalidRequest, "cannot read request: jsonrpc must be \"2.0\"")
	}
	if req.Method == "" {
		return req, rpc.Errorf(rpc.KindInvalidRequest, "cannot read request: method is missing")
	}
	if p := bytes.TrimSpace(req.Params); len(p) > 0 && p[0] != '{' && !bytes.Equal(p, []byte("null")) {
		return req, rpc.Errorf(rpc.KindInvalidParams, "cannot read params of %s: params must be an object", clip(req.Method, maxLogged))
	}
	return req, nil
}

// validID accepts the id forms JSON-RPC 2.0 allows: string, number, null.
func validID(id json.RawMessage) bool {
	id = bytes.TrimSpace(id)
	if len(id) == 0 {
		return false
	}
	switch id[0] {
	case '"':
		var s string
		return json.Unmarshal(id, &s) == nil
	case 'n':
		return bytes.Equal(id, []byte("null"))
	case '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		var n json.Number
		return json.Unmarshal(id, &n) == nil
	}
	return false
}

func errorResponse(id json.RawMessage, e *rpc.Error) *rpc.Response {
	if id == nil {
		id = json.RawMessage("null")
	}
	return &rpc.Response{JSONRPC: rpc.Version2, ID: id, Error: e}
}

// Params decodes a method's params into T. Absent or null params decode to
// the zero T; unknown fields are refused so typos do not pass silently.
func Params[T any](raw json.RawMessage) (T, error) {
	var v T
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || bytes.Equal(raw, []byte("null")) {
		return v, nil
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&v); err != nil {
		return v, rpc.Errorf(rpc.KindInvalidParams, "cannot read params: %v", err)
	}
	if dec.More() {
		return v, rpc.Errorf(rpc.KindInvalidParams, "cannot read params: trailing data")
	}
	return v, nil
}

// maxLogged bounds a client-supplied string (a method name) wherever annad
// logs or echoes it.
const maxLogged = 64

// clip returns s cut to at most max bytes on a rune boundary, marked with
// how long it was, so a log line stays short whatever a client sends.
func clip(s string, max int) string {
	if len(s) <= max {
		return s
	}
	return fmt.Sprintf("%s…(%d bytes)", runecut.Prefix(s, max), len(s))
}
