package supervisor

import "strings"

func setOf(words string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(words) {
		m[w] = true
	}
	return m
}

// programs are names an answer may mention without any context around
// them; each one is a claim. English words that are also program names
// (make, code, slack) are left out so prose does not count as a claim.
var programs = setOf(`nginx apache apache2 httpd lighttpd caddy haproxy traefik postgres postgresql
postmaster mysql mysqld mariadb mariadbd redis redis-server memcached mongodb mongod elasticsearch
docker dockerd containerd containerd-shim podman kubelet k3s lxd libvirtd qemu qemu-system-x86_64
virtualbox vboxheadless sshd openssh cron crond atd cups cupsd bluetoothd avahi-daemon
networkmanager wpa_supplicant dhclient dhcpcd systemd-resolved systemd-networkd systemd-journald
systemd-logind systemd-udevd systemd-timesyncd dbus-daemon dbus-broker polkitd udisksd upowerd
firefox firefox-esr chrome chromium google-chrome thunderbird libreoffice soffice.bin gimp vlc
spotify discord vscode emacs vim nvim neovim xorg xwayland gnome-shell plasmashell kwin_x11
kwin_wayland mutter pipewire pipewire-pulse pulseaudio wireplumber sddm gdm gdm3 lightdm python
python3 nodejs java ruby perl php php-fpm gcc htop btop ollama jenkins grafana grafana-server
prometheus smbd nmbd nfsd postfix dovecot exim4 named dnsmasq unbound squid openvpn tailscaled
fail2ban-server ufw firewalld snapd flatpak packagekitd unattended-upgrade rsyslogd journald
kworker ksoftirqd kswapd0 kthreadd rcu_sched irqbalance thermald tuned auditd chronyd ntpd`)

// stopwords are never names: function words, generic nouns and the
// adjectives that sit where a name could ("the main process", "a zombie
// process", "memory is using").
var stopwords = setOf(`a an the my me mine your yours our their his her its it this that these those
there here what which who whom whose when where why how is are was were be been being am do does did
done have has had having can could will would should shall may might must not no yes and or but if
then else so to of in on at by for from with without about into over under up down out off again all
any some every each both few more most other such only own same than too very just also now still yet
ever even really please thanks you i we they he she them us anything something everything nothing
anyone someone everyone none one two three lot lots thing things stuff way today time new old latest
recent right left whole another total current main largest biggest heaviest greediest hungriest
busiest top first second third last next previous following only offending culprit responsible
suspicious unknown specific particular relevant given single background foreground heavy hungry busy
idle worker child parent zombie defunct running stopped sleeping active inactive failed open closed
listening system kernel process processes service services daemon daemons unit units program
programs application applications app apps memory cpu ram swap disk disks storage network port ports
interface user users root machine computer server desktop laptop browser tab tabs instance instances
task tasks thread threads job jobs entry entries line lines log logs journal session sessions
content web utility helper extension extensions plugin gpu isolated privileged host`)

// kindWords mark the word next to them as a name: "the nginx process",
// "service foo", "foo daemon", "foo (PID 12)".
var kindWords = setOf(`process processes service daemon unit program pid command`)

// actionWords after a name mark it as the subject of a figure: "firefox
// uses 1.2 GiB", "chrome is using 30%", "sshd listens on port 22".
var actionWords = setOf(`uses consumes listens holds occupies`)
var progressiveWords = setOf(`using consuming listening holding occupying taking running`)

// unitSuffixes are the systemd unit types.
var unitSuffixes = []string{".service", ".socket", ".timer", ".mount", ".target", ".path", ".slice", ".scope", ".swap", ".device"}

// proseCounters are words after which a small or round number describes
// the answer itself ("the top 5", "the last 200 lines"), not the system.
var proseCounters = setOf(`top first last past next every within only about around over`)
