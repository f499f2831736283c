#!/usr/bin/env bash
# Anna's installer:  curl -sSL <release-url>/install.sh | bash
#
# Installs annad and annactl from a release directory (ANNA_RELEASE_URL, by
# default the project's latest release), as root or as a user with sudo:
#   1. downloads the binaries for this architecture, the units, the polkit
#      policy, the default config and SHA256SUMS into a temporary directory
#      and verifies them; on any failure nothing on the machine changes;
#   2. installs annad and annactl to /usr/local/bin;
#   3. creates group anna and adds you (SUDO_USER, or the user running it);
#   4. creates /etc/anna (config.toml only if missing, with the release's
#      Ollama archive for this architecture pinned, from ollama.pins) and
#      /var/lib/anna;
#   5. installs the units and the policy, enables and starts annad;
#   6. waits (ANNA_INSTALL_WAIT seconds, 60 by default) until
#      `annactl status` answers, then says what to do next.
# Running it again upgrades in place and changes nothing else. What it
# created is listed in /var/lib/anna/install-manifest.json, so that
# `annactl uninstall` removes exactly that (format: installer/doc.go).
#
# ANNA_INSTALL_ROOT=<dir> prefixes every host path (tests).
#
# Tools it needs: bash, curl, sha256sum, systemctl, getent, groupadd,
# usermod, cmp, grep, sed and coreutils (cat chmod cut dirname env head id
# install mkdir mktemp mv rm sleep tr uname); sudo unless run as root.

set -euo pipefail

main() {
	# Debian and others leave the sbin directories out of a normal user's
	# PATH, where groupadd and usermod live; sudo's secure_path has them.
	# Appended, so the caller's own PATH still wins.
	local dir
	for dir in /usr/local/sbin /usr/sbin /sbin; do
		[[ :$PATH: == *:$dir:* ]] || PATH=$PATH:$dir
	done
	local url=${ANNA_RELEASE_URL:-https://github.com/jjgarcianorway/anna-assistant/releases/latest/download}
	url=${url%/}
	ROOT=${ANNA_INSTALL_ROOT:-}
	ROOT=${ROOT%/}
	local wait=${ANNA_INSTALL_WAIT:-60}
	[[ $wait =~ ^[0-9]{1,4}$ ]] || die "ANNA_INSTALL_WAIT must be a number of seconds, not '$wait'"

	preflight "$url"
	TMP=$(mktemp -d)
	trap 'rm -rf -- "$TMP"' EXIT
	download "$url"
	PINNED=
	pin_ollama

	# Nothing has changed yet. From here on every step is recorded in the
	# manifest as soon as it is made, so a failure leaves an undoable trail.
	load_manifest
	make_dir /var/lib/anna 0700
	make_dir /etc/anna 0755
	CHANGED=0
	put_file "$TMP/annad-linux-$ARCH" /usr/local/bin/annad 0755
	put_file "$TMP/annactl-linux-$ARCH" /usr/local/bin/annactl 0755
	local binaries_changed=$CHANGED
	setup_group
	if [[ -e $ROOT/etc/anna/config.toml || -L $ROOT/etc/anna/config.toml ]]; then
		say "keeping your /etc/anna/config.toml"
		PINNED=kept # the user's config decides
	else
		put_file "$TMP/config.toml" /etc/anna/config.toml 0640
	fi
	put_file "$TMP/anna.conf" /usr/local/lib/sysusers.d/anna.conf 0644
	put_file "$TMP/io.github.jjgarcianorway.anna.policy" \
		/usr/share/polkit-1/actions/io.github.jjgarcianorway.anna.policy 0644
	CHANGED=0
	put_file "$TMP/annad.socket" /usr/local/lib/systemd/system/annad.socket 0644
	put_file "$TMP/annad.service" /usr/local/lib/systemd/system/annad.service 0644
	start_units "$CHANGED" "$binaries_changed"
	wait_for_annad "$wait"
}

say() { printf 'anna install: %s\n' "$*"; }
die() {
	printf 'anna install: %s\n' "$*" >&2
	exit 1
}

# preflight refuses, before anything is downloaded, a machine Anna cannot
# run on, and decides how to become root and whom to add to group anna.
preflight() {
	local url=$1 tool
	[[ -d $ROOT/run/systemd/system ]] ||
		die "cannot install: systemd is not running as PID 1 here (no /run/systemd/system); annad runs as a systemd service"
	case $(uname -m) in
	x86_64 | amd64) ARCH=amd64 ;;
	aarch64 | arm64) ARCH=arm64 ;;
	*) die "cannot install: architecture $(uname -m) is not supported (releases exist for x86_64 and aarch64)" ;;
	esac
	for tool in curl sha256sum systemctl getent groupadd usermod; do
		command -v "$tool" >/dev/null ||
			die "cannot install: $tool is missing; install it (e.g. apt-get install $(pkg_of "$tool")) and run this again"
	done
	case $url in
	https://*) ;;
	http://127.0.0.1[:/]* | http://localhost[:/]* | http://\[::1\][:/]* | file:///*) ;;
	*) die "cannot install from '$url': ANNA_RELEASE_URL must be an https:// URL (plain http only on this machine, or file:///DIR)" ;;
	esac
	SUDO=()
	TARGET_USER=
	if [[ $(id -u) -eq 0 ]]; then
		TARGET_USER=${SUDO_USER:-}
		[[ $TARGET_USER == root ]] && TARGET_USER=
	else
		command -v sudo >/dev/null || die "cannot install: run this as root, or install sudo"
		SUDO=(sudo)
		TARGET_USER=$(id -un)
	fi
	if [[ -n $TARGET_USER && ! $TARGET_USER =~ ^[a-z_][a-z0-9_.-]{0,31}\$?$ ]]; then
		die "cannot add '$TARGET_USER' to group anna: not a user name this installer accepts; unset SUDO_USER and add it yourself"
	fi
}

