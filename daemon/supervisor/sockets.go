package supervisor

import (
	"strings"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// A socket table's row ("| 6443 | [::] | socat (PID 24497) |") gives one
// socket: its port and its address are checked together (checkPortAddrs),
// as ss prints them: "0.0.0.0:9000", "[::1]:6443", "[::]:8443". "[::]"
// alone in a cell is an address (the wildcard), not punctuation.

// socketAddr returns an address as ss writes it before a port: IPv4 as
// is, the IPv6 wildcard and loopback in brackets; "" for any other
// address, whose port a sentence rarely binds.
func socketAddr(key string) string {
	switch {
	case lexicon.IsIPv4(key):
		return key
	case key == "[::]" || key == "[::1]":
		return key
	case key == "::1":
		return "[::1]"
	case strings.HasPrefix(key, "[") && strings.HasSuffix(key, "]") && isIPv6(key[1:len(key)-1]):
		return key
	}
	return ""
}
