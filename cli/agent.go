package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
	"golang.org/x/term"

	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// agentBinary is polkit's text authentication agent. On a text console or
// over ssh no desktop agent runs, so without it polkit answers "no agent"
// and a member could never type the administrator's password.
const agentBinary = "pkttyagent"

// The agent's life outside the admin call is bounded: registering with
// polkit takes milliseconds, and after SIGTERM it only restores the
// terminal. Past either bound annactl goes on without it (start) or kills
// it (stop).
const (
	agentStartTimeout = 10 * time.Second
	agentStopTimeout  = 5 * time.Second
)

// errInterrupted is adminCall's error when the user pressed Ctrl-C.
var errInterrupted = errors.New("canceled")

// ttyAgent is a running pkttyagent, registered with polkit for annactl's
// own process, so the password prompt of an admin call appears on this
// terminal.
type ttyAgent struct {
	cmd    *exec.Cmd
	exited chan struct{}
	tty    *os.File    // annactl's stdin, whose mode the agent may change
	mode   *term.State // that mode before the agent ran
}

// adminLimit is the client deadline of an admin call that needs base
// without a password prompt. With a terminal polkit may prompt, and annad
// waits up to rpc.PromptTimeout for the answer, so annactl outlasts it.
func (s *session) adminLimit(base time.Duration) time.Duration {
	if s.sys.InTTY {
		return base + rpc.PromptTimeout
	}
	return base
}

// adminCall runs call, a method that polkit may authorize only after an
// administrator typed a password, with a tty agent beside it when someone
// at this terminal can answer. The agent lives only during the call, so it
// never reads the terminal while annactl or liner does: a confirmation is
// read before the call, and liner reads keys only inside Prompt (its
// reader goroutine ends with the line). Ctrl-C cancels the call and
// returns errInterrupted; the agent is stopped and reaped on every path.
func (s *session) adminCall(ctx context.Context, call func(context.Context) error) error {
	ictx, stop := s.sys.Interrupt(ctx)
	defer stop()
	if a := s.startAgent(ictx); a != nil {
		defer a.stop()
	}
	err := call(ictx)
	if err != nil && ictx.Err() != nil && ctx.Err() == nil {
		return errInterrupted
	}
	return err
}

// runAdmin runs call through adminCall under limit. When it fails it
// prints the advice, or "canceled" after Ctrl-C, and returns the exit code
// and false.
func (s *session) runAdmin(ctx context.Context, limit time.Duration, what string, call func(context.Context) error) (int, bool) {
	ctx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	err := s.adminCall(ctx, call)
	switch {
	case err == nil:
		return ExitOK, true
	case errors.Is(err, errInterrupted):
		fmt.Fprintln(s.sys.Err, "canceled")
		return ExitInterrupted, false
	}
	adv := advise(err, what, limit)
	printAdvice(s.sys.Err, adv, s.errs)
	return adv.code, false
}

// startAgent starts pkttyagent for annactl's process and waits until it has
// registered with polkit (it closes the notify pipe), as systemctl does.
// It starts nothing, silently, when nobody could answer a prompt (stdin or
// stdout is not a terminal), when annactl runs as root (root needs no
// polkit), or when pkttyagent is not installed: annad's refusal and its
// advice then say what to do.
func (s *session) startAgent(ctx context.Context) *ttyAgent {
	in, inOK := s.sys.In.(*os.File)
	out, outOK := s.sys.Out.(*os.File)
	if !s.sys.InTTY || !s.sys.OutTTY || !inOK || !outOK || os.Geteuid() == 0 || !foreground(in) {
		return nil
	}
	path, err := exec.LookPath(agentBinary)
	if err != nil {
		return nil
	}
	r, w, err := os.Pipe()
	if err != nil {
		return nil
	}
	defer r.Close()
	// The prompt is the agent's: its stdin and stdout are the terminal.
	// It stays in annactl's process group, the terminal's foreground one,
	// so it may read the terminal, and it gets the Ctrl-C annactl gets.
	cmd := exec.Command(path, "--notify-fd", "3", "--fallback", "--process", processSubject())
	cmd.Stdin, cmd.Stdout = in, out
	if f, ok := s.sys.Err.(*os.File); ok {
		cmd.Stderr = f
	}
	cmd.ExtraFiles = []*os.File{w} // fd 3
	// Should annactl be killed outright, the agent goes too.
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGTERM}
	mode, _ := term.GetState(int(in.Fd()))
	err = cmd.Start()
	w.Close() // the agent holds the only write end now
	if err != nil {
		return nil
	}
	a := &ttyAgent{cmd: cmd, exited: make(chan struct{}), tty: in, mode: mode}
	go func() {
		_ = cmd.Wait()
		close(a.exited)
	}()
	registered := make(chan struct{})
	go func() {
		// EOF: the agent closed the fd (registered) or exited (it could
		// not; then the call goes on without it).
		_, _ = io.Copy(io.Discard, r)
		close(registered)
	}()
	timer := time.NewTimer(agentStartTimeout)
	defer timer.Stop()
	select {
	case <-registered:
		return a
	case <-ctx.Done():
	case <-timer.C:
	}
	a.stop()
	r.Close() // ends the copy
	<-registered
	return nil
}

// foreground reports whether annactl is in the terminal's foreground
// process group. In the background the agent could not read the password
// (SIGTTIN), and restoring the terminal's mode would stop annactl
// (SIGTTOU).
func foreground(tty *os.File) bool {
	pgrp, err := unix.IoctlGetInt(int(tty.Fd()), unix.TIOCGPGRP)
	return err == nil && pgrp == unix.Getpgrp()
}

// stop ends the agent and reaps it: SIGTERM (and SIGCONT, should it have
// been stopped) lets pkttyagent restore the terminal it may have left
// without echo; SIGKILL follows after agentStopTimeout. The terminal's
// mode is restored afterwards either way.
func (a *ttyAgent) stop() {
	_ = a.cmd.Process.Signal(syscall.SIGTERM)
	_ = a.cmd.Process.Signal(syscall.SIGCONT)
	timer := time.NewTimer(agentStopTimeout)
	defer timer.Stop()
	select {
	case <-a.exited:
	case <-timer.C:
		_ = a.cmd.Process.Kill()
		<-a.exited
	}
	if a.mode != nil {
		_ = term.Restore(int(a.tty.Fd()), a.mode)
	}
}

// processSubject names annactl's own process for pkttyagent --process: the
// pid and, when /proc tells it, the start time, the same subject annad
// asks polkit about (from the socket's peer credentials), so the agent
// serves this process and no other.
func processSubject() string {
	pid := strconv.Itoa(os.Getpid())
	if st, ok := selfStartTime(); ok {
		return pid + "," + st
	}
	return pid
}

// selfStartTime reads field 22 of /proc/self/stat. The fields are counted
// after the last ')', since the command name may contain spaces and
// parentheses.
func selfStartTime() (string, bool) {
	b, err := os.ReadFile("/proc/self/stat")
	if err != nil {
		return "", false
	}
	i := strings.LastIndexByte(string(b), ')')
	if i < 0 {
		return "", false
	}
	f := strings.Fields(string(b[i+1:]))
	const startTime = 22 - 3 // fields after ')' begin with field 3
	if len(f) <= startTime {
		return "", false
	}
	if _, err := strconv.ParseUint(f[startTime], 10, 64); err != nil {
		return "", false
	}
	return f[startTime], true
}
