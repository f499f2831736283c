package supervisor

import "strings"

// bareV6Sockets reads an IPv6 address written with its port and no
// brackets ("redis-server listens on fd00::2:6379") as the socket ss
// prints as "[fd00::2]:6379": only where the evidence lacks the whole
// as an address and has that socket, since the text alone is itself a
// valid IPv6 address.
func (ix *index) bareV6Sockets(claims []claim) {
	for i := range claims {
		c := &claims[i]
		if c.kind != kindName || !c.textual || !isIPv6(c.key) || strings.ContainsAny(c.key, "[]/%") || hasText(ix.text, *c) {
			continue
		}
		j := strings.LastIndexByte(c.key, ':')
		addr, port := c.key[:j], c.key[j+1:]
		if !allDigits(port) || len(port) > 5 || strings.HasSuffix(addr, ":") || !isIPv6(addr) {
			continue
		}
		if sock := "[" + addr + "]:" + port; containsBounded(ix.text, sock, false) {
			c.key = sock
		}
	}
}
