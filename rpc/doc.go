// Package rpc is the contract between annactl and annad: the JSON-RPC 2.0
// envelope, every method's params and result, the error kinds, and a Go
// client. Both sides import it; annactl imports nothing else of the daemon.
//
// # Transport
//
// annad listens on a Unix stream socket (default /run/anna/anna.sock, mode
// 0660, group anna). Each message is one JSON object on one line, UTF-8,
// terminated by "\n". A request line longer than MaxRequestBytes is refused.
// Requests on one connection may be answered out of order; match responses
// by id. Closing the connection cancels the requests still running on it,
// which is how a client aborts a request (annactl does this on Ctrl-C).
//
// # Methods
//
//	status    params: none or {}                      result: Status
//	probe     params: ProbeParams {"probe": "<id>"}   result: ProbeResult
//	progress  params: ProgressParams                  result: Progress
//	request   params: RequestParams {"text": "…"}     result: Answer
//	reset     params: none or {}                      result: ResetResult
//
// Params are always a JSON object (or absent). Unknown fields are refused
// with InvalidParams so that typos do not pass silently.
//
// # Errors
//
// Protocol errors use the JSON-RPC codes (ParseError, InvalidRequest,
// MethodNotFound, InvalidParams). Application errors use codes from -32000
// down and always carry data.kind (see Kind), which is the stable thing to
// switch on; the message is for humans and may change.
package rpc
