// Package dbus is the parent of annad's D-Bus clients. The daemon talks to
// systemd and polkit over the system bus instead of running systemctl or
// pkcheck, so every call has a context deadline and typed results. Open
// is the one way the clients connect: godbus's handshake takes no context,
// and Open bounds it by one.
package dbus
