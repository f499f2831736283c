package supervisor

import (
	"regexp"
	"strings"
)

// A count of interfaces of a kind ("2 bridges", "4 veth pairs", "there
// are 5 network interfaces") is ip addr's: bridges are the interfaces
// others name as their master, and docker0, br-…, virbr…; a veth pair is
// one veth interface, or two that name each other as peer
// ("veth1a2b3c4@pveth1a2b3c4"). "N veth(s)" may count interfaces or
// pairs. A count followed by "attached to docker0" (or "are attached
// to docker0": the verb states it, it selects none) counts the veths
// whose master is docker0. A count of all interfaces is judged only where it
// says how many there are ("there are", "has", "shows", "lists", "in
// total", or a colon after it), not "2 interfaces are down"; it may leave
// lo out. Without ip addr the count is not judged.

var (
	ifaceCountRe = regexp.MustCompile(`(?:(there\s+are|there're|has|have|shows?|lists?|with|sees|reports?)\s+)?\b` + countRe +
		`\s+(veth\s+pairs?|veth\s+interfaces?|veth\s+devices?|veths?|(?:linux\s+|network\s+)?bridges?(?:\s+interfaces?)?|(?:network\s+)?interfaces?)\b` +
		`(\s*(?::|in\s+total|total))?(?:\s+(?:(?:(?:are|is|were)\s+)?(?:attached\s+to|connected\s+to|plugged\s+into)|on|under)\s+(?:the\s+)?([a-z][\w.-]*))?`)
	ipLinkRe   = regexp.MustCompile(`^\d+: ([^:@ ]+)(?:@([^: ]+))?: <[^>]*>.*\bmtu\b`)
	ipMasterRe = regexp.MustCompile(`\bmaster ([^ ]+)`)
	bridgeName = regexp.MustCompile(`^(?:docker\d+|br-[0-9a-f]+|virbr\d+|br\d+|bridge\d*|cni\d+|lxcbr\d+)$`)
)

// ifaceQualifiers after a count's noun make it a count of some of them.
var ifaceQualifiers = map[string]bool{"with": true, "that": true, "which": true, "having": true, "carrying": true,
	"showing": true, "up": true, "down": true, "in": true, "are": true, "is": true, "were": true, "have": true,
	"holding": true, "using": true, "without": true, "of": true}

// firstWord returns the first plain word of s.
func firstWord(s string) string {
	if ws := plainWords(s); len(ws) > 0 {
		return ws[0]
	}
	return ""
}

// ipLink is one interface of ip addr.
type ipLink struct{ name, peer, master string }

// ipLinks returns ip addr's interfaces, each once; ok is false without
// ip addr.
func (ix *index) ipLinks() (links []ipLink, ok bool) {
	seen := map[string]bool{}
	for _, id := range ix.tokens["mtu"] {
		r := ix.recs[id]
		m := ipLinkRe.FindStringSubmatch(r.text)
		if m == nil || seen[m[1]] {
			continue
		}
		seen[m[1]] = true
		l := ipLink{name: m[1], peer: m[2]}
		if mm := ipMasterRe.FindStringSubmatch(r.text); mm != nil {
			l.master = mm[1]
		}
		links = append(links, l)
	}
	return links, len(links) > 0
}

// ifaceCounts returns the counts a noun may mean in ip addr's links:
// of veths (interfaces and pairs) under master (any when ""), of
// bridges, or of all interfaces (with and without lo).
func ifaceCounts(links []ipLink, noun, master string) []int {
	switch {
	case strings.HasPrefix(noun, "veth"):
		names := map[string]bool{}
		for _, l := range links {
			names[l.name] = true
		}
		n, pairs := 0, 0
		for _, l := range links {
			if !strings.Contains(l.name, "veth") || master != "" && l.master != master {
				continue
			}
			n++
			// A pair with both ends shown counts once, at its end
			// that sorts first.
			if !names[l.peer] || !strings.Contains(l.peer, "veth") || l.name < l.peer || master != "" {
				pairs++
			}
		}
		if strings.Contains(noun, "pair") {
			return []int{pairs}
		}
		return []int{n, pairs}
	case strings.Contains(noun, "bridge"):
		bridges := map[string]bool{}
		for _, l := range links {
			if bridgeName.MatchString(l.name) {
				bridges[l.name] = true
			}
			if l.master != "" {
				bridges[l.master] = true
			}
		}
		return []int{len(bridges)}
	}
	n := len(links)
	for _, l := range links {
		if l.name == "lo" {
			return []int{n, n - 1}
		}
	}
	return []int{n}
}

// checkIfaceCounts reports the counts of interfaces in one sentence.
func checkIfaceCounts(ix *index, g *Grounding, sentence string) {
	s := strings.ToLower(unmarked.Replace(sentence))
	if !strings.Contains(s, "interface") && !strings.Contains(s, "veth") && !strings.Contains(s, "bridge") {
		return
	}
	var links []ipLink
	for _, loc := range ifaceCountRe.FindAllStringSubmatchIndex(s, -1) {
		m := make([]string, len(loc)/2)
		for i := range m {
			if loc[2*i] >= 0 {
				m[i] = s[loc[2*i]:loc[2*i+1]]
			}
		}
		noun := strings.Join(strings.Fields(m[3]), " ")
		generic := strings.HasSuffix(noun, "interface") || strings.HasSuffix(noun, "interfaces")
		if generic && !strings.Contains(noun, "bridge") && !strings.Contains(noun, "veth") && m[1] == "" && m[4] == "" {
			continue // "2 interfaces are down" counts some of them
		}
		if m[4] == "" && m[5] == "" && ifaceQualifiers[firstWord(s[loc[1]:])] {
			continue // "3 interfaces with IPv4 addresses", "2 bridges are up": some of them
		}
		if links == nil {
			var ok bool
			if links, ok = ix.ipLinks(); !ok {
				return
			}
		}
		master := "" // "attached to them" counts under every bridge
		for _, l := range links {
			if l.name == m[5] {
				master = m[5]
			}
		}
		want := countOf(m[2])
		found := false
		for _, n := range ifaceCounts(links, noun, master) {
			found = found || n == want
		}
		report(g, found, m[2]+" "+noun+" (ip addr)")
	}
}
