package rpc

import "encoding/json"

// Version2 is the only JSON-RPC version annad speaks.
const Version2 = "2.0"

// MaxRequestBytes bounds one request line, newline excluded. Longer lines
// are refused with InvalidRequest and the connection is closed.
const MaxRequestBytes = 1 << 20

// MaxResponseBytes bounds one response line as read by Client. Answers carry
// capped probe output, so real responses stay far below it.
const MaxResponseBytes = 16 << 20

// Request is one JSON-RPC 2.0 request object. A request without an id is a
// notification: annad runs it and sends no response.
type Request struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params,omitempty"`
	// Interactive, an annad extension of the request object, says a person
	// at a terminal can answer a password prompt: for an admin method polkit
	// may then ask through the caller's authentication agent. Other methods
	// ignore it, so a client may send it on every request.
	Interactive bool `json:"interactive,omitempty"`
}

// Response is one JSON-RPC 2.0 response object; exactly one of Result and
// Error is set.
type Response struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Result  json.RawMessage `json:"result,omitempty"`
	Error   *Error          `json:"error,omitempty"`
}

// The JSON-RPC 2.0 protocol error codes.
const (
	CodeParseError     = -32700
	CodeInvalidRequest = -32600
	CodeMethodNotFound = -32601
	CodeInvalidParams  = -32602
	CodeInternalError  = -32603
)
