package supervisor

// columnLabels are ps column names a model writes before a figure after a
// "/" ("7.4% / RSS 1153024 KiB"): with the field words, a "/" before one
// and a number divides two figures, it does not name the root filesystem.
var columnLabels = map[string]bool{"rss": true, "vsz": true, "%mem": true, "%cpu": true}

// leadsFigure reports whether word may stand between a dividing "/" and
// the figure after it: an approximation ("about"), a field word ("used")
// or a column name ("RSS").
func leadsFigure(word string) bool {
	return approxWords[word] || fieldWords[word] != "" || columnLabels[word]
}
