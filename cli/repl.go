package cli

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"

	"github.com/peterh/liner"

	"github.com/jjgarcianorway/anna-assistant/rpc"
	"github.com/jjgarcianorway/anna-assistant/version"
)

// prompt is shown before each line in an interactive session.
const prompt = "anna> "

// exitWords end the REPL (spec); they are matched trimmed and
// case-insensitively, and never stored in the history.
var exitWords = map[string]bool{"exit": true, "quit": true, "bye": true, "q": true, ":q": true, ":wq": true}

// isExitWord reports whether line asks to leave the REPL.
func isExitWord(line string) bool {
	return exitWords[strings.ToLower(strings.TrimSpace(line))]
}

// lineReader reads the user's lines: liner on a terminal, plain lines from
// a pipe.
type lineReader interface {
	// Prompt returns the next line, io.EOF at the end, or
	// liner.ErrPromptAborted on Ctrl-C at the prompt.
	Prompt(p string) (string, error)
	// AppendHistory records a line the user sent.
	AppendHistory(line string)
	Close() error
}

// repl runs `annactl` without arguments. On a terminal (stdin and stdout)
// it edits lines with liner and keeps history; otherwise it reads one
// request per line, prints no prompt or banner, and exits with the code of
// the first failed request so scripts notice.
func (s *session) repl(ctx context.Context) int {
	st, err := s.statusCall(ctx)
	if err != nil {
		adv := advise(err, "status", callTimeout)
		printAdvice(s.sys.Err, adv, s.errs)
		return adv.code
	}
	s.id = newID()
	interactive := s.sys.InTTY && s.sys.OutTTY
	var lr lineReader
	if interactive {
		// Between a request and the next prompt the terminal still
		// raises SIGINT (liner reads Ctrl-C as a key only inside
		// Prompt). A Ctrl-C there, such as a second press after
		// canceling, must not kill the session and leave the terminal
		// in liner's mode, so it is dropped: nothing reads guard.
		guard := make(chan os.Signal, 1)
		signal.Notify(guard, os.Interrupt)
		defer signal.Stop(guard)
		lr = newLinerReader(historyPath(s.sys.Getenv), s.sys.Err)
		s.banner(st)
	} else {
		lr = newPlainReader(s.sys)
	}
	defer func() { _ = lr.Close() }()

	code := ExitOK
	for {
		line, err := lr.Prompt(prompt)
		switch {
		case errors.Is(err, liner.ErrPromptAborted):
			continue
		case errors.Is(err, io.EOF):
			if interactive {
				fmt.Fprintln(s.sys.Out)
			}
			return code
		case err != nil:
			fmt.Fprintf(s.sys.Err, "annactl: cannot read your input: %s\n", Sanitize(err.Error()))
			return ExitFailed
		}
		text := strings.TrimSpace(line)
		if text == "" {
			continue
		}
		if isExitWord(text) {
			return code
		}
		if isHelpWord(text) {
			fmt.Fprint(s.sys.Out, replHelp())
			continue
		}
		lr.AppendHistory(text)
		if len(text) > rpc.MaxRequestTextBytes {
			fmt.Fprintf(s.sys.Err, "annactl: cannot send a request longer than %d bytes\nshorten it and ask again\n", rpc.MaxRequestTextBytes)
			code = firstFailure(code, ExitFailed, interactive)
			continue
		}
		c := s.ask(ctx, text)
		if c != ExitInterrupted {
			code = firstFailure(code, c, interactive)
		}
	}
}

// firstFailure keeps the first non-zero code of a scripted session; an
// interactive one always ends with 0.
func firstFailure(code, c int, interactive bool) int {
	if interactive || code != ExitOK {
		return code
	}
	return c
}

// banner names the versions on both sides and the model, and says how to
// leave.
func (s *session) banner(st *rpc.Status) {
	model := Sanitize(st.Model.Name)
	if model == "" {
		model = "no llm"
	}
	fmt.Fprintf(s.sys.Out, "%s v%s (%s) · annactl %s\n", s.out.bold("anna"),
		strings.TrimPrefix(Sanitize(st.Version), "v"), model, version.String())
	fmt.Fprintln(s.sys.Out, "Ask about this computer. Type help or ? for examples, exit or Ctrl-D to leave.")
}

// linerReader edits lines on a terminal and keeps the history file.
type linerReader struct {
	state   *liner.State
	path    string
	errw    io.Writer
	warned  bool
	entries []string
}

func newLinerReader(path string, errw io.Writer) *linerReader {
	r := &linerReader{state: liner.NewLiner(), path: path, errw: errw}
	r.state.SetCtrlCAborts(true)
	r.state.SetMultiLineMode(true)
	r.entries = loadHistory(path)
	for _, e := range r.entries {
		r.state.AppendHistory(e)
	}
	return r
}

func (r *linerReader) Prompt(p string) (string, error) { return r.state.Prompt(p) }

// AppendHistory adds line and saves the file at once, so a closed
// terminal loses nothing.
func (r *linerReader) AppendHistory(line string) {
	r.state.AppendHistory(line)
	r.entries = appendHistory(r.entries, line)
	if err := saveHistory(r.path, r.entries); err != nil && !r.warned {
		r.warned = true
		fmt.Fprintf(r.errw, "annactl: %s\n", Sanitize(err.Error()))
	}
}

func (r *linerReader) Close() error { return r.state.Close() }

// plainReader reads lines from a pipe or file. It prompts on stderr only
// when stdin is a terminal and stdout is not, so typed input is not blind.
type plainReader struct {
	in     *bufio.Reader
	errw   io.Writer
	prompt bool
}

func newPlainReader(sys IO) *plainReader {
	return &plainReader{in: bufio.NewReader(sys.In), errw: sys.Err, prompt: sys.InTTY}
}

func (r *plainReader) Prompt(p string) (string, error) {
	if r.prompt {
		fmt.Fprint(r.errw, p)
	}
	line, err := r.in.ReadString('\n')
	if err != nil && (line == "" || !errors.Is(err, io.EOF)) {
		return "", err
	}
	return strings.TrimRight(line, "\r\n"), nil
}

func (r *plainReader) AppendHistory(string) {}

func (r *plainReader) Close() error { return nil }
