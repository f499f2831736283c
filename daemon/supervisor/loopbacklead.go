package supervisor

import (
	"strings"
)

// An address after "loopback", "localhost" or "lo" ("…, plus loopback
// 127.0.0.1", "the loopback interface at ::1", "lo: 127.0.0.1/8") is the
// loopback interface's, not the interface named before it in a list: it
// holds when it is a loopback address the evidence has, else it is
// misnamed ("loopback 172.18.0.1").

// loopbackNouns name the loopback interface.
var loopbackNouns = map[string]bool{"loopback": true, "localhost": true, "lo": true}

// loopbackTail are words that may stand between such a noun and its
// address: "the loopback interface is 127.0.0.1", "localhost address ::1".
var loopbackTail = map[string]bool{"interface": true, "address": true, "addresses": true, "addr": true, "ip": true,
	"ipv4": true, "ipv6": true, "is": true, "has": true, "on": true, "at": true, "with": true, "device": true}

// loopbackLead reports an address that such a noun leads: only the
// words above, spaces, emphasis, "(", ":" or "=" between them, since the
// claim before it.
func loopbackLead(answer string, c claim, claims []claim) bool {
	if _, ok := addrKey(c); !ok || c.off > len(answer) {
		return false
	}
	from := max(0, c.off-40)
	for _, o := range claims {
		if end := o.off + len(o.text); end <= c.off && end > from {
			from = end
		}
	}
	lead := strings.ToLower(answer[from:c.off])
	ws := strings.FieldsFunc(lead, func(r rune) bool { return strings.ContainsRune(" *`(:=\t", r) })
	for i := len(ws) - 1; i >= 0; i-- {
		switch w := ws[i]; {
		case loopbackNouns[w]:
			return true
		case !loopbackTail[w]:
			return false
		}
	}
	return false
}

// loopbackAddr reports an address of 127.0.0.0/8 or ::1.
func loopbackAddr(c claim) bool {
	addr, _ := addrKey(c)
	return strings.HasPrefix(addr, "127.") || addr == "::1"
}
