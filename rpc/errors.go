package rpc

import (
	"errors"
	"fmt"
)

// Kind names an error class. Clients switch on Kind, never on messages.
type Kind string

// Error kinds sent by annad in error.data.kind.
const (
	KindParseError     Kind = "parse_error"     // the line is not JSON
	KindInvalidRequest Kind = "invalid_request" // not a JSON-RPC 2.0 request, or too long
	KindUnknownMethod  Kind = "unknown_method"  // no such method
	KindInvalidParams  Kind = "invalid_params"  // params do not match the method
	KindInternal       Kind = "internal"        // a bug in annad; it keeps serving
	KindAccessDenied   Kind = "access_denied"   // the caller may not use this method
	KindProbeUnknown   Kind = "probe_unknown"   // probe ID outside the allowlist
	KindLLMUnavailable Kind = "llm_unavailable" // Ollama unreachable or the model missing
	KindLLMBadReply    Kind = "llm_bad_reply"   // the model answered, but not usably (malformed, cut off)
	KindTimeout        Kind = "timeout"         // a deadline passed
	KindBusy           Kind = "busy"            // too many connections or requests; a refused connection gets it with id null, then EOF
	KindNotFound       Kind = "not_found"       // e.g. progress for an unknown request id
	KindShuttingDown   Kind = "shutting_down"   // annad is stopping
	KindCanceled       Kind = "canceled"        // the client hung up; logged, never seen by it

	// A member called an admin method and polkit did not authorize it.
	KindAuthRequired  Kind = "auth_required"  // authentication needed, but the request did not allow a prompt
	KindAuthNoAgent   Kind = "auth_no_agent"  // a prompt was allowed, but no polkit agent serves the caller's session
	KindAuthDismissed Kind = "auth_dismissed" // the user closed the password prompt
	KindAuthDenied    Kind = "auth_denied"    // polkit refused (its rules, or a wrong password)
	KindLedgerCorrupt Kind = "ledger_corrupt" // uninstall refused: the ledger did not parse; the hint says how to repair it
)

// Error kinds produced by Client itself, never sent by annad.
const (
	KindUnreachable      Kind = "daemon_unreachable" // nothing listens on the socket
	KindSocketPermission Kind = "socket_permission"  // the socket exists but may not be opened
	KindConnectionLost   Kind = "connection_lost"    // annad hung up mid-call
)

var codes = map[Kind]int{
	KindParseError:     CodeParseError,
	KindInvalidRequest: CodeInvalidRequest,
	KindUnknownMethod:  CodeMethodNotFound,
	KindInvalidParams:  CodeInvalidParams,
	KindInternal:       CodeInternalError,
	KindAccessDenied:   -32001,
	KindProbeUnknown:   -32002,
	KindLLMUnavailable: -32004,
	KindTimeout:        -32005,
	KindBusy:           -32006,
	KindNotFound:       -32007,
	KindShuttingDown:   -32008,
	KindLLMBadReply:    -32010,
	KindCanceled:       -32011,
	KindAuthRequired:   -32012,
	KindAuthNoAgent:    -32013,
	KindAuthDismissed:  -32014,
	KindAuthDenied:     -32015,
	KindLedgerCorrupt:  -32016,
}

// Code returns the JSON-RPC code annad sends with kind k.
func (k Kind) Code() int {
	if c, ok := codes[k]; ok {
		return c
	}
	return -32000
}

// ErrorData is the data member of every error annad sends.
type ErrorData struct {
	Kind Kind `json:"kind"`
	// Hint says what the user can do about it, when there is something.
	Hint string `json:"hint,omitempty"`
}

// Error is a JSON-RPC error object and a Go error.
type Error struct {
	Code    int        `json:"code"`
	Message string     `json:"message"`
	Data    *ErrorData `json:"data,omitempty"`
}

// Errorf builds an error of kind k. By house style the message is lowercase
// and starts with "cannot".
func Errorf(k Kind, format string, args ...any) *Error {
	return &Error{Code: k.Code(), Message: fmt.Sprintf(format, args...), Data: &ErrorData{Kind: k}}
}

// WithHint returns e with a hint telling the user what to do.
func (e *Error) WithHint(hint string) *Error {
	if e.Data == nil {
		e.Data = &ErrorData{}
	}
	e.Data.Hint = hint
	return e
}

// Error implements error.
func (e *Error) Error() string { return e.Message }

// Kind returns the error's kind, or "" when the daemon sent none.
func (e *Error) Kind() Kind {
	if e.Data == nil {
		return ""
	}
	return e.Data.Kind
}

// Hint returns the error's hint, or "".
func (e *Error) Hint() string {
	if e.Data == nil {
		return ""
	}
	return e.Data.Hint
}

// KindOf returns the Kind of err if it is or wraps an *Error, else "".
func KindOf(err error) Kind {
	var e *Error
	if errors.As(err, &e) {
		return e.Kind()
	}
	return ""
}
