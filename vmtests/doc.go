// Package vmtests holds Anna's acceptance tests inside QEMU virtual
// machines: a Debian guest with real systemd, D-Bus, journald and polkit,
// driven over its serial console by go-expect as a user would type. The
// tests skip unless ANNA_VM=1 (`make vmtest` sets it), so `make test` stays
// fast; they also skip, saying why, when ANNA_SKIP_VM=1 or QEMU or
// mmdebstrap are missing.
//
// One run builds (or takes from the cache) the guest image, boots it once,
// saves the running machine to a file, and restores that file for every
// scenario on a throwaway copy-on-write disk, so each scenario starts from
// the same clean, booted guest in about a second. The scenarios that do
// not test installing restore, in the same way, a guest saved once per run
// right after install.sh.
package vmtests
