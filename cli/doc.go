// Package cli is annactl, the user's side of Anna. It talks to annad only
// through package rpc.
//
// # Surface
//
// The spec locks it; nothing else is accepted:
//
//	annactl                  interactive session (REPL)
//	annactl <request…>       one request
//	annactl status           daemon, hardware, model and Ollama
//	annactl reset            wipe learned data, after a y/N question
//	annactl uninstall        not available in this build yet
//	annactl -V, --version    the version
//
// status, reset and uninstall are commands only as the sole argument
// ("annactl status of nginx" is a request). "--" ends the flags, so
// "annactl -- status" asks Anna about "status". Any other flag, -h and
// --help included, prints the usage and exits 2. The socket is
// $ANNA_SOCKET, else /run/anna/anna.sock.
//
// # Exit codes
//
//	0    done
//	1    the request or command failed, or reset was declined
//	2    usage error
//	3    annad unreachable (not running or not installed)
//	4    permission denied on the socket (not in group anna)
//	130  Ctrl-C during a one-shot request
//
// An interactive REPL exits 0. A REPL reading a pipe exits with the code of
// its first failed request.
//
// # Output
//
// Every answer is printed as the spec's unified block, in one-shot and REPL
// mode alike. On a terminal the rule spans the window up to 72 columns and
// text wraps to the window width; elsewhere the rule has the spec's 38
// columns and text is not wrapped. Colors appear only on a terminal with
// NO_COLOR empty. While a request runs, a terminal shows the stage trail
// (or a spinner) and the answer as it is written; a pipe gets only the
// final block. All text from annad passes through Sanitize first.
package cli
