package lexicon

import "strings"

// Set is a set of words, looked up by indexing: set[w].
type Set map[string]bool

// NewSet returns the set of the whitespace-separated words in list.
func NewSet(list string) Set {
	s := Set{}
	for _, w := range strings.Fields(list) {
		s[w] = true
	}
	return s
}

// programs are programs and daemons as the process table names them, plus
// the names people use for a few of them (bluetooth, dbus, polkit, wayland)
// that begin or end their process's name (bluetoothd, dbus-daemon, polkitd,
// Xwayland), so evidence from ps still supports them. English words that
// are also program names (make, code, go, slack, named) are left out: in
// prose they are words, and a mention must be a name without any context.
var programs = NewSet(`nginx apache apache2 httpd lighttpd caddy haproxy traefik postgres postgresql
postmaster mysql mysqld mariadb mariadbd redis redis-server memcached mongodb mongod elasticsearch
docker dockerd containerd containerd-shim podman kubelet k3s lxd libvirtd qemu qemu-system-x86_64
virtualbox vboxheadless sshd openssh cron crond atd cups cupsd bluetooth bluetoothd avahi-daemon
networkmanager wpa_supplicant dhclient dhcpcd systemd-resolved systemd-networkd systemd-journald
systemd-logind systemd-udevd systemd-timesyncd dbus dbus-daemon dbus-broker polkit polkitd udisksd
upower upowerd firefox firefox-esr chrome chromium google-chrome thunderbird libreoffice soffice.bin
gimp vlc spotify discord vscode emacs vim nvim neovim xorg wayland xwayland gnome-shell plasmashell
kwin kwin_x11 kwin_wayland mutter pipewire pipewire-pulse pulseaudio wireplumber sddm gdm gdm3 lightdm
python python3 nodejs java ruby perl php php-fpm gcc htop btop ollama jenkins grafana grafana-server
prometheus smbd nmbd nfsd postfix dovecot exim exim4 dnsmasq unbound squid openvpn tailscale
tailscaled fail2ban fail2ban-server ufw firewalld snapd flatpak packagekitd unattended-upgrade
rsyslogd journald kworker ksoftirqd kswapd0 kthreadd rcu_sched irqbalance thermald tuned auditd
chronyd ntpd`)

// IsProgram reports whether s is the name of a well-known program or
// daemon, one that names the program on its own ("is nginx running",
// "firefox uses 2 GiB") with no "process" or "service" next to it.
func IsProgram(s string) bool { return programs[s] }

// stopwords are never names: function words, filler, times of day, verbs
// of asking, generic nouns for things on a computer, and the adjectives
// that sit where a name could ("the main process", "a zombie process",
// "memory is using", "check the weird box").
var stopwords = NewSet(`a an the my me mine your yours our their his her its it this that these
those there here what which who whom whose when where why how is are was were be been being am do
does did done have has had having can could will would should shall may might must not no yes and or
but if then else so to of in on at by for from with without about into over under up down out off
again all any some every each both few more most other such only own same than too very just also now
still yet ever even really please pls kindly thanks thank you i we they he she them us anything
something everything nothing anyone someone everyone none one two three lot lots thing things stuff
way today yesterday tonight night morning week time times new old latest recent recently right left
get got make let show list tell give check see find look know want need like use used uses using
while after before since until because across against among around whole entire another total
current main largest biggest heaviest greediest hungriest busiest top first second third last next
previous following offending culprit responsible suspicious unknown specific particular relevant
given single background foreground heavy hungry busy idle worker child parent zombie defunct running
stopped sleeping active inactive failed open closed listening working taking system kernel process
processes service services daemon daemons unit units program programs application applications app
apps memory cpu ram swap disk disks storage network port ports interface user users root machine
computer server desktop laptop browser tab tabs instance instances task tasks thread threads job
jobs entry entries line lines log logs journal session sessions content web utility helper
extension extensions plugin gpu isolated privileged host box weird strange odd random bad big huge
small`)

// IsStopword reports whether s is a word that never names a thing, even in
// a place where a name could stand ("restart the service", "the main
// process uses 2 GiB"), and is never read as a misspelling of another word.
func IsStopword(s string) bool { return stopwords[s] }
