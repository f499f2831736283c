package cli

import (
	"strings"
)

// helpWords make annactl print its own help instead of asking the model:
// the answer must not depend on Ollama, which a new user may not have
// running yet. Like exit words they are matched trimmed and
// case-insensitively, and never stored in the history.
var helpWords = map[string]bool{"help": true, "?": true}

// isHelpWord reports whether line asks for annactl's help.
func isHelpWord(line string) bool {
	return helpWords[strings.ToLower(strings.TrimSpace(line))]
}

// helpExamples are the questions the help suggests. Together they touch
// every probe of the allowlist (a test checks this against the keyword
// translator), so they show what Anna can actually look at.
var helpExamples = []string{
	"what is using my memory?",
	"which processes use the most CPU?",
	"what CPU and how much RAM does this machine have?",
	"how much free space is left on my disks?",
	"what are my IP addresses and my default gateway?",
	"which ports are listening?",
	"did any service fail?",
	"are there recent errors in the system logs?",
}

// topicHelp says what to ask; the REPL and `annactl help` both start with it.
func topicHelp() string {
	var b strings.Builder
	b.WriteString("Ask Anna about this computer in your own words, for example:\n")
	for _, q := range helpExamples {
		b.WriteString("  " + q + "\n")
	}
	b.WriteString("Anna reads the system with read-only probes, names the probes it used and\n" +
		"scores how far the answer is backed by what they found.\n")
	return b.String()
}

// replHelp is what `help` and `?` print in the REPL.
func replHelp() string {
	return topicHelp() + `
In this session: exit, quit, bye, q, :q or :wq (or Ctrl-D) leave it;
Ctrl-C cancels the request that is running; Up and Down recall earlier
questions. 'annactl status' shows annad, the model and whether Ollama
answers.
`
}

// oneShotHelp is what `annactl help` and `annactl ?` print: a user who types
// that expects help, not a question to the model, so it gets the same
// local text as the REPL's help, then the usage.
func oneShotHelp() string {
	return topicHelp() + "\n" + usage
}