pkg_of() {
	case $1 in
	sha256sum) echo coreutils ;;
	systemctl) echo systemd ;;
	getent) echo libc-bin ;;
	groupadd | usermod) echo passwd ;;
	*) echo "$1" ;;
	esac
}

# download fetches every file of the release and checks it against
# SHA256SUMS, which must list each one exactly once.
download() {
	local url=$1 f line sums=()
	local files=("annad-linux-$ARCH" "annactl-linux-$ARCH" config.toml anna.conf
		io.github.jjgarcianorway.anna.policy annad.socket annad.service ollama.pins)
	say "downloading Anna for linux/$ARCH from $url"
	for f in SHA256SUMS "${files[@]}"; do
		curl -fsSL --proto '=https,http,file' --connect-timeout 10 --max-time 600 --retry 2 \
			-o "$TMP/$f" "$url/$f" </dev/null ||
			die "cannot download $url/$f; check the URL and your network, then run this again (nothing was changed)"
	done
	for f in "${files[@]}"; do
		line=$(grep -E "^[0-9a-f]{64}  $f\$" "$TMP/SHA256SUMS" || true)
		[[ -n $line && $line != *$'\n'* ]] ||
			die "cannot verify $f: SHA256SUMS lists it $(grep -cE "  $f\$" "$TMP/SHA256SUMS" || true) times, not once (nothing was changed)"
		sums+=("$line")
	done
	printf '%s\n' "${sums[@]}" >"$TMP/check"
	(cd "$TMP" && sha256sum --check --strict --quiet check >"$TMP/check.out" 2>&1) ||
		die "cannot verify the download: $(tr '\n' ' ' <"$TMP/check.out")— a damaged or tampered release; nothing was changed"
	chmod 0755 "$TMP/annad-linux-$ARCH" "$TMP/annactl-linux-$ARCH"
}

