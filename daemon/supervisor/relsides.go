package supervisor

// "cc1plus (1844200 KiB ≈ 1.76 GiB) uses roughly 600 MiB more RSS than
// java (1229868 KiB ≈ 1.17 GiB)": the figure right before "more … than"
// is the two sides' difference (relative.go), not the first side's value,
// so the comparison is read between the figures of the sides themselves:
// the last one before the difference (1.76 GiB) and the first after
// "than" (1229868 KiB). Without this, 600 MiB would be weighed against
// java's 1229868 KiB and the true "more" read as false.

// comparedSides returns claims without the figures that are a difference
// or factor of the two sides (relativeFigure), for checkCompared.
func comparedSides(answer string, claims []claim) []claim {
	out := make([]claim, 0, len(claims))
	for _, c := range claims {
		if _, ok := relativeFigure(answer, c); ok { // relative.go
			continue
		}
		out = append(out, c)
	}
	return out
}
