package supervisor

import (
	"slices"
	"strings"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// ranges is a list of value ranges sorted by lower end, with the widest
// width, so a lookup only scans the ranges that can reach the query.
type ranges struct {
	ivs   []interval
	width float64
}

func (r *ranges) add(iv interval) {
	r.ivs = append(r.ivs, iv)
	r.width = max(r.width, iv.hi-iv.lo)
}

func (r *ranges) sort() {
	slices.SortFunc(r.ivs, func(a, b interval) int {
		switch {
		case a.lo < b.lo:
			return -1
		case a.lo > b.lo:
			return 1
		}
		return 0
	})
}

// overlaps reports whether any range overlaps q: binary search for the
// first range starting after q, then walk back while a range could still
// reach q.
func (r *ranges) overlaps(q interval) bool {
	end, _ := slices.BinarySearchFunc(r.ivs, q.hi, func(iv interval, hi float64) int {
		if iv.lo < hi {
			return -1
		}
		return 1
	})
	for j := end - 1; j >= 0 && r.ivs[j].lo >= q.lo-r.width; j-- {
		if r.ivs[j].overlaps(q) {
			return true
		}
	}
	return false
}

// index is evidence prepared for lookups: the figures it contains by kind,
// its ports, its words and subwords, and its lowercased text.
type index struct {
	nums   [numNumeric]ranges
	ports  map[int]bool
	tokens map[string]bool
	text   string
	// sorted and reversed hold the tokens sorted, and reversed then sorted,
	// for prefix and suffix lookups; built on first use.
	sorted, reversed []string
}

// newIndex reads every number and word of text. A unitless number may be
// any of: a count, a percentage (ps %MEM has no % sign), a size in bytes or
// KiB (typed data, ps RSS) and a frequency in MHz (lscpu).
func newIndex(text string) *index {
	ix := &index{ports: map[int]bool{}, tokens: map[string]bool{}, text: strings.ToLower(text)}
	words := splitWords(ix.text)
	for i, w := range words {
		ix.addToken(w)
		if rest, ok := strings.CutPrefix(w, ":"); ok && allDigits(rest) {
			ix.addPort(rest)
		}
		if _, port, ok := hostPort(w); ok {
			ix.ports[port] = true
		}
		if (w == "port" || w == "ports") && i+1 < len(words) {
			ix.addPort(words[i+1])
		}
		if !isDigit(w[0]) || isClock(w) || lexicon.IsIPv4(w) || isVersion(w) {
			continue
		}
		n, used, ok := parseNumber(w)
		if !ok {
			continue
		}
		plain := n.plain()
		ix.nums[kindCount].add(plain)
		suffix := w[used:]
		if suffix == "" && i+1 < len(words) {
			if _, isUnit := units[words[i+1]]; isUnit {
				suffix = words[i+1]
			}
		}
		if u, ok := units[suffix]; ok && u.kind < numNumeric {
			for _, iv := range n.intervals(u) {
				ix.nums[u.kind].add(iv)
			}
			continue
		}
		if suffix != "" {
			continue
		}
		ix.nums[kindPercent].add(plain)
		ix.nums[kindSize].add(plain)
		if n.decimals == 0 {
			ix.nums[kindSize].add(interval{plain.lo * kib, plain.hi * kib})
		}
		ix.nums[kindFreq].add(interval{plain.lo * 1e6, plain.hi * 1e6})
	}
	for k := range ix.nums {
		ix.nums[k].sort()
	}
	return ix
}

// addToken records a word and its parts, so "/usr/sbin/sshd",
// "nginx.service" and "users:sshd" also yield "sshd" and "nginx".
func (ix *index) addToken(w string) {
	ix.tokens[w] = true
	start := 0
	for i := 0; i <= len(w); i++ {
		if i < len(w) && strings.IndexByte("/:.@,", w[i]) < 0 {
			continue
		}
		if start > 0 || i < len(w) { // w itself is already in
			if part := w[start:i]; part != "" {
				ix.tokens[part] = true
			}
		}
		start = i + 1
	}
}

func (ix *index) addPort(s string) {
	if p, ok := lexicon.Port(s); ok {
		ix.ports[p] = true
	}
}

// commLen is the kernel's limit on a process name (TASK_COMM_LEN - 1): ps
// and ss show "systemd-journal" for systemd-journald.
const commLen = 15

// has reports whether the evidence supports c.
func (ix *index) has(c claim) bool {
	switch c.kind {
	case kindSize, kindPercent, kindFreq, kindCount:
		for _, iv := range c.ivs {
			if ix.nums[c.kind].overlaps(iv) {
				return true
			}
		}
		return false
	case kindPort:
		p := float64(c.port)
		return ix.ports[c.port] || ix.nums[kindCount].overlaps(interval{p - 0.5, p + 0.5})
	case kindClock:
		return containsBounded(ix.text, c.key, true)
	}
	if c.textual {
		return containsBounded(ix.text, c.key, lexicon.IsIPv4(c.key) || isVersion(c.key))
	}
	if ix.tokens[c.key] || (len(c.key) > commLen && ix.tokens[c.key[:commLen]]) {
		return true
	}
	// A unit is supported by its program ("nginx.service" by nginx in ps).
	if base, ok := lexicon.CutUnitSuffix(c.key); ok {
		return ix.tokens[base] || ix.affix(base)
	}
	return ix.affix(c.key)
}

// minAffix is the shortest name matched as the start or end of a longer
// evidence word.
const minAffix = 4

// affix reports whether a name of at least minAffix bytes begins or ends an
// evidence word: a program and its daemon (docker, dockerd; cups, cupsd),
// a package and its version (python, python3; postgres, postgresql), and
// the parts of a run-together name (manager in networkmanager).
func (ix *index) affix(name string) bool {
	if len(name) < minAffix {
		return false
	}
	if ix.sorted == nil {
		ix.sorted = make([]string, 0, len(ix.tokens))
		ix.reversed = make([]string, 0, len(ix.tokens))
		for t := range ix.tokens {
			ix.sorted = append(ix.sorted, t)
			ix.reversed = append(ix.reversed, reverse(t))
		}
		slices.Sort(ix.sorted)
		slices.Sort(ix.reversed)
	}
	return hasPrefixed(ix.sorted, name) || hasPrefixed(ix.reversed, reverse(name))
}

// hasPrefixed reports whether a sorted list holds a word starting with p.
func hasPrefixed(sorted []string, p string) bool {
	i, _ := slices.BinarySearch(sorted, p)
	return i < len(sorted) && strings.HasPrefix(sorted[i], p)
}

func reverse(s string) string {
	b := []byte(s)
	slices.Reverse(b)
	return string(b)
}
