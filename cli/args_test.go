package cli

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/jjgarcianorway/anna-assistant/version"
)

func TestParseArgs(t *testing.T) {
	long := strings.Repeat("a", 8<<10+1)
	tests := []struct {
		args []string
		cmd  command
		text string
		bad  bool
	}{
		{args: nil, cmd: cmdREPL},
		{args: []string{}, cmd: cmdREPL},
		{args: []string{"--"}, cmd: cmdREPL},
		{args: []string{"status"}, cmd: cmdStatus},
		{args: []string{"reset"}, cmd: cmdReset},
		{args: []string{"uninstall"}, cmd: cmdUninstall},
		// Flags end at the first word, so a later "--" is part of the request.
		{args: []string{"status", "--"}, cmd: cmdRequest, text: "status --"},
		{args: []string{"-V"}, cmd: cmdVersion},
		{args: []string{"--version"}, cmd: cmdVersion},
		{args: []string{"what", "uses", "my", "memory"}, cmd: cmdRequest, text: "what uses my memory"},
		{args: []string{"what uses my memory?"}, cmd: cmdRequest, text: "what uses my memory?"},
		{args: []string{"status", "of", "nginx"}, cmd: cmdRequest, text: "status of nginx"},
		{args: []string{"reset", "my", "network"}, cmd: cmdRequest, text: "reset my network"},
		{args: []string{"Status"}, cmd: cmdRequest, text: "Status"},
		{args: []string{"what", "does", "ls", "-l", "do"}, cmd: cmdRequest, text: "what does ls -l do"},
		{args: []string{"what", "is", "--version"}, cmd: cmdRequest, text: "what is --version"},
		{args: []string{"--", "status"}, cmd: cmdRequest, text: "status"},
		{args: []string{"--", "-V"}, cmd: cmdRequest, text: "-V"},
		{args: []string{"--", "--bogus", "flag"}, cmd: cmdRequest, text: "--bogus flag"},
		{args: []string{"안녕하세요"}, cmd: cmdRequest, text: "안녕하세요"},
		{args: []string{"--bogus"}, bad: true},
		{args: []string{"-x", "hello"}, bad: true},
		{args: []string{"-h"}, cmd: cmdUsage},
		{args: []string{"--help"}, cmd: cmdUsage},
		{args: []string{"-V", "--help"}, cmd: cmdUsage},
		{args: []string{"help"}, cmd: cmdHelp},
		{args: []string{"?"}, cmd: cmdHelp},
		{args: []string{"--", "help"}, cmd: cmdRequest, text: "help"},
		{args: []string{"help", "me"}, cmd: cmdRequest, text: "help me"},
		{args: []string{"what", "is", "-h"}, cmd: cmdRequest, text: "what is -h"},
		{args: []string{"-V", "status"}, bad: true},
		{args: []string{"--version", "hello"}, bad: true},
		{args: []string{"-V", "--"}, bad: true},
		{args: []string{"--version=maybe"}, bad: true},
		{args: []string{""}, bad: true},
		{args: []string{"  ", "\t"}, bad: true},
		{args: []string{"--", ""}, bad: true},
		{args: []string{long}, bad: true},
	}
	for _, tt := range tests {
		cmd, text, err := parseArgs(tt.args)
		if tt.bad {
			if !errors.Is(err, errUsage) {
				t.Errorf("parseArgs(%q) = %v, %q, %v; want a usage error", tt.args, cmd, text, err)
			}
			continue
		}
		if err != nil || cmd != tt.cmd || text != tt.text {
			t.Errorf("parseArgs(%q) = %v, %q, %v; want %v, %q", tt.args, cmd, text, err, tt.cmd, tt.text)
		}
	}
}

// run calls Run with buffers and returns the exit code, stdout and stderr.
func run(t *testing.T, env map[string]string, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errs bytes.Buffer
	code := Run(context.Background(), args, IO{
		In:     strings.NewReader(stdin),
		Out:    &out,
		Err:    &errs,
		Getenv: func(k string) string { return env[k] },
	})
	return code, out.String(), errs.String()
}

func TestRunUsageErrors(t *testing.T) {
	for _, args := range [][]string{{"--bogus"}, {"-V", "x"}, {""}} {
		code, out, errs := run(t, nil, "", args...)
		if code != ExitUsage {
			t.Errorf("%q: exit %d, want %d", args, code, ExitUsage)
		}
		if out != "" {
			t.Errorf("%q: wrote %q to stdout", args, out)
		}
		if !strings.Contains(errs, "usage: annactl") || !strings.Contains(errs, "3 annad unreachable") {
			t.Errorf("%q: stderr lacks the usage and exit codes:\n%s", args, errs)
		}
	}
	_, _, errs := run(t, nil, "", "--bogus")
	if !strings.HasPrefix(errs, "annactl: unknown flag: --bogus\n") {
		t.Errorf("stderr does not name the bad flag:\n%s", errs)
	}
}

func TestRunVersion(t *testing.T) {
	for _, flag := range []string{"-V", "--version"} {
		code, out, errs := run(t, nil, "", flag)
		if want := "annactl " + version.String() + "\n"; code != 0 || out != want || errs != "" {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want 0, %q", flag, code, out, errs, want)
		}
	}
}

// -h and --help ask for the usage: it goes to stdout with exit 0, and
// nothing else is printed (pflag's "help requested" is not an error).
func TestRunHelpFlags(t *testing.T) {
	for _, flag := range []string{"-h", "--help"} {
		code, out, errs := run(t, nil, "", flag)
		if code != ExitOK || out != usage || errs != "" {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want 0 and the usage", flag, code, out, errs)
		}
	}
	if !strings.Contains(usage, "uninstall        remove Anna and undo her changes, after you type uninstall") {
		t.Errorf("the usage does not describe uninstall:\n%s", usage)
	}
}

// `annactl help` is answered locally, like help in the REPL: no socket is
// dialed (there is none here), and the usage follows the examples.
func TestRunHelpWord(t *testing.T) {
	env := map[string]string{"ANNA_SOCKET": t.TempDir() + "/none.sock"}
	for _, word := range []string{"help", "?"} {
		code, out, errs := run(t, env, "", word)
		if code != ExitOK || errs != "" || !strings.HasPrefix(out, "Ask Anna about this computer") ||
			!strings.Contains(out, helpExamples[0]) || !strings.HasSuffix(out, usage) {
			t.Errorf("%s: exit %d, stdout %q, stderr %q", word, code, out, errs)
		}
	}
}

// Without annad, uninstall says how to reach it and asks nothing.
func TestRunUninstallUnreachable(t *testing.T) {
	env := map[string]string{"ANNA_SOCKET": t.TempDir() + "/none.sock"}
	code, out, errs := run(t, env, "uninstall\n", "uninstall")
	if code != ExitUnreachable || out != "" || !strings.Contains(errs, "cannot reach annad") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errs)
	}
}
