package translator

import (
	"strings"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
	"github.com/jjgarcianorway/anna-assistant/probes"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// Bounds on entities, also applied by Validate to LLM tickets.
const (
	MaxEntities     = 16
	MaxEntityLength = 64
)

// entity is a name the user mentioned and the term it adds to the score:
// a device points to storage, an interface or address to network, a unit
// or a known program to system. Names from context ("restart foo") add
// nothing; the words around them already score.
type entity struct {
	name string
	hint *term
}

var (
	deviceHint   = &term{domain: rpc.DomainStorage, weight: 3, probes: diskProbes}
	ifaceHint    = &term{domain: rpc.DomainNetwork, weight: 3, probes: addrProbes}
	ipHint       = &term{domain: rpc.DomainNetwork, weight: 3, probes: netProbes}
	portHint     = &term{domain: rpc.DomainNetwork, weight: 2, probes: portProbes}
	unitHint     = &term{domain: rpc.DomainSystem, weight: 2, probes: []string{probes.FailedServices}}
	softwareHint = &term{domain: rpc.DomainSystem, weight: 1, probes: procProbes}
)

// askedNames are names people use for software that lexicon.IsProgram
// leaves out because an answer cannot be checked against them: everyday
// words (slack, zoom, node), commands an answer tells the user to run (git,
// curl) and names no process carries or too short to match the process
// that does (ssh for sshd, samba for smbd, wireguard in the kernel). In a
// question they still name what the user asks about.
var askedNames = lexicon.NewSet(`ssh nfs samba sqlite udisks2 wireguard slack zoom steam brave node git
curl wget`)

// Words after which the next token names the thing acted on or asked about.
var (
	actionVerbs = lexicon.NewSet(`install reinstall uninstall remove purge restart reload start stop enable
disable kill update upgrade`)
	stateWords = lexicon.NewSet(`running installed enabled active up down started stopped`)
	kindWords  = lexicon.NewSet(`service process daemon package unit program app`)
)

// entities finds the names in q in order of first mention, deduplicated and
// bounded.
func entities(q query) []entity {
	var out []entity
	seen := map[string]bool{}
	add := func(name string, hint *term) {
		if len(out) >= MaxEntities || len(name) > MaxEntityLength || seen[name] {
			return
		}
		seen[name] = true
		out = append(out, entity{name, hint})
	}
	toks := q.tokens
	for i, tok := range toks {
		if port, ok := portAt(toks, i); ok {
			add("port "+port, portHint)
			continue
		}
		if name, hint, ok := namedThing(tok); ok {
			add(name, hint)
			continue
		}
		if lexicon.IsProgram(tok) || askedNames[tok] {
			hint := softwareHint
			if vocab[tok] {
				hint = nil // the term already scores it
			}
			add(tok, hint)
			continue
		}
		if contextual(toks, q.words, i) {
			add(tok, nil)
		}
	}
	return out
}

// portAt recognizes "port 22" (at the word "port") and ":22".
func portAt(toks []string, i int) (string, bool) {
	tok := toks[i]
	if rest, ok := strings.CutPrefix(tok, ":"); ok {
		if _, ok := lexicon.Port(rest); ok {
			return rest, true
		}
	}
	if (tok == "port" || tok == "ports") && i+1 < len(toks) {
		if _, ok := lexicon.Port(toks[i+1]); ok {
			return toks[i+1], true
		}
	}
	return "", false
}

// namedThing recognizes names by their shape: device paths and names,
// network interfaces, IPv4 addresses and systemd units.
func namedThing(tok string) (string, *term, bool) {
	switch {
	case strings.HasPrefix(tok, "/dev/") && len(tok) > 5:
		return tok, deviceHint, true
	case lexicon.IsBlockDevice(tok) && !vocab[tok]:
		return tok, deviceHint, true
	case lexicon.IsInterface(tok) && !vocab[tok]:
		return tok, ifaceHint, true
	case lexicon.IsIPv4(tok):
		return tok, ipHint, true
	case lexicon.IsUnit(tok):
		return tok, unitHint, true
	}
	return "", nil, false
}

// contextual reports whether toks[i] names something by its position:
// "restart foo", "is foo running", "the foo service", "version of foo".
func contextual(toks, words []string, i int) bool {
	tok := toks[i]
	// Keywords in any form ("segfaults", "hogging") and -ing words
	// ("working") describe; they do not name.
	if !lexicon.IsName(tok) || lexicon.IsStopword(tok) || vocab[words[i]] || actionVerbs[tok] || kindWords[tok] ||
		(len(tok) > 5 && strings.HasSuffix(tok, "ing")) {
		return false
	}
	prev := func(k int) string {
		if i-k >= 0 {
			return toks[i-k]
		}
		return ""
	}
	next := func(k int) string {
		if i+k < len(toks) {
			return toks[i+k]
		}
		return ""
	}
	switch {
	case actionVerbs[prev(1)], kindWords[prev(1)], kindWords[next(1)]:
		return true
	case (prev(1) == "is" || prev(1) == "are") && stateWords[next(1)]:
		return true
	case prev(1) == "of" && prev(2) == "version":
		return true
	}
	return false
}
