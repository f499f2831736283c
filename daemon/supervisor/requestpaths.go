package supervisor

import (
	"regexp"
	"strings"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// A request path ("the POST /images/create request", "the /images/create
// endpoint": an upper-case method before it or a request noun after it)
// is often given without the API version a log shows before it ("POST
// /v1.43/images/create"): it is found where it is the tail of an evidence
// path after "/api" or version segments only, whole segments
// ("/images/create" of "/v1.43/images/create", not of "/v1.43/images/
// created"). A changed segment is not found ("/images/pull"). A
// filesystem path is exact: "/lib/docker" is not "/var/lib/docker".

var (
	httpMethods  = lexicon.NewSet(`get post put delete patch head options`)
	requestNouns = lexicon.NewSet(`request requests endpoint endpoints route routes call calls api handler`)
)

// requestPath reports a path claim an HTTP method leads or a request noun
// follows.
func requestPath(answer string, c claim) bool {
	if !strings.HasPrefix(c.key, "/") || c.off > len(answer) {
		return false
	}
	// The method as a log writes it: "delete /lib/docker" is a verb.
	before := strings.Fields(answer[max(0, c.off-12):c.off])
	if len(before) > 0 {
		m := strings.TrimLeft(before[len(before)-1], "(\"'`")
		if m == strings.ToUpper(m) && httpMethods[strings.ToLower(m)] {
			return true
		}
	}
	after := plainWords(answer[min(len(answer), c.off+len(c.text)):min(len(answer), c.off+len(c.text)+12)])
	return len(after) > 0 && requestNouns[after[0]]
}

// hasPathTail reports the key as the tail of a longer path in the
// evidence: right after a segment of a path, and ending where a segment
// does.
func (ix *index) hasPathTail(key string) bool {
	text := ix.text
	return indexBounded(text, key, 0, func(i, end int) bool {
		if end < len(text) && (isAlnumByte(text[end]) || text[end] == '.' || text[end] == '-' || text[end] == '_') {
			return false // "/images/created"
		}
		// An API's prefix is short ("/api/v1"): the walk back stops there,
		// not at the start of a long token at each hit.
		start := i
		for start > 0 && i-start <= maxAPIPrefix && !strings.ContainsRune(" \t\n\"'`=(", rune(text[start-1])) {
			start--
		}
		return start < i && i-start <= maxAPIPrefix && apiPrefix(text[start:i])
	}) >= 0
}

// maxAPIPrefix bounds the segments an API puts before its paths.
const maxAPIPrefix = 32

// apiPrefix reports segments an API puts before its paths ("/api",
// "/v1.43"): a filesystem path's head ("/var") is not left out.
func apiPrefix(p string) bool {
	segs := strings.Split(p, "/")
	if segs[0] != "" {
		return false
	}
	for _, s := range segs[1:] {
		if s != "api" && !apiVersionRe.MatchString(s) {
			return false
		}
	}
	return true
}

var apiVersionRe = regexp.MustCompile(`^v\d+(?:\.\d+)*$`)
