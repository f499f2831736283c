package supervisor

import (
	"path"
	"strings"
	"unicode"
)

// kthreadNamed returns the name after "kernel thread" ("the kernel thread
// kdamond.0", "kernel worker thread kworker/0:1") and the index of the word
// after the descriptor; name is "" when a verb, a PID or nothing follows.
func kthreadNamed(ws []string) (name string, after int) {
	for i, w := range ws {
		if w != "kernel" || !kthreadNouns[at(ws, i+1)] {
			continue
		}
		j := i + 1
		for kthreadNouns[at(ws, j)] {
			j++
		}
		n := at(ws, j)
		if n == "" || n == "pid" || functionWords[n] || kthreadAfterWords[n] ||
			strings.IndexFunc(n, unicode.IsLetter) < 0 {
			return "", 0
		}
		return n, j
	}
	return "", 0
}

// kthreadAfterWords follow a descriptor without naming anything ("a kernel
// thread at 0.3%", "kernel threads running").
var kthreadAfterWords = map[string]bool{"running": true, "named": true, "called": true, "using": true, "idle": true}

// kernelThreadNamed returns whether the ps processes whose command is
// called name are kernel threads; ok is false when ps lists none. A name
// ps shows both ways is no verdict.
func (ix *index) kernelThreadNamed(name string) (kernel, ok bool) {
	var kern, user bool
	for _, id := range ix.tokens[name] {
		r := ix.recs[id]
		cmd := psCommand(r.text)
		if !isPSRow(r) || cmd == "" || commandName(cmd) != name {
			continue
		}
		if kernelRow(r) {
			kern = true
		} else {
			user = true
		}
	}
	if kern == user {
		return false, false
	}
	return kern, true
}

// commandName is the first word of a command's program name, lowercased:
// "[kdamond.0]" is kdamond, "/usr/bin/java -Xmx2g" is java.
func commandName(cmd string) string {
	f := strings.Fields(cmd)
	if len(f) > 0 {
		f = strings.Fields(strings.Trim(f[0], "[]"))
	}
	if len(f) == 0 {
		return ""
	}
	prog := f[0]
	if strings.HasPrefix(prog, "/") { // a kernel thread's "/" is no path
		prog = path.Base(prog)
	}
	ws := plainWords(prog)
	if len(ws) == 0 {
		return ""
	}
	return ws[0]
}
