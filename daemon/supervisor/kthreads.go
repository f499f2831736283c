package supervisor

import (
	"strconv"
	"strings"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// A process called a kernel thread ("PID 21415 [kworker/u8:3] is a kernel
// worker thread") is one only when ps shows it as the kernel prints its
// threads: no memory (VSZ 0) and a bracketed name alone. A bracketed name
// with a command line after it and VSZ over 0 is a user-space process
// named like one, so the sentence is unsupported. The process is the one
// whose PID the sentence names; a sentence that negates the phrase ("not a
// kernel thread") or compares ("named like a kernel worker") is not judged.

var (
	kthreadNouns  = lexicon.NewSet(`thread threads worker workers housekeeping process task kthread`)
	kthreadHedges = lexicon.NewSet(`not isn never like looks disguised pretending masquerading mimics mimicking named fake imitating posing`)
)

// saysKernelThread reports "kernel thread", "kernel worker", "kernel
// housekeeping" in a sentence without a negation or likeness before it.
func saysKernelThread(ws []string) bool {
	for i, w := range ws {
		if w == "kernel" && kthreadNouns[at(ws, i+1)] {
			return !anyOf(ws[:i], kthreadHedges)
		}
	}
	return false
}

// kernelThread returns whether the ps process with this PID looks like a
// kernel thread; ok is false when no ps record has it.
func (ix *index) kernelThread(pid float64) (kernel, ok bool) {
	rows := ix.psRows(int(pid))
	if len(rows) == 0 {
		return false, false
	}
	return kernelRow(ix.recs[rows[0]]), true
}

// psCommand returns a ps record's command: after "command " in typed
// data, else the fields after ps aux's ten columns.
func psCommand(text string) string {
	if cmd, ok := strings.CutPrefix(text, "command "); ok {
		if j := strings.Index(cmd, " cpu_percent"); j >= 0 {
			cmd = cmd[:j]
		}
		return strings.TrimSpace(cmd)
	}
	if fs := strings.Fields(text); len(fs) > 10 {
		return strings.Join(fs[10:], " ")
	}
	return ""
}

// bracketOnly reports a command that is a bracketed name alone, as ps
// prints a kernel thread.
func bracketOnly(cmd string) bool {
	return strings.HasPrefix(cmd, "[") && strings.HasSuffix(cmd, "]") && !strings.Contains(cmd, " ")
}

// checkKernelThreads reports a process called a kernel thread (see above).
// The process is the descriptor's own: a name after it ("then the kernel
// thread kdamond.0 at 0.3%"; kthreadnames.go), else the nearest PID or ps
// name before it ("kdamond.0 (PID 77) is a kernel thread"), else a PID
// after it; not another process the sentence names ("Next is java (PID
// 1121), then …").
func checkKernelThreads(ix *index, g *Grounding, ws []string) {
	if !saysKernelThread(ws) {
		return
	}
	judged := func(what string, kernel bool) {
		if kernel {
			g.Found = append(g.Found, "kernel thread")
		} else {
			g.Missing = append(g.Missing, "kernel thread "+what)
		}
	}
	from := 0
	if name, after := kthreadNamed(ws); name != "" {
		if kernel, ok := ix.kernelThreadNamed(name); ok {
			judged(name, kernel)
			return
		}
		from = after
	} else {
		// The descriptor, not "the kernel's OOM killer" before it.
		d := 0
		for i, w := range ws {
			if w == "kernel" && kthreadNouns[at(ws, i+1)] {
				d = i
				break
			}
		}
		for k := d - 1; k >= 0 && k >= d-kthreadReach; k-- {
			if pid, ok := kthreadPID(ws, k); ok {
				if kernel, ok := ix.kernelThread(pid); ok {
					judged(ws[k], kernel)
					return
				}
			} else if kernel, ok := ix.kernelThreadNamed(ws[k]); ok {
				judged(ws[k], kernel)
				return
			}
		}
		from = d
	}
	for i := from; i < len(ws); i++ {
		pid, ok := kthreadPID(ws, i)
		if !ok {
			continue
		}
		if kernel, ok := ix.kernelThread(pid); ok {
			judged(ws[i], kernel)
		}
	}
}

// kthreadReach bounds the words before a descriptor read for its subject.
const kthreadReach = 8

// kthreadPID reads word i as a PID: after "pid" or long, for
// "kworker/0:1" holds small numbers that are no PIDs.
func kthreadPID(ws []string, i int) (float64, bool) {
	w := ws[i]
	if !allDigits(w) || len(w) > 10 || len(w) < 4 && at(ws, i-1) != "pid" {
		return 0, false
	}
	pid, err := strconv.ParseFloat(w, 64)
	return pid, err == nil
}
