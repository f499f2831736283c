package supervisor

import (
	"strings"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// "Listening TCP ports:\n- 22: sshd [114]\n- …\n- 873: rsync [113]": a
// list's heading says what its items are, and the items' bare numbers are
// ports because of it (portContext). A cited item is checked with the two
// sentences before it (cited.go), which past the third item no longer hold
// the heading: "873" read there is a count, which the ss line does not
// print. The heading comes along with the item, as the whole answer's
// check reads it.

// maxListLead bounds how many items back a heading is looked for.
const maxListLead = 32

// listLead returns the heading sentence of the list sentence k is an item
// of, when it lies before the sentences that come along anyway (from), or
// "".
func listLead(clean string, facts []sentenceFacts, k, from int) string {
	// facts are clean's own, so the clamp never cuts today; it keeps a
	// sentence read from other text from panicking on the request path,
	// as neverrecovered.go and timekinds.go clamp theirs.
	text := func(f sentenceFacts) string { return clean[min(f.at.start, len(clean)):min(f.at.end, len(clean))] }
	i := k
	for ; i >= 0 && k-i <= maxListLead && listItem(text(facts[i])); i-- {
	}
	if i < 0 || i == k || facts[i].at.end > from {
		return ""
	}
	head := text(facts[i])
	if !strings.HasSuffix(strings.TrimRight(head, " *\n"), ":") {
		return ""
	}
	return head + "\n"
}

// listItem reports whether a sentence opens with a list's bullet or
// number ("- ", "* ", "3. ", "2) ").
func listItem(s string) bool {
	s = strings.TrimLeft(s, " \t\n")
	if strings.HasPrefix(s, "- ") || strings.HasPrefix(s, "* ") || strings.HasPrefix(s, "• ") {
		return true
	}
	n := 0
	for n < len(s) && n < 3 && isDigit(s[n]) {
		n++
	}
	return n > 0 && n+1 < len(s) && (s[n] == '.' || s[n] == ')') && s[n+1] == ' '
}

// portHeadWords in a list's heading say its items are ports ("Listening
// TCP ports:", "These TCP services are listening:").
var portHeadWords = lexicon.NewSet(`port ports listen listens listening listener listeners`)

// bulletPorts turns into ports the bare numbers that open an item of a
// list whose heading names ports: "The machine has these TCP services
// listening:\n- **22**: sshd (PID 603)\n- **873**: rsync (PID 628)". The
// words between items (a PID, a name) part one item's port from the next,
// farther than portContext follows a list.
func bulletPorts(text string, claims []claim) {
	for i := range claims {
		c := &claims[i]
		if c.kind != kindCount || !allDigits(c.text) || c.noun != "" {
			continue
		}
		p, ok := lexicon.Port(c.text)
		if !ok || p <= 10 {
			continue
		}
		line := strings.LastIndexByte(text[:c.off], '\n') + 1
		if !itemOpening(text[line:c.off]) || !portHeading(text[:line]) {
			continue
		}
		c.kind, c.port, c.key, c.ivs = kindPort, p, c.text, nil
	}
}

// itemOpening reports whether what comes before a word on its line is
// only a list's bullet or number and bold marks.
func itemOpening(before string) bool {
	s := strings.Trim(before, " \t*`")
	return s == "" || s == "-" || s == "•" || listItem(s+" x")
}

// portHeading reports whether the lines before a list item (text, up to
// the item's line) are list items back to a heading that names ports.
func portHeading(text string) bool {
	lines := strings.Split(strings.TrimRight(text, "\n"), "\n")
	for k := len(lines) - 1; k >= 0 && len(lines)-k <= maxListLead; k-- {
		l := strings.TrimSpace(lines[k])
		if l == "" || listItem(l) {
			continue
		}
		if !strings.HasSuffix(strings.TrimRight(l, " *"), ":") {
			return false
		}
		return anyOf(plainWords(strings.ToLower(l)), portHeadWords)
	}
	return false
}
