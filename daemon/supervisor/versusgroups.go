package supervisor

import (
	"slices"
	"strings"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// "java (PID 1121) uses about twice the memory of node (PID 2326):
// 1229868 KiB (~1.17 GiB, 4.9%) vs 615376 KiB (~600 MiB, 2.4%)": after a
// sentence names two processes, "X vs Y" gives X to the first and Y to
// the second, in order, each with the bracket that restates it. And "node
// is far busier on CPU though, 65.3% vs 5.0%" (bracketed or not) gives
// the first figure to the subject of the comparative clause before it and
// the second to the other process compared with it: the nearest one
// named before the subject under another name, in its sentence or the
// one before. versus.go reads the bracketed "(90.5% vs 0.6%)" of a
// comparative; this reads the rest.

// versusComparatives are comparatives that comparatives (compare.go)
// does not rank by: "busier", "hungrier".
var versusComparatives = lexicon.NewSet(`busier hungrier heavier idler quieter slower faster`)

// versusGroup returns the figures of the side of a "vs" ending (or
// starting) at the claim from: a figure and the bracket right after it.
func versusGroup(answer string, claims []claim, from int) []int {
	if from < 0 || from >= len(claims) || !isFigure(claims[from]) {
		return nil
	}
	g := []int{from}
	c := claims[from]
	rest := answer[min(c.off+len(c.text), len(answer)):]
	// "**305464 KiB** (~298 MiB, 1.2%)": bold ends before its bracket.
	if !strings.HasPrefix(strings.TrimLeft(rest, " ~≈*"), "(") {
		return g
	}
	open := c.off + len(c.text) + strings.Index(rest, "(")
	for k := from + 1; k < len(claims) && isFigure(claims[k]) && claims[k].paren == open; k++ {
		g = append(g, k)
	}
	return g
}

// versusLeft returns the index of the head figure of the side ending
// right before " vs " at v ("1229868 KiB (~1.17 GiB, 4.9%)" or "65.3%"),
// or -1.
func versusLeft(answer string, claims []claim, v int) int {
	last := -1
	for k, c := range claims {
		if c.off+len(c.text) > v {
			break
		}
		last = k
	}
	if last < 0 || !isFigure(claims[last]) {
		return -1
	}
	c := claims[last]
	if tail := strings.Trim(answer[c.off+len(c.text):v], " \t\n\r*"); tail != "" && tail != ")" {
		return -1
	}
	head := last
	if c.paren >= 0 {
		// the figure the bracket restates: "1229868 KiB (~1.17 GiB, 4.9%)"
		for head >= 0 && claims[head].paren == c.paren {
			head--
		}
		if head < 0 {
			return -1
		}
	}
	if g := versusGroup(answer, claims, head); len(g) == 0 || g[len(g)-1] != last {
		return -1
	}
	return head
}

// pairVersusGroups ties the figures of "X (…) vs Y (…)" in resp (see
// above).
func pairVersusGroups(answer string, claims []claim, resp map[int]*claim) {
	low := asciiLower(answer)
	for _, vw := range versusWords {
		for from := 0; ; {
			i := strings.Index(low[from:], vw)
			if i < 0 {
				break
			}
			v := from + i
			from = v + len(vw)
			left := versusLeft(answer, claims, v)
			if left < 0 {
				continue
			}
			right := -1
			for k := left + 1; k < len(claims); k++ {
				if claims[k].off >= from {
					right = k
					break
				}
			}
			lg, rg := versusGroup(answer, claims, left), versusGroup(answer, claims, right)
			if len(rg) == 0 || claims[right].sent != claims[left].sent ||
				strings.Trim(answer[from:claims[right].off], " \t\n\r*") != "" {
				continue
			}
			a, b := versusSides(answer, claims, left)
			if a == nil || b == nil {
				continue
			}
			for _, k := range lg {
				if resp[claims[k].off] == nil {
					resp[claims[k].off] = a
				}
			}
			for _, k := range rg {
				if resp[claims[k].off] == nil {
					resp[claims[k].off] = b
				}
			}
		}
	}
}

// versusSides returns the processes the side before and after "vs" are
// of, for the figures from claims[left].
func versusSides(answer string, claims []claim, left int) (a, b *claim) {
	sent := claims[left].sent
	subj := -1
	for k := left - 1; k >= 0 && claims[k].sent == sent; k-- {
		if claims[k].class == classProcess {
			subj = k
			break
		}
	}
	if subj < 0 {
		return nil, nil
	}
	if versusComparative(answer[claims[subj].off:claims[left].off]) {
		// "node is far busier on CPU though, 65.3% vs 5.0%"
		for k := subj - 1; k >= 0 && claims[k].sent >= sent-1; k-- {
			if o := claims[k]; o.class == classProcess && o.key != claims[subj].key {
				return &claims[subj], &claims[k]
			}
		}
		return nil, nil
	}
	// "java … twice the memory of node (PID 2326): X vs Y"
	for k := subj - 1; k >= 0 && claims[k].sent == sent; k-- {
		if o := claims[k]; o.class == classProcess && o.key != claims[subj].key {
			return &claims[k], &claims[subj]
		}
	}
	return nil, nil
}

// versusComparative reports a comparative in a clause with no "than".
func versusComparative(clause string) bool {
	ws := plainWords(clause)
	return comparativeBefore(clause) || !slices.Contains(ws, "than") && anyOf(ws, versusComparatives)
}
