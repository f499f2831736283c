package supervisor

// A table's header line ("Filesystem Size Used Avail Use% Mounted on")
// states nothing of the machine: an answer citing it for a row's figures
// ("/ on /dev/vda: 53G used of 252G, 58% [61]", df's header at 61, the
// row at 62) cites the table, so the table's rows come with it. A figure
// of no row is still not on them, and a row's figure said of another
// row is still the whole evidence's attribution to judge.

// headerRows appends to idx the rows under line i when i is its probe's
// table header, at most maxSentenceLines of them.
func (nb numbered) headerRows(idx []int, i int) []int {
	l := nb.lines[i]
	if h, ok := nb.head[l.Probe]; !ok || h != l.Text || i > 0 && nb.lines[i-1].Probe == l.Probe {
		return idx
	}
	for j := i + 1; j < len(nb.lines) && j-i <= maxSentenceLines && nb.lines[j].Probe == l.Probe; j++ {
		idx = append(idx, j)
	}
	return idx
}
