package supervisor

import (
	"strconv"
	"strings"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// claim is one checkable statement of an answer: a figure or a name.
type claim struct {
	text string     // as the answer wrote it, for Grounding
	kind kind       // how it is matched
	ivs  []interval // numeric kinds: the values it stands for, in base units
	key  string     // names and clocks: the lowercased text to look up
	port int        // kindPort
	// textual names (paths, addresses, versions, quotes) are searched in
	// the evidence text; the others are looked up as whole tokens.
	textual bool
}

func (c claim) id() string { return strconv.Itoa(int(c.kind)) + "\x00" + c.key }

// maxQuote bounds a quoted span taken as one claim; longer quotes are
// prose, not names, and are read word by word.
const maxQuote = 80

// extract returns the claims of an answer in order of first appearance,
// without duplicates. It runs in time linear in the answer.
func extract(answer string) []claim {
	var out []claim
	seen := map[string]bool{}
	add := func(c claim) {
		if c.key == "" {
			c.key = strings.ToLower(c.text)
		}
		if id := c.id(); !seen[id] {
			seen[id] = true
			out = append(out, c)
		}
	}
	raws := splitWords(quotes(answer, add))
	words := make([]string, len(raws))
	for i, r := range raws {
		words[i] = strings.ToLower(r)
	}
	for i := 0; i < len(words); i++ {
		i += max(0, classify(words, raws, i, add))
	}
	return out
}

// quotes turns every short `backticked`, "double-quoted" or 'single-quoted'
// span into one claim and returns the text with those spans blanked out.
// Fenced code blocks (```) are not quotes: their lines are read like prose.
func quotes(answer string, add func(claim)) string {
	b := []byte(strings.ReplaceAll(answer, "```", "   "))
	for i := 0; i < len(b); i++ {
		closeQ, ok := quoteClose(b, i)
		if !ok {
			continue
		}
		j := i + 1
		for j < len(b) && j-i <= maxQuote && b[j] != '\n' && b[j] != closeQ {
			j++
		}
		if j >= len(b) || b[j] != closeQ || j-i > maxQuote {
			continue
		}
		if closeQ == '\'' && j+1 < len(b) && isAlnumByte(b[j+1]) {
			continue // an apostrophe, not a closing quote
		}
		if text := strings.TrimSpace(string(b[i+1 : j])); text != "" {
			quoted(text, add)
			for k := i; k <= j; k++ {
				b[k] = ' '
			}
		}
		i = j
	}
	return string(b)
}

// quoteClose reports whether b[i] opens a quote and which byte closes it.
// A single quote opens only at the start of a word, so "it's" is no quote.
func quoteClose(b []byte, i int) (byte, bool) {
	switch b[i] {
	case '`', '"':
		return b[i], true
	case '\'':
		return '\'', i == 0 || !isAlnumByte(b[i-1])
	}
	return 0, false
}

// quoted adds the claim of one quoted span: a single figure or name is
// classified as if unquoted; anything else must appear verbatim.
func quoted(text string, add func(claim)) {
	raws := splitWords(text)
	words := make([]string, len(raws))
	for i, r := range raws {
		words[i] = strings.ToLower(r)
	}
	if len(words) == 1 || (len(words) == 2 && units[words[1]] != (unit{})) {
		if n := classify(words, raws, 0, add); n >= 0 && len(words) == n+1 {
			return
		}
	}
	add(claim{text: text, kind: kindName, textual: true})
}

// classify adds the claims of words[i] (lowercased; raws holds them as
// written) and returns how many following words it consumed (a unit, a
// port number), or -1 if it found no claim.
func classify(words, raws []string, i int, add func(claim)) int {
	w, raw := words[i], raws[i]
	next := ""
	if i+1 < len(words) {
		next = words[i+1]
	}
	name := func(textual bool) int {
		add(claim{text: raw, kind: kindName, textual: textual})
		return 0
	}
	colon := strings.Contains(w, ":")
	digit := strings.ContainsAny(w, "0123456789")
	switch {
	case (w == "port" || w == "ports") && allDigits(next):
		if p, ok := lexicon.Port(next); ok {
			add(claim{text: raw + " " + raws[i+1], kind: kindPort, port: p, key: next})
		}
		return 1
	case !digit && !colon && !strings.HasPrefix(w, "/") && !strings.HasPrefix(w, "~/"):
		// The cheap common case: a plain word.
		// "lo" is the only interface name without a digit.
		if lexicon.IsUnit(w) || lexicon.IsProgram(w) || w == "lo" || (len(w) <= 4 && lexicon.IsBlockDevice(w)) || contextual(words, i) {
			return name(false)
		}
		return -1
	case w[0] == ':' && allDigits(w[1:]):
		if p, ok := lexicon.Port(w[1:]); ok {
			add(claim{text: raw, kind: kindPort, port: p, key: w[1:]})
		}
		return 0
	case colon && isClock(w):
		add(claim{text: raw, kind: kindClock})
		return 0
	case lexicon.IsIPv4(w), colon && isIPv6(w):
		return name(true)
	}
	if addr, port, ok := hostPort(w); colon && ok {
		if addr != "*" {
			add(claim{text: raw[:len(addr)], kind: kindName, textual: true})
		}
		add(claim{text: raw, kind: kindPort, port: port, key: strconv.Itoa(port)})
		return 0
	}
	switch {
	case isPath(w), isVersion(w):
		return name(true)
	case lexicon.IsUnit(w), lexicon.IsBlockDevice(w), lexicon.IsInterface(w), lexicon.IsProgram(w):
		return name(false)
	case isDigit(w[0]):
		return figure(words, raws, i, add)
	case contextual(words, i):
		return name(false)
	}
	return -1
}

// figure adds the claim of a number and its unit (attached or the next
// word). Unitless integers up to 10, years and numbers after words such as
// "top" or "last" describe the answer, not the system, and are skipped;
// so are durations.
func figure(words, raws []string, i int, add func(claim)) int {
	w := words[i]
	n, used, ok := parseNumber(w)
	if !ok {
		return -1
	}
	suffix, consumed := w[used:], 0
	if suffix == "" && i+1 < len(words) {
		if _, isUnit := units[words[i+1]]; isUnit {
			suffix, consumed = words[i+1], 1
		}
	}
	text := raws[i]
	if consumed == 1 {
		text += " " + raws[i+1]
	}
	if suffix == "" || strings.HasSuffix(suffix, "-core") || strings.HasSuffix(suffix, "-cores") {
		prev := ""
		if i > 0 {
			prev = words[i-1]
		}
		integer := n.decimals == 0
		if integer && (n.value <= 10 || (n.value >= 1900 && n.value <= 2099)) || proseCounters[prev] {
			return consumed
		}
		add(claim{text: text, kind: kindCount, ivs: []interval{n.plain()}, key: strings.ToLower(text)})
		return consumed
	}
	u, ok := units[suffix]
	if !ok || u.kind == kindDuration {
		return consumed
	}
	add(claim{text: text, kind: u.kind, ivs: n.intervals(u), key: strings.ToLower(text)})
	return consumed
}

// contextual reports whether words[i] is a name by its position: before
// "process", "service", "daemon" or "(PID …)", or as the subject of "uses",
// "consumes", "is using", "is listening".
func contextual(words []string, i int) bool {
	w := words[i]
	// Adverbs ("probably uses", "currently uses") are not names either.
	if !lexicon.IsName(w) || lexicon.IsStopword(w) || strings.HasSuffix(w, "ly") || hedgeSeqs[w] != nil ||
		(strings.Contains(w, "-") && !strings.HasPrefix(w, "systemd-")) {
		return false
	}
	if _, isUnit := units[w]; isUnit {
		return false
	}
	at := func(k int) string {
		if i+k < len(words) {
			return words[i+k]
		}
		return ""
	}
	return kindWords[at(1)] || actionWords[at(1)] ||
		((at(1) == "is" || at(1) == "are") && progressiveWords[at(2)])
}
