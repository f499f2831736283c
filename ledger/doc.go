// Package ledger records every change Anna makes to the machine, so that
// `uninstall` can undo exactly those changes and nothing else.
//
// # Discipline
//
// Anything that changes the machine outside Anna's learned data writes a
// ledger entry before it reports success: files and directories created,
// configuration written (the old content first copied to the backups
// directory), packages installed (with the package manager that did it),
// models pulled, units installed or enabled, the group created and users
// added to it. An entry says what was done (Kind, Target), what undoing it
// needs (Backup, Manager, Group, Owned, Mode), why (Reason) and what caused
// it (Cause: "request:<id>" or "installer:<step>"). Entries are never
// edited; uninstall reads them newest first.
//
// # File
//
// The ledger is ledger.json in the state directory (dirs.Layout.Ledger(),
// normally /var/lib/anna/ledger.json), mode 0600, owned by root. It is a
// JSON object {"version": 1, "next_id": N, "entries": [...]}; a reader
// that finds a higher version refuses it rather than guess. It is replaced
// atomically (package statedir: a private temporary file beside it,
// fsync, rename, fsync of the directory), so a crash or a kill -9 at any
// point leaves the old ledger or the new one, never a mix; nothing is
// followed through a symlink. Reads are bounded by MaxBytes and entries by
// MaxEntries.
//
// # A ledger that does not parse
//
// It is never replaced silently. Open renames it to
// ledger.json.corrupt-<UTC time> and starts an empty ledger beside it, so
// changes made from then on are still recorded (their ids start at the
// current time in milliseconds, above the damaged ledger's). While any
// ledger.json.corrupt-* file exists, State reports the ledger as corrupt
// (`annactl status` shows it) and uninstall refuses: the error names the
// file and says how to repair it (fix its JSON and merge its entries into
// ledger.json, or delete it to give up undoing what it recorded).
//
// # The installer's manifest
//
// install.sh cannot link this package, so it leaves
// install-manifest.json in the state directory (package installer
// documents it): {"version": 1, "entries": [{"kind", "target",
// "detail"}, ...]} in the order it made the changes. annad imports it on
// start (ImportManifest): each item becomes an entry with Cause
// "installer:<n>" (its position) and Reason "installed by install.sh".
// Kinds map as follows: "dir" is dir_created, "file" is file_created (or
// unit_installed for a file in a systemd unit directory, so that its
// removal reloads systemd; its detail "sha256:<hex>" becomes Digest, so
// uninstall keeps a file edited since), "group" is group_created, "group_member"
// (target the group, detail the user) is user_added_to_group, and
// "unit_enabled" stays. An item already in the ledger (same change) is not
// added again, so a second install (an upgrade) adds only what is new.
// After a successful import the manifest is renamed to
// install-manifest.json.imported-<UTC time>, which frees the name for the
// next install's manifest; a failed import leaves it in place, to be
// tried again on the next start. Kinds this build does not know are
// imported as they are, and uninstall lists them as things it cannot undo
// rather than skip them. The state directory itself is removed whole by
// uninstall (it is Anna's by definition), any other directory only once
// empty.
//
// # What reset forgets
//
// `reset` wipes learned data, and the ledger's "post-install entries" are
// taken to mean exactly the entries that describe learned data: kind
// state_written, a file Anna wrote inside her own state directory (the
// debug mode a user set, files under learned/). reset deletes those files,
// so their entries would describe nothing. Every other entry stays,
// whoever caused it, because it records a change outside learned data that
// uninstall must still undo: a model pulled or a package installed while
// answering a request is as real as a file the installer created.
package ledger
