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
// install-manifest.json in the state directory: a JSON list of
// {"kind", "target", "detail"} for what it created. annad imports it on
// start (ImportManifest): each item becomes an entry with the same kind,
// Cause "installer:<n>" (its position) and Reason "installed by
// install.sh". detail carries the reversal data of kinds that need one: the
// group of user_added_to_group, the backup path of file_changed and
// config_written, the package manager of package_installed, and "owned"
// for a dir_created whose whole content is Anna's (/var/lib/anna). An item
// already in the ledger (same kind, target and detail) is not added again,
// so a second install (an upgrade) adds only what is new. After a
// successful import the manifest is renamed to
// install-manifest.json.imported-<UTC time>; a failed import leaves it in
// place, to be tried again on the next start. Kinds this build does not
// know are imported as they are, and uninstall lists them as things it
// cannot undo rather than skip them.
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
