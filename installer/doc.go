// Package installer holds the files that put Anna on a machine: the systemd
// units, the sysusers.d entry for group anna, the polkit policy, the default
// configuration and install.sh. They are embedded here so that the release
// (`make release` copies them into dist/), the installer and the Nix module
// read one source of truth; tests compare the release with this package.
//
// # Where install.sh puts things
//
// Files returns each file with its host path. Binaries go to
// /usr/local/bin, units to /usr/local/lib/systemd/system (so /etc/systemd
// stays the administrator's, for drop-ins), the sysusers.d entry to
// /usr/local/lib/sysusers.d, the polkit policy to
// /usr/share/polkit-1/actions (the only directory polkitd reads),
// /etc/anna/config.toml only when it is missing, and /var/lib/anna is
// created 0700. No tmpfiles.d entry is needed: systemd creates /run/anna
// (annad.socket, DirectoryMode=0755), /var/lib/anna (StateDirectory=) and
// /etc/anna (ConfigurationDirectory=) itself. Packagers replace the one
// line "ExecStart=/usr/local/bin/annad" with their binary's path.
//
// # Install manifest
//
// install.sh records what it created, so that uninstall can undo exactly
// that and nothing else, in /var/lib/anna/install-manifest.json (mode
// 0600, written atomically):
//
//	{
//	  "version": 1,
//	  "entries": [
//	    {"kind":"dir","target":"/var/lib/anna","detail":"mode 0700"},
//	    {"kind":"file","target":"/usr/local/bin/annad","detail":"sha256:<hex>"},
//	    {"kind":"group","target":"anna","detail":"system group"},
//	    {"kind":"group_member","target":"anna","detail":"alice"},
//	    {"kind":"unit_enabled","target":"annad.socket","detail":"systemctl enable"}
//	  ]
//	}
//
// Entries are in the order the changes were made; undo them in reverse.
// Kinds (ManifestKinds): "dir" (a directory it created; detail: its mode),
// "file" (a file it created; detail: "sha256:" and the hex digest of what
// it wrote, so an edited file can be told from an untouched one),
// "group" (a group it created), "group_member" (detail: the user it added
// to the group named by target) and "unit_enabled" (a unit it enabled).
// Targets are host paths, group names or unit names. Something that
// existed before is never listed: a second run (an upgrade) replaces the
// binaries, units and policy in place and appends only what it newly
// created, so after annad has imported the manifest into its ledger and
// removed the file, a later run writes a manifest of only the new changes.
// ParseManifest reads and checks the file.
package installer
