package supervisor

import "strings"

// A count of CPUs, cores, threads or sockets is a number right before its
// noun, never across a break: in "- Threads per core: 2\n- Logical CPUs:
// 16" or "Threads per core: 2, logical CPUs: 16" the 2 is the threads per
// core, not a count of logical CPUs. Such a number is read as a bare
// count: above 10 a claim of its own, up to 10 none.

// hwCountAcross rewrites c, a count of a hardware noun read at word cur,
// when a line break or punctuation stands between the number and the next
// word; it reports whether c is still a claim.
func hwCountAcross(text string, ws []word, cur int, c *claim) bool {
	if cur+1 >= len(ws) {
		return true
	}
	gap := text[min(ws[cur].off+len(ws[cur].text), len(text)):min(ws[cur+1].off, len(text))]
	if !strings.ContainsAny(gap, "\n,;:|.!?") {
		return true
	}
	if len(c.ivs) == 0 || c.ivs[0].hi <= 10.5 {
		return false
	}
	raw := ws[cur].text
	*c = claim{text: raw, kind: kindCount, ivs: c.ivs, key: strings.ToLower(raw)}
	return true
}

// A label of a hardware noun gives the count after its colon: "Logical
// CPUs: 16", "- **Cores:** 8 (per socket)", "Threads per core: 2" (a
// count per core or per socket is read under lscpu's own key). The
// number must end its item (a line break, comma, bracket or the end), so
// "CPUs: 2 processes …" is no such count.

// perKeys are the evidence keys of a count per core or per socket.
var perKeys = map[string]string{"thread/core": "thread/core", "core/socket": "core/socket"}

// hwLabelCount reads the number at word i as the count its label names.
func hwLabelCount(text string, ws []word, words []string, i int) (claim, bool) {
	if i == 0 || !allDigits(words[i]) || len(words[i]) > 4 {
		return claim{}, false
	}
	gap := func(k int) string { // the text between word k and the next
		end := len(text)
		if k+1 < len(ws) {
			end = ws[k+1].off
		}
		return text[min(ws[k].off+len(ws[k].text), end):end]
	}
	if g := strings.Trim(gap(i-1), " *_`"); g != ":" {
		return claim{}, false
	}
	if i+1 < len(ws) && !strings.ContainsAny(gap(i), "\n,;(|") {
		return claim{}, false
	}
	noun := hwNouns[words[i-1]]
	from := i - 1
	if i >= 3 && words[i-2] == "per" && hwNouns[words[i-3]] != "" {
		noun, from = perKeys[hwNouns[words[i-3]]+"/"+noun], i-3 // "Threads per core: 2"
	}
	if noun == "" {
		return claim{}, false
	}
	n := float64(0)
	for _, r := range words[i] {
		n = n*10 + float64(r-'0')
	}
	raw := strings.Join(splitWords(text[ws[from].off:ws[i].off+len(ws[i].text)]), " ")
	return claim{text: raw, kind: kindHWCount, noun: noun, ivs: []interval{{n - 0.5, n + 0.5}}}, true
}
