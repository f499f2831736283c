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
// # Access
//
// Every method requires a level: read and operate (root, annad's own user,
// members of the socket group) or admin (methods that change the system).
// Root passes admin; a member passes only if polkit authorizes the method's
// action for the calling process; anyone else gets access_denied without
// polkit being asked. Polkit is asked last, after the request, the method
// and its params were found valid. A request that may wait for a password
// prompt sets the request member "interactive": true (Request.Interactive;
// Client.AllowInteraction), which annactl does when its stdin is a
// terminal; without it, an action that needs authentication fails with
// auth_required. The other refusals are auth_no_agent, auth_dismissed and
// auth_denied, each with a hint. An interactive admin call can take as long
// as the person typing: clients give it minutes, not seconds.
//
// # Errors
//
// Protocol errors use the JSON-RPC codes (ParseError, InvalidRequest,
// MethodNotFound, InvalidParams). Application errors use codes from -32000
// down and always carry data.kind (see Kind), which is the stable thing to
// switch on; the message is for humans and may change.
package rpc