# pin_ollama writes the release's Ollama archive for this architecture
# (ollama.pins, verified with the rest) into the new config, so that annad
# installs Ollama where it is missing; a release without one leaves the
# config as it is. The digest is what annad checks the archive against.
pin_ollama() {
	local lines arch url sum
	lines=$(grep -E "^$ARCH " "$TMP/ollama.pins" || true)
	[[ -n $lines ]] || return 0
	read -r arch url sum <<<"$lines"
	[[ $lines != *$'\n'* && $url =~ ^https?://[A-Za-z0-9._~:/%+-]+$ && $sum =~ ^[0-9a-f]{64}$ ]] ||
		die "cannot use this release's ollama.pins: its $arch line is not 'ARCH URL SHA256' once (nothing was changed)"
	if ! grep -qx '# release_url = ""' "$TMP/config.toml" || ! grep -qx '# release_sha256 = ""' "$TMP/config.toml"; then
		die "cannot pin Ollama: this release's config.toml has no release_url line to set (nothing was changed)"
	fi
	sed -i "s|^# release_url = \"\"\$|release_url = \"$url\"|; s|^# release_sha256 = \"\"\$|release_sha256 = \"$sum\"|" "$TMP/config.toml"
	PINNED=$url
}

# The manifest's entries, one JSON object a line, as this script writes
# them; entries of an earlier run that annad has not imported yet are kept.
ENTRIES=()
MANIFEST=/var/lib/anna/install-manifest.json
load_manifest() {
	local line
	[[ -f $ROOT$MANIFEST ]] || return 0
	while IFS= read -r line; do
		if [[ $line =~ ^\ *(\{\"kind\":\"[a-z_]+\",\"target\":\"[^\"\\]+\",\"detail\":\"[^\"\\]*\"\}),?$ ]]; then
			ENTRIES+=("${BASH_REMATCH[1]}")
		fi
	done < <("${SUDO[@]}" cat "$ROOT$MANIFEST")
}

# record adds an entry and rewrites the manifest atomically. Values come
# from this script (paths, names checked in preflight, hex digests), so
# they hold no quote or backslash; record refuses any that does.
record() {
	local v
	for v in "$@"; do
		[[ $v != *[\"\\]* && $v =~ ^[[:print:]]*$ ]] || die "cannot record '$v' in the manifest"
	done
	ENTRIES+=("{\"kind\":\"$1\",\"target\":\"$2\",\"detail\":\"$3\"}")
	[[ -d $ROOT/var/lib/anna ]] || return 0
	local i n=${#ENTRIES[@]}
	{
		printf '{\n  "version": 1,\n  "entries": [\n'
		for ((i = 0; i < n; i++)); do
			printf '    %s%s\n' "${ENTRIES[i]}" "$([[ $((i + 1)) -lt $n ]] && echo ,)"
		done
		printf '  ]\n}\n'
	} >"$TMP/manifest"
	"${SUDO[@]}" install -m 0600 "$TMP/manifest" "$ROOT$MANIFEST.new"
	"${SUDO[@]}" mv -f "$ROOT$MANIFEST.new" "$ROOT$MANIFEST"
}

# make_dir creates a directory with its mode unless it exists, and records
# it; an existing one is left as it is.
make_dir() {
	local dir=$1 mode=$2
	[[ -d $ROOT$dir ]] && return 0
	"${SUDO[@]}" mkdir -p "$(dirname "$ROOT$dir")"
	"${SUDO[@]}" install -d -m "$mode" "$ROOT$dir"
	say "created $dir"
	record dir "$dir" "mode $mode"
}

# make_parents creates dir and any missing parent, top down, each recorded
# (mode 0755), so that uninstall removes the directories Anna made and only
# those.
make_parents() {
	local dir=$1
	[[ -d $ROOT$dir || $dir == / ]] && return 0
	make_parents "$(dirname "$dir")"
	make_dir "$dir" 0755
}

# put_file installs src at dest (a host path) with mode, through a
# temporary name and a rename, so that a running annad or a reader never
# sees half a file. An identical file is left alone; CHANGED is set when
# dest was written. A new file is recorded, and so is a replaced one with
# its new digest: uninstall removes a file only while it holds what Anna
# wrote last, so an upgrade must say what that now is.
put_file() {
	local src=$1 dest=$2 mode=$3 existed=0
	if [[ -e $ROOT$dest || -L $ROOT$dest ]]; then
		existed=1
		if [[ -f $ROOT$dest && ! -L $ROOT$dest ]] && "${SUDO[@]}" cmp -s "$src" "$ROOT$dest"; then
			"${SUDO[@]}" chmod "$mode" "$ROOT$dest"
			return 0
		fi
	fi
	make_parents "$(dirname "$dest")"
	"${SUDO[@]}" install -m "$mode" "$src" "$ROOT$dest.anna-new"
	"${SUDO[@]}" mv -f "$ROOT$dest.anna-new" "$ROOT$dest"
	CHANGED=1
	if ((existed)); then
		say "updated $dest"
	else
		say "installed $dest"
	fi
	record file "$dest" "sha256:$(sha256sum <"$src" | cut -d' ' -f1)"
}

# setup_group creates group anna unless it exists and adds TARGET_USER to
# it unless already a member.
setup_group() {
	local members
	if ! getent group anna >/dev/null; then
		"${SUDO[@]}" groupadd --system anna
		say "created group anna"
		record group anna "system group"
	fi
	[[ -n $TARGET_USER ]] || return 0
	members=$(getent group anna | cut -d: -f4)
	if [[ ,$members, == *",$TARGET_USER,"* ]]; then
		return 0
	fi
	"${SUDO[@]}" usermod -a -G anna "$TARGET_USER"
	ADDED_USER=$TARGET_USER
	say "added $TARGET_USER to group anna"
	record group_member anna "$TARGET_USER"
}

# start_units reloads systemd when a unit changed, enables what is not
# enabled, starts both units, and restarts a running annad whose binary or
# units changed (an upgrade). The socket stays in systemd's hands, so
# clients never see it vanish except while its own unit is replaced.
start_units() {
	local units_changed=$1 binaries_changed=$2 was_active=0 unit
	if "${SUDO[@]}" systemctl is-active --quiet annad.service annad.socket </dev/null; then
		was_active=1
	fi
	if ((units_changed)); then
		"${SUDO[@]}" systemctl daemon-reload </dev/null
	fi
	for unit in annad.socket annad.service; do
		if ! "${SUDO[@]}" systemctl is-enabled --quiet "$unit" </dev/null; then
			"${SUDO[@]}" systemctl enable "$unit" </dev/null
			record unit_enabled "$unit" "systemctl enable"
		fi
	done
	if ((was_active && (units_changed || binaries_changed))); then
		say "restarting annad with the new version"
		"${SUDO[@]}" systemctl restart annad.socket annad.service </dev/null
	else
		"${SUDO[@]}" systemctl start annad.socket annad.service </dev/null
	fi
}

# wait_for_annad polls `annactl status` once a second for at most $1
# seconds, then prints the next steps.
wait_for_annad() {
	local wait=$1 i status model
	local annactl=(env "ANNA_SOCKET=$ROOT/run/anna/anna.sock" NO_COLOR=1 "$ROOT/usr/local/bin/annactl")
	for ((i = 0; ; i++)); do
		if status=$("${SUDO[@]}" "${annactl[@]}" status </dev/null 2>&1); then
			break
		fi
		((i < wait)) ||
			die "annad did not answer within ${wait}s; see 'journalctl -u annad -n 50' and 'systemctl status annad'; run this again once fixed"
		sleep 1
	done
	model=$(sed -n '/^model/,/^[a-z]/s/^  name  *\([^ ]*\)$/\1/p' <<<"$status" | head -n1)
	[[ -n $model && $model != none ]] || model="<model>"
	say "done: annad answers on /run/anna/anna.sock"
	echo
	if [[ -n ${ADDED_USER:-} ]]; then
		echo "You ($ADDED_USER) were added to group anna. Log out and in again, or run"
		echo "'newgrp anna' in this shell, before using annactl."
	elif [[ -z $TARGET_USER ]]; then
		echo "To let a user talk to Anna: usermod -a -G anna <user> (then they log in again)."
	fi
	echo "Anna answers with a local model through Ollama (https://ollama.com): annad"
	echo "starts it, pulls $model and checks that it answers; 'annactl status'"
	echo "shows the progress."
	if [[ $PINNED == kept ]]; then
		echo "If this machine has no Ollama, install it (https://ollama.com/download), or"
		echo "pin its release archive in /etc/anna/config.toml ([ollama] release_url)."
	elif [[ -n $PINNED ]]; then
		echo "Where Ollama is missing, annad installs it from $PINNED."
	else
		echo "This release pins no Ollama archive: if this machine has no Ollama, install it"
		echo "(https://ollama.com/download); annad finds it within 5 minutes."
	fi
	echo "Then ask: annactl what is using my memory?"
}

main "$@"
