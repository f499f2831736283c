package translator

import (
	"strconv"
	"strings"

	"github.com/jjgarcianorway/anna-assistant/probes"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// Bounds on entities, also applied by Validate to LLM tickets.
const (
	MaxEntities     = 16
	MaxEntityLength = 64
)

// entity is a name the user mentioned and the term it adds to the score:
// a device points to storage, an interface or address to network, a unit
// or a known program to system. Names from context ("restart foo") add
// nothing; the words around them already score.
type entity struct {
	name string
	hint *term
}

var (
	deviceHint   = &term{domain: rpc.DomainStorage, weight: 3, probes: diskProbes}
	ifaceHint    = &term{domain: rpc.DomainNetwork, weight: 3, probes: addrProbes}
	ipHint       = &term{domain: rpc.DomainNetwork, weight: 3, probes: netProbes}
	portHint     = &term{domain: rpc.DomainNetwork, weight: 2, probes: portProbes}
	unitHint     = &term{domain: rpc.DomainSystem, weight: 2, probes: []string{probes.FailedServices}}
	softwareHint = &term{domain: rpc.DomainSystem, weight: 1, probes: procProbes}
)

// software is a short list of programs, daemons and packages people ask
// about by name. English words that are also program names (make, code, go)
// are left out so they are not mistaken for entities.
var software = setOf(`nginx apache apache2 httpd lighttpd caddy haproxy traefik postgres postgresql
mysql mysqld mariadb redis redis-server memcached mongodb mongod elasticsearch sqlite docker dockerd
containerd podman kubelet k3s lxd libvirtd qemu virtualbox ssh sshd openssh cron crond cups cupsd
bluetooth bluetoothd avahi-daemon networkmanager systemd-resolved systemd-networkd systemd-journald
dbus polkit udisks2 upower firefox chrome chromium google-chrome brave thunderbird libreoffice gimp
vlc steam spotify slack discord zoom vscode emacs vim neovim nvim xorg wayland gnome-shell plasmashell
kwin mutter pipewire pulseaudio wireplumber sddm gdm lightdm python python3 node nodejs java ruby perl
php php-fpm gcc git curl wget htop btop ollama jenkins grafana prometheus samba smbd nfs postfix
dovecot exim dnsmasq unbound squid openvpn wireguard tailscale tailscaled fail2ban ufw firewalld snapd
flatpak`)

// common holds function words and generic nouns: never entities, never
// typo-corrected.
var common = setOf(`a an the my me mine your yours our their his her its it this that these those
there here what which who whom whose when where why how is are was were be been being am do does did
done have has had having can could will would should shall may might must not no yes and or but if
then else so to of in on at by for from with without about into over under up down out off again all
any some every each both few more most other such only own same than too very just also now still yet
ever even really please pls kindly thanks thank you i we they he she them us anything something
everything nothing anyone someone everyone none one two lot lots thing things stuff way today
yesterday tonight night morning week time times new old latest recent recently right left get got
make let show list tell give check see find look know want need like using use used uses running
while after before since until because across against among around everything whole entire using
server box working taking weird strange odd random unknown bad big huge small whole`)

func setOf(words string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(words) {
		m[w] = true
	}
	return m
}

// Words after which the next token names the thing acted on or asked about.
var (
	actionVerbs = setOf(`install reinstall uninstall remove purge restart reload start stop enable
disable kill update upgrade`)
	stateWords = setOf(`running installed enabled active up down started stopped`)
	kindWords  = setOf(`service process daemon package unit program app`)
)

// entities finds the names in q in order of first mention, deduplicated and
// bounded.
func entities(q query) []entity {
	var out []entity
	seen := map[string]bool{}
	add := func(name string, hint *term) {
		if len(out) >= MaxEntities || len(name) > MaxEntityLength || seen[name] {
			return
		}
		seen[name] = true
		out = append(out, entity{name, hint})
	}
	toks := q.tokens
	for i, tok := range toks {
		if port, ok := portAt(toks, i); ok {
			add("port "+port, portHint)
			continue
		}
		if name, hint, ok := namedThing(tok); ok {
			add(name, hint)
			continue
		}
		if software[tok] {
			hint := softwareHint
			if vocab[tok] {
				hint = nil // the term already scores it
			}
			add(tok, hint)
			continue
		}
		if contextual(toks, q.words, i) {
			add(tok, nil)
		}
	}
	return out
}

// portAt recognizes "port 22" (at the word "port") and ":22".
func portAt(toks []string, i int) (string, bool) {
	tok := toks[i]
	if strings.HasPrefix(tok, ":") && validPort(tok[1:]) {
		return tok[1:], true
	}
	if (tok == "port" || tok == "ports") && i+1 < len(toks) && validPort(toks[i+1]) {
		return toks[i+1], true
	}
	return "", false
}

func validPort(s string) bool {
	n, err := strconv.Atoi(s)
	return err == nil && isDigits(s) && n > 0 && n < 65536
}

// namedThing recognizes names by their shape: device paths and names,
// network interfaces, IPv4 addresses and systemd units.
func namedThing(tok string) (string, *term, bool) {
	switch {
	case strings.HasPrefix(tok, "/dev/") && len(tok) > 5:
		return tok, deviceHint, true
	case isBlockDevice(tok) && !vocab[tok]:
		return tok, deviceHint, true
	case isInterface(tok) && !vocab[tok]:
		return tok, ifaceHint, true
	case isIPv4(tok):
		return tok, ipHint, true
	case isUnit(tok):
		return tok, unitHint, true
	}
	return "", nil, false
}

// isBlockDevice matches kernel block device names: sda, sdb2, vda1, xvda,
// nvme0n1, nvme0n1p2, mmcblk0p1, loop3, md0, dm-1, zram0.
func isBlockDevice(s string) bool {
	for _, p := range []string{"sd", "vd", "xvd", "hd"} {
		if rest, ok := strings.CutPrefix(s, p); ok {
			letters := strings.TrimRight(rest, "0123456789")
			return len(letters) >= 1 && len(letters) <= 2 && strings.Trim(letters, "abcdefghijklmnopqrstuvwxyz") == "" &&
				(len(letters) == 1 || len(rest) > len(letters))
		}
	}
	for _, p := range []string{"nvme", "mmcblk", "loop", "md", "dm-", "zram", "sr"} {
		if rest, ok := strings.CutPrefix(s, p); ok && rest != "" && rest[0] >= '0' && rest[0] <= '9' {
			return strings.Trim(rest, "0123456789np") == ""
		}
	}
	return false
}

// isInterface matches common interface names: a known prefix followed by a
// name that contains a digit (eth0, enp3s0, wlan0, wlp3s0, docker0, wg0).
func isInterface(s string) bool {
	for _, p := range []string{"eth", "en", "wl", "ww", "docker", "virbr", "br-", "br", "veth", "tun", "tap", "wg", "tailscale", "bond", "vlan"} {
		if rest, ok := strings.CutPrefix(s, p); ok && rest != "" && strings.ContainsAny(rest, "0123456789") &&
			strings.Trim(rest, "abcdefghijklmnopqrstuvwxyz0123456789") == "" {
			return true
		}
	}
	return false
}

func isIPv4(s string) bool {
	s, _, _ = strings.Cut(s, "/")
	parts := strings.Split(s, ".")
	if len(parts) != 4 {
		return false
	}
	for _, p := range parts {
		n, err := strconv.Atoi(p)
		if err != nil || !isDigits(p) || len(p) > 3 || n > 255 {
			return false
		}
	}
	return true
}

func isUnit(s string) bool {
	for _, suffix := range []string{".service", ".socket", ".timer", ".mount", ".target", ".path", ".slice", ".scope"} {
		if base, ok := strings.CutSuffix(s, suffix); ok && base != "" && isName(base) {
			return true
		}
	}
	return false
}

// isName reports whether s could be a program, unit or package name.
func isName(s string) bool {
	if len(s) < 2 || len(s) > MaxEntityLength || s[0] < 'a' || s[0] > 'z' {
		return false
	}
	return strings.Trim(s, "abcdefghijklmnopqrstuvwxyz0123456789.-_+@") == ""
}

// contextual reports whether toks[i] names something by its position:
// "restart foo", "is foo running", "the foo service", "version of foo".
func contextual(toks, words []string, i int) bool {
	tok := toks[i]
	// Keywords in any form ("segfaults", "hogging") and -ing words
	// ("working") describe; they do not name.
	if !isName(tok) || common[tok] || vocab[words[i]] || actionVerbs[tok] || kindWords[tok] ||
		(len(tok) > 5 && strings.HasSuffix(tok, "ing")) {
		return false
	}
	prev := func(k int) string {
		if i-k >= 0 {
			return toks[i-k]
		}
		return ""
	}
	next := func(k int) string {
		if i+k < len(toks) {
			return toks[i+k]
		}
		return ""
	}
	switch {
	case actionVerbs[prev(1)], kindWords[prev(1)], kindWords[next(1)]:
		return true
	case (prev(1) == "is" || prev(1) == "are") && stateWords[next(1)]:
		return true
	case prev(1) == "of" && prev(2) == "version":
		return true
	}
	return false
}
