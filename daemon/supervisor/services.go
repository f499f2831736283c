package supervisor

import (
	"maps"
	"regexp"
	"slices"
	"strings"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// A well-known service said to be what a port is: "Port 22022 is SSH",
// "UDP port 123 is NTP", "kube-apiserver is listening on 6443", "the web
// server on 8000", "5432 (PostgreSQL)", "Port 25 is open — looks like a
// mail server". Such a claim holds only when a process owning a socket
// on the port (ss's users column) is a program of that service (or, for
// a web server, one whose command line serves HTTP: "python3 -m
// http.server"); denied ("Port 5432 isn't PostgreSQL", "it is not
// avahi") it holds when none is. What a port usually carries is general
// knowledge, free: "5432 is the usual Postgres port", "Port 25 is
// normally SMTP", "the mDNS port", "an alternate HTTPS port". A port no
// socket has is not judged here; one whose sockets show no owner only
// where the service is claimed, not guessed (ownerless.go).

// service is a kind of server and the programs that are one.
type service struct {
	words string // the phrases naming it, "|"-separated
	progs []string
	// cmdline is a word of the owner's command line that makes it one.
	cmdline string
}

var services = []service{
	{words: `ssh|sshd|openssh|ssh server|ssh daemon|secure shell`, progs: []string{"sshd", "ssh", "dropbear", "sshd-session"}},
	{words: `smtp|smtp server|mail server|mail transfer agent|mta|mail daemon|email server|postfix|exim|exim4|sendmail`,
		progs: []string{"master", "postfix", "smtpd", "exim", "exim4", "sendmail", "opensmtpd"}},
	{words: `ntp|ntpd|ntp server|chrony|chronyd|time server|timesyncd`, progs: []string{"chronyd", "ntpd", "openntpd", "ntpsec", "systemd-timesyncd"}},
	{words: `postgresql|postgres|postgres server|postgresql server`, progs: []string{"postgres", "postmaster"}},
	{words: `mysql|mariadb|mysqld|mysql server|mariadb server`, progs: []string{"mysqld", "mariadbd", "mysql", "mariadb"}},
	{words: `redis|redis server`, progs: []string{"redis-server", "redis"}},
	{words: `dns|dns server|dns resolver|dnsmasq|bind9`, progs: []string{"dnsmasq", "named", "unbound", "systemd-resolved", "coredns", "pdns_server"}},
	{words: `mdns|avahi|multicast dns|bonjour`, progs: []string{"avahi-daemon", "systemd-resolved", "mdnsd"}},
	{words: `web server|http server|https server|webserver|http|https|nginx|apache|httpd|caddy`,
		progs: []string{"nginx", "apache2", "httpd", "caddy", "lighttpd", "traefik", "haproxy", "envoy"}, cmdline: "http"},
	{words: `kube-apiserver|kubernetes api server|kubernetes api|kubernetes apiserver|k8s api server`, progs: []string{"kube-apiserver", "k3s", "k3s-server"}},
	{words: `docker daemon|dockerd|docker api`, progs: []string{"dockerd"}},
	{words: `cups|cupsd|print server|ipp`, progs: []string{"cupsd"}},
}

// serviceRe finds the phrases of every service, longest first.
var serviceRe = func() *regexp.Regexp {
	var all []string
	for _, s := range services {
		all = append(all, strings.Split(s.words, "|")...)
	}
	slices.SortFunc(all, func(a, b string) int { return len(b) - len(a) })
	for i, w := range all {
		all[i] = regexp.QuoteMeta(w)
	}
	return regexp.MustCompile(`(?i)\b(?:` + strings.Join(all, "|") + `)\b`)
}()

// serverNouns before "on" make the number after it a port: "the HTTPS
// server on 443".
var serverNouns = lexicon.NewSet(`server servers service services daemon listener`)

// serviceOn reports a number after a service or server noun and "on".
func serviceOn(words []string, i int) bool {
	return i > 1 && words[i-1] == "on" && (serverNouns[words[i-2]] || serviceOf(words[i-2]) != nil)
}

// serviceOf returns the service a phrase names.
func serviceOf(phrase string) *service {
	return servicePhrases[strings.ToLower(phrase)]
}

// servicePhrases maps each phrase of every service to it, split once.
var servicePhrases = func() map[string]*service {
	m := map[string]*service{}
	for i := range services {
		for _, w := range strings.Split(services[i].words, "|") {
			if m[w] == nil {
				m[w] = &services[i] // the first service listing a phrase names it
			}
		}
	}
	return m
}()

var (
	// portIsService reads the words between a port and a service it is
	// said to be: "is", "is the", "(PID 1474) is an", "(", "is not a".
	portIsService = regexp.MustCompile(`(?i)^\s*(?:\([^()]*\)\s*)?(?:(?:is|are|was|=|[-–—:])(n[’']t\s+|\s+not\s+|\s+)(?:(?:probably|likely|clearly|actually|really|just|definitely|apparently|indeed)\s+)?(?:(?:a|an|the)\s+)?((?:[\w-]+\s+){0,2}?)|\(\s*)$`)
	// serviceOnPort reads the words between a service and the port it is
	// said to be on: "is listening on", "on TCP port", "(".
	serviceOnPort = regexp.MustCompile(`(?i)^\s*(?:\([^()]*\)\s*)?(?:(?:is|are|was)(n[’']t\s+|\s+not\s+|\s+))?(?:(?:listening|listens|running|runs|serving|serves|bound|answering|accepting\s+\w+)\s+)?(?:(?:on|at|to)\s+|\(\s*)(?:(?:tcp|udp)\s+)?(?:port\s+)?$`)
	// looksLike reads a service said of what the sentence is about: "looks
	// like a", "that's", "it is not".
	looksLike = regexp.MustCompile(`(?i)(?:looks?\s+like|appears?\s+to\s+be|seems?\s+to\s+be|that[’']s|that\s+is|it[’']s|it\s+is|which\s+is|must\s+be|(?:that|it|which)\s+(?:is|was)(?:n[’']t|\s+not))(\s+not)?\s+(?:(?:a|an|the)\s+)?(?:[\w-]+\s+)?$`)
)

// portLore are words that say what a port usually carries ("normally
// SMTP", "the well-known MySQL port") or may carry ("could be SSH"): no
// claim about this machine.
var portLore = lexicon.NewSet(`usual usually normally typical typically often commonly common default standard
	conventional conventionally traditional traditionally registered assigned reserved customary well known
	alternate alternative generally expected meant might could may would`)

// serviceClaim is a service tied to a port claim.
type serviceClaim struct {
	phrase string
	svc    *service
	port   claim
	denied bool
	guess  bool // a guess word comes before it in its sentence (ownerless.go)
}

// checkServices reports services said to be what a port is that its
// socket's owner is not (or, denied, is).
func checkServices(ix *index, g *Grounding, answer string, claims []claim, facts []sentenceFacts) {
	for _, sc := range serviceClaims(answer, claims, facts) {
		owners := ix.portOwners(sc.port.port)
		if len(owners) == 0 {
			if ownerlessService(ix, sc) {
				g.Missing = append(g.Missing, sc.phrase+" (port "+itoa(sc.port.port)+" shows no process)")
			}
			continue
		}
		is := slices.ContainsFunc(owners, func(o socketOwner) bool { return ix.serves(sc.svc, o) })
		switch {
		case is != sc.denied:
			g.Found = append(g.Found, sc.phrase)
		case sc.denied:
			g.Missing = append(g.Missing, "not "+sc.phrase+" (port "+itoa(sc.port.port)+" is "+owners[0].prog+"'s)")
		default:
			g.Missing = append(g.Missing, sc.phrase+" (port "+itoa(sc.port.port)+" is "+owners[0].prog+"'s)")
		}
	}
}

// serviceClaims finds the services an answer ties to a port.
func serviceClaims(answer string, claims []claim, facts []sentenceFacts) []serviceClaim {
	var out []serviceClaim
	next := 0 // claims are in answer order: one pass over them
	for _, f := range facts {
		k := f.at
		s := answer[k.start:k.end]
		var ports []claim
		for ; next < len(claims) && claims[next].off < k.end; next++ {
			if c := claims[next]; c.kind == kindPort && c.off >= k.start {
				ports = append(ports, c)
			}
		}
		if len(ports) == 0 {
			continue
		}
		for _, m := range serviceRe.FindAllStringIndex(s, -1) {
			at, end := k.start+m[0], k.start+m[1]
			if lore(answer, k.start, at, end) || partOfName(answer, at, end) {
				continue
			}
			sc := serviceClaim{phrase: answer[at:end], svc: serviceOf(answer[at:end]), guess: serviceGuessed(answer[k.start:at])}
			if p, denied, ok := tiedPort(answer, k.start, at, end, ports); ok && !p.advice {
				sc.port, sc.denied = p, denied
				out = append(out, sc)
			}
		}
	}
	return out
}

// tiedPort returns the port a service at answer[at:end] is tied to: one
// right before it ("Port 22022 is SSH"), one right after it ("SSH on
// 22"), or the sentence's only port where it is said of what the
// sentence is about ("Port 25 is open — looks like a mail server").
func tiedPort(answer string, from, at, end int, ports []claim) (claim, bool, bool) {
	for i := len(ports) - 1; i >= 0; i-- {
		p := ports[i]
		if pe := p.off + len(p.text); pe <= at {
			if m := portIsService.FindStringSubmatch(answer[pe:at]); m != nil && adjectives(m[2]) {
				return p, negation(m[1]), true
			}
			break
		}
	}
	for _, p := range ports {
		if p.off >= end {
			if m := serviceOnPort.FindStringSubmatch(answer[end:p.off]); m != nil {
				return p, negation(m[1]), true
			}
			break
		}
	}
	distinct := map[int]bool{}
	for _, p := range ports {
		distinct[p.port] = true
	}
	if m := looksLike.FindStringSubmatchIndex(answer[from:at]); m != nil && len(distinct) == 1 {
		return ports[0], m[2] >= 0 || negation(answer[from+m[0]:from+m[1]]), true
	}
	return claim{}, false, false
}

// negation reports a "not" or "n't" among a copula's words.
func negation(words string) bool {
	return slices.ContainsFunc(plainWords(words), func(w string) bool { return w == "not" || w == "t" })
}

// notServiceRe reads "is not (a)" before what a port is said not to be.
var notServiceRe = regexp.MustCompile(`(?i)^\s*(?:\([^()]*\)\s*)?(?:is|are|was)(?:n[’']t|\s+not)\s+(?:(?:a|an|the|really|actually|real)\s+)*`)

// deniedService reports a port said not to be a service ("port 5353 is
// not mDNS"): no denial that anything listens on it.
func deniedService(rest string) bool {
	m := notServiceRe.FindStringIndex(rest)
	if m == nil {
		return false
	}
	loc := serviceRe.FindStringIndex(rest[m[1]:])
	return loc != nil && loc[0] == 0
}

// adjectives reports whether the words between a copula and a service
// may describe it ("the one exposed web server"): no lore word, no
// function word ("and", "on").
func adjectives(words string) bool {
	return !slices.ContainsFunc(plainWords(words), func(w string) bool { return portLore[w] || functionWords[w] })
}

// lore reports a service named as what a port usually carries: a lore
// word before it in its clause ("is normally SMTP", "the usual Postgres
// port"), or "port" right after it ("the mDNS port", "PostgreSQL port
// 5432", "an alternate HTTPS port").
func lore(answer string, from, start, end int) bool {
	after := plainWords(answer[end:min(len(answer), end+30)])
	k := 0
	if at(after, 0) == "s" && strings.ContainsAny(answer[end:min(len(answer), end+1)], "'’") {
		k++ // "PostgreSQL's standard port"
	}
	for portLore[at(after, k)] {
		k++
	}
	if w := at(after, k); (w == "port" || w == "ports") && !strings.HasPrefix(strings.TrimSpace(answer[end:]), "(") {
		return true // "the mDNS port", not "SSH (port 22)"
	}
	before := answer[from:start]
	if i := strings.LastIndexAny(before, ",;—–("); i >= 0 {
		before = before[i+1:]
	}
	ws := plainWords(before)
	return slices.ContainsFunc(ws[max(0, len(ws)-6):], func(w string) bool { return portLore[w] })
}

// partOfName reports a phrase that is part of a longer name: "avahi" of
// "avahi-daemon", "http" of "http.server", "dns" of "systemd-resolved".
func partOfName(answer string, at, end int) bool {
	joins := func(b byte) bool { return b == '-' || b == '_' || b == '.' || b == '/' }
	if at > 0 && joins(answer[at-1]) {
		return true
	}
	return end+1 < len(answer) && joins(answer[end]) && isAlnumByte(answer[end+1])
}

// socketOwner is a program and PID that ss shows owning a socket.
type socketOwner struct{ prog, pid string }

// portOwners returns the owners of the sockets on a port.
func (ix *index) portOwners(port int) []socketOwner {
	var out []socketOwner
	for _, id := range slices.Sorted(maps.Keys(ix.portSockets(port))) {
		r := ix.recs[id]
		if f := strings.Fields(r.text); len(f) == 0 || !(strings.HasPrefix(f[0], "tcp") || strings.HasPrefix(f[0], "udp")) {
			continue // the typed rows repeat ss's
		}
		for _, o := range ssOwner.FindAllStringSubmatch(r.text, maxSocketOwners) {
			out = append(out, socketOwner{o[1], o[2]})
		}
	}
	return out
}

// serves reports whether a socket's owner is a program of the service,
// or runs a command line that makes it one.
func (ix *index) serves(s *service, o socketOwner) bool {
	if slices.Contains(s.progs, o.prog) {
		return true
	}
	if s.cmdline == "" {
		return false
	}
	for _, id := range ix.tokens[o.pid] {
		r := ix.recs[id]
		if r.probe != "listening_ports" && r.hasPID(o.pid) && strings.Contains(r.text, s.cmdline) {
			return true
		}
	}
	return false
}

// copulaDenied reports words before a name that deny it is what the
// sentence is about: "it isn't PostgreSQL (itself)", "5353 is not an
// avahi socket". Where the evidence lacks the name, the denial agrees.
func copulaDenied(before []string) bool {
	k := len(before)
	for k > 0 && contrastFillers[before[k-1]] {
		k--
	}
	if k < 2 {
		return false
	}
	last2 := before[k-2] + " " + before[k-1]
	return last2 == "isn t" || last2 == "aren t" || last2 == "wasn t" || last2 == "is not" || last2 == "are not" || last2 == "s not" || last2 == "was not"
}

// undenied returns the claims without the names a copula denies ("Port
// 6379 isn't PostgreSQL"): no figure of the sentence is theirs.
func undenied(answer string, claims []claim) []claim {
	return slices.DeleteFunc(slices.Clone(claims), func(c claim) bool {
		return c.class == classProcess && copulaDenied(plainWords(answer[max(c.clause, c.off-40, 0):min(c.off, len(answer))]))
	})
}

// notUsual reports the words before a port that set it, as the usual
// one, against the port the answer found: "listening on 2222, not on the
// usual 22", "instead of the default port 22". Such a port is denied.
func notUsual(before []string) bool {
	k := len(before)
	if k > 0 && (before[k-1] == "port" || before[k-1] == "ports") {
		k--
	}
	if k == 0 || !portLore[before[k-1]] || before[k-1] == "might" || before[k-1] == "could" || before[k-1] == "may" || before[k-1] == "would" {
		return false
	}
	for i := k - 1; i >= 0; i-- {
		if before[i] == "not" || before[i] == "instead" || before[i] == "rather" {
			return true
		}
	}
	return false
}
