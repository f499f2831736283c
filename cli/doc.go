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
//	annactl uninstall        undo the ledger, after the user types uninstall
//	annactl -V, --version    the version
//
// status, reset and uninstall are commands only as the sole argument
// ("annactl status of nginx" is a request). "--" ends the flags, so
// "annactl -- status" asks Anna about "status". -h and --help print the
// usage on stdout and exit 0, as every Unix tool does; any other flag
// prints the usage on stderr and exits 2. The socket is $ANNA_SOCKET, else
// /run/anna/anna.sock.
//
// help and ? are answered by annactl itself, in the REPL and as the sole
// argument of a one-shot request: what to ask, the exit words, Ctrl-C and
// `annactl status`. A user who types help wants help, and must get it
// before Ollama works; sending it to the model would answer with the
// model's guess, or with an Ollama error on a new machine. This adds no
// command to the surface (the words are requests annactl answers locally);
// "annactl -- help" still asks Anna.
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
