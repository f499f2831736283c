package supervisor

import "strings"

// pathDir is the directory a path with a glob stands for when it is
// looked up in the evidence: "du -sh /var/vmail/*" or "/var/vmail/*/*"
// names files under a directory no probe prints that way, so it is read
// as its directory part (/var/vmail). Any other path is itself: a
// trailing slash alone keeps its meaning ("/daemon/" is not the row of
// "/daemon/desk/"). The word splitter keeps a glob at a word's end
// (trimWord), where it would otherwise read as emphasis.
func pathDir(p string) string {
	i := strings.IndexAny(p, "*?")
	if i < 0 {
		return p
	}
	if d := strings.TrimRight(p[:strings.LastIndexByte(p[:i], '/')+1], "/"); d != "" {
		return d
	}
	return "/"
}
