package supervisor

import (
	"strings"
)

// linkStates are the interface and link states ip prints in capitals; an
// answer writes them so only when it read them from a line.
var linkStates = map[string]bool{"UP": true, "DOWN": true, "NO-CARRIER": true, "LOWERLAYERDOWN": true,
	"LOWER_UP": true, "DORMANT": true}

// commonCaps are capitalised words an answer uses in prose about any
// machine: a protocol, a resource, a unit. They say nothing of which line
// a sentence read, even when some line prints them too ("CPU(s): 2").
var commonCaps = map[string]bool{"SSH": true, "DNS": true, "VPN": true, "RAM": true, "CPU": true, "CPUS": true,
	"GPU": true, "TCP": true, "UDP": true, "IPV4": true, "IPV6": true, "GIB": true, "MIB": true, "KIB": true,
	"TIB": true, "HTTP": true, "HTTPS": true, "API": true, "DHCP": true, "NAT": true, "LAN": true, "WAN": true,
	"MAC": true, "MTU": true, "PID": true, "PIDS": true, "UID": true, "GID": true, "RSS": true, "VSZ": true,
	"SSD": true, "HDD": true, "NVME": true, "OOM": true, "USB": true, "NFS": true, "SMB": true, "TLS": true,
	"SSL": true, "CLI": true, "TTY": true, "ICMP": true, "ARP": true, "NTP": true, "SMTP": true, "IMAP": true,
	"FTP": true, "SFTP": true, "URL": true, "UTC": true, "GMT": true, "AND": true, "NOT": true, "THE": true,
	"ALL": true, "NOTE": true, "IMPORTANT": true, "WARNING": true, "ERROR": true, "KERNEL": true, "SWAP": true}

// maxContainTokens bounds the words of one sentence the containment rule
// reads, and maxDistinctive the distinctive words it looks up (each a
// scan of the evidence).
const (
	maxContainTokens = 400
	maxDistinctive   = 32
)

// uncontained returns the distinctive words of a cited sentence (see
// distinctive) that its cited lines, narrow, lack: "core-dump" or
// "LOWERLAYERDOWN" read off another line than the one cited. Words of the
// question (given) are the user's.
func uncontained(sent string, claims []claim, full, narrow *index, evidence, given string) []string {
	var out []string
	for _, tok := range distinctive(sent, claims, full, evidence) {
		low := strings.ToLower(tok)
		if given != "" && wholeToken(given, low) || hasWord(narrow, low) {
			continue
		}
		out = append(out, tok+" (not on the cited lines)")
	}
	return out
}

// distinctive returns the words of a sentence that name something of one
// line and that no claim covers: a word with a digit or with one of
// -_/.:= between letters or digits ("10.8.0.0/24", "core-dump") that some
// line of the evidence holds, a capitalised word of three letters or more
// that the evidence prints in capitals ("LISTEN") unless it is common in
// prose (commonCaps), and a link state ("UP", "NO-CARRIER"). A word in no
// line at all is left to the claim checks.
func distinctive(sent string, claims []claim, full *index, evidence string) []string {
	var out []string
	fields, looked := 0, 0
	for i := 0; i < len(sent) && fields < maxContainTokens && looked < maxDistinctive; {
		for i < len(sent) && isSpaceByte(sent[i]) {
			i++
		}
		j := i
		for j < len(sent) && !isSpaceByte(sent[j]) {
			j++
		}
		if j == i {
			break
		}
		fields++
		raw := sent[i:j]
		lead := len(raw) - len(strings.TrimLeft(raw, trimmedPunct))
		tok := strings.Trim(raw, trimmedPunct)
		start := i + lead
		i = j
		if tok == "" || coveredByClaim(claims, start, start+len(tok)) || probeIDs[tok] {
			continue
		}
		switch {
		case linkStates[tok]:
			if deniedWord(sent[:start]) {
				continue // "no UP flag"
			}
		case capsWord(tok):
			if commonCaps[tok] {
				continue
			}
			if looked++; !wholeToken(evidence, tok) {
				continue
			}
		case strings.Trim(tok, "0123456789.,") == "":
			continue // a count or list number: no line prints what the answer counted
		case hasDigitByte(tok) || joined(tok):
			if looked++; !hasWord(full, strings.ToLower(tok)) {
				continue
			}
		default:
			continue
		}
		out = append(out, tok)
	}
	return out
}

const trimmedPunct = ".,;:!?()[]{}\"'*`<>"

func hasDigitByte(s string) bool { return strings.ContainsAny(s, "0123456789") }

// joined reports a word with one of -_/.:= between two letters or digits.
func joined(s string) bool {
	for k := 1; k+1 < len(s); k++ {
		if strings.IndexByte("-_/.:=", s[k]) >= 0 && isAlnumByte(s[k-1]) && isAlnumByte(s[k+1]) {
			return true
		}
	}
	return false
}

// capsWord reports a word of capitals (with digits, - or _) holding at
// least three letters.
func capsWord(s string) bool {
	letters := 0
	for k := 0; k < len(s); k++ {
		c := s[k]
		switch {
		case c >= 'A' && c <= 'Z':
			letters++
		case c >= '0' && c <= '9' || c == '-' || c == '_':
		default:
			return false
		}
	}
	return letters >= 3
}

func coveredByClaim(claims []claim, start, end int) bool {
	for _, c := range claims {
		if c.off < end && c.off+len(c.text) > start {
			return true
		}
	}
	return false
}

// hasWord reports whether the evidence of ix has a word as a whole token or
// as a part of one ("python3" of "/usr/bin/python3").
func hasWord(ix *index, low string) bool {
	return len(ix.tokens[low]) > 0 || wholeToken(ix.text, low)
}

// deniedWord reports whether the text before a word ends in "no", "not" or
// "without".
func deniedWord(before string) bool {
	f := strings.Fields(strings.ToLower(before))
	if len(f) == 0 {
		return false
	}
	switch strings.Trim(f[len(f)-1], trimmedPunct) {
	case "no", "not", "without":
		return true
	}
	return false
}
