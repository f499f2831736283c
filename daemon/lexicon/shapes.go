package lexicon

import (
	"slices"
	"strconv"
	"strings"
)

// maxNameLength bounds a name: longer words are sentences run together or
// hashes, not programs or units people write.
const maxNameLength = 64

// nameChars are the bytes a program, unit or package name is made of.
const nameChars = "abcdefghijklmnopqrstuvwxyz0123456789.-_+@"

// IsName reports whether s could be a program, unit, package or device
// name: 2 to 64 bytes, a lowercase letter first, then lowercase letters,
// digits and . - _ + @.
func IsName(s string) bool {
	if len(s) < 2 || len(s) > maxNameLength || s[0] < 'a' || s[0] > 'z' {
		return false
	}
	return strings.Trim(s, nameChars) == ""
}

// unitSuffixes are the systemd unit types.
var unitSuffixes = []string{".service", ".socket", ".timer", ".mount", ".target", ".path", ".slice", ".scope", ".swap", ".device"}

// CutUnitSuffix returns s without its systemd unit type (".service",
// ".socket", ".timer", ".mount", ".target", ".path", ".slice", ".scope",
// ".swap" or ".device") and whether it had one and something before it.
func CutUnitSuffix(s string) (base string, ok bool) {
	for _, suffix := range unitSuffixes {
		if base, ok := strings.CutSuffix(s, suffix); ok && base != "" {
			return base, true
		}
	}
	return s, false
}

// UnitSuffixes returns the systemd unit types, dot included.
func UnitSuffixes() []string { return slices.Clone(unitSuffixes) }

// IsUnit reports whether s is a systemd unit name: a name followed by a
// unit type (nginx.service, home.mount, user@1000.service).
func IsUnit(s string) bool {
	base, ok := CutUnitSuffix(s)
	return ok && IsName(base)
}

// IsBlockDevice reports whether s is a kernel block device name: sda, sdb2,
// vda1, xvda, sdab1, hda, nvme0n1, nvme0n1p2, mmcblk0p1, loop3, md0, dm-1,
// zram0, sr0.
func IsBlockDevice(s string) bool {
	for _, p := range []string{"sd", "vd", "xvd", "hd"} {
		rest, ok := strings.CutPrefix(s, p)
		if !ok {
			continue
		}
		letters := strings.TrimRight(rest, "0123456789")
		if len(letters) == 0 || strings.Trim(letters, "abcdefghijklmnopqrstuvwxyz") != "" {
			return false
		}
		// Disks past the 26th take two letters (sdaa). Written without a
		// partition number, two letters are more often an abbreviation
		// than a disk; IDE (hd) never went past one letter, so "hdmi1" is
		// a connector, not a partition.
		return len(letters) == 1 || (len(letters) == 2 && p != "hd" && len(rest) > len(letters))
	}
	for _, p := range []string{"nvme", "mmcblk", "loop", "md", "dm-", "zram", "sr"} {
		if rest, ok := strings.CutPrefix(s, p); ok && rest != "" && rest[0] >= '0' && rest[0] <= '9' {
			return strings.Trim(rest, "0123456789np") == ""
		}
	}
	return false
}

// interfacePrefixes start the names udev, drivers and common tools give
// network interfaces.
var interfacePrefixes = []string{"eth", "en", "wl", "ww", "docker", "virbr", "br-", "br", "veth", "tun", "tap", "wg", "tailscale", "bond", "vlan"}

// IsInterface reports whether s is a network interface name: the loopback
// "lo", or a known prefix followed by letters and digits with at least one
// digit (eth0, enp3s0, wlan0, wlp3s0, docker0, virbr0, wg0, tun0). The digit
// keeps words such as "end" and "tap" out.
func IsInterface(s string) bool {
	if s == "lo" {
		return true
	}
	for _, p := range interfacePrefixes {
		if rest, ok := strings.CutPrefix(s, p); ok && strings.ContainsAny(rest, "0123456789") &&
			strings.Trim(rest, "abcdefghijklmnopqrstuvwxyz0123456789") == "" {
			return true
		}
	}
	return false
}

// IsIPv4 reports whether s is a dotted-quad IPv4 address, optionally with a
// prefix length from 0 to 32 (10.0.0.1, 192.168.1.0/24).
func IsIPv4(s string) bool {
	s, prefix, hasPrefix := strings.Cut(s, "/")
	if hasPrefix {
		if n, ok := decimal(prefix, 2); !ok || n > 32 {
			return false
		}
	}
	parts := strings.Split(s, ".")
	if len(parts) != 4 {
		return false
	}
	for _, p := range parts {
		if n, ok := decimal(p, 3); !ok || n > 255 {
			return false
		}
	}
	return true
}

// Port returns the TCP or UDP port number s stands for: ASCII digits only
// (no sign, no spaces) with a value from 1 to 65535.
func Port(s string) (int, bool) {
	if !digits(s) {
		return 0, false
	}
	n, err := strconv.Atoi(s)
	return n, err == nil && n > 0 && n < 65536
}

// decimal parses 1 to maxDigits ASCII digits.
func decimal(s string, maxDigits int) (int, bool) {
	if len(s) > maxDigits || !digits(s) {
		return 0, false
	}
	n, err := strconv.Atoi(s)
	return n, err == nil
}

// digits reports whether s is one or more ASCII digits; strconv.Atoi alone
// would also take a sign.
func digits(s string) bool {
	return s != "" && strings.Trim(s, "0123456789") == ""
}
