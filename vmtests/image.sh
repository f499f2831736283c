#!/usr/bin/env bash
# Builds the guest the VM tests boot: Debian bookworm minbase with systemd,
# D-Bus, polkit, sudo and curl, a cloud kernel and a small initrd. Writes
# rootfs.tar.zst, vmlinuz and initrd.img into $1. The Go harness caches the
# result under a hash of this file, so any change here rebuilds the image.
# Needs root (mmdebstrap's root mode), mmdebstrap, zstd and Debian's mirror.
#
# ANNA_VM_IMAGE_BASE=<dir> keeps the tree mmdebstrap made in <dir> and
# reuses it on the next run, to try changes to customize() in seconds.
set -euo pipefail
out=$1
export TMPDIR=${TMPDIR:-/var/tmp}
work=$(mktemp -d "$TMPDIR/anna-vm-image.XXXXXX")
root=$work/root
# An interrupted mmdebstrap may leave /proc or /dev mounted in the tree:
# never let the cleanup cross into them.
trap 'umount -R "$root" 2>/dev/null || true; rm -rf --one-file-system "$work"' EXIT

# base installs the packages. The initrd is made small (the kernel has ext4
# built in; the root disk needs only the virtio modules) by configuring
# initramfs-tools before the kernel package's hook runs.
base() {
	mmdebstrap --variant=minbase \
		--hook-dir=/usr/share/mmdebstrap/hooks/merged-usr \
		--include=usr-is-merged,systemd,systemd-sysv,dbus,udev,iproute2,procps,kmod,initramfs-tools,linux-image-cloud-amd64,polkitd,pkexec,sudo,curl,ca-certificates,socat \
		--essential-hook='mkdir -p "$1/etc/initramfs-tools/conf.d" "$1/usr/share/initramfs-tools/modules.d" && echo MODULES=list >"$1/etc/initramfs-tools/conf.d/anna-vm.conf" && printf "virtio_pci\nvirtio_blk\n" >"$1/usr/share/initramfs-tools/modules.d/anna-vm"' \
		bookworm "$root" "deb http://deb.debian.org/debian bookworm main"
}

# customize makes boots quiet and predictable: no timers or one-shot jobs
# wake up during a test, the shell on ttyS1 logs in as root by itself, and
# the network comes up by DHCP from QEMU's user network. alice may use
# sudo (password alice, and without one for the installer); bob is no
# one's friend (password bob).
customize() {
	local r=$1
	echo 0123456789abcdef0123456789abcdef >"$r/etc/machine-id"
	# sudo looks the host name up; without this line it asks DNS each time.
	echo vm >"$r/etc/hostname"
	printf '127.0.0.1 localhost\n127.0.1.1 vm\n' >"$r/etc/hosts"
	chroot "$r" passwd -d root
	chroot "$r" systemctl mask apt-daily.timer apt-daily-upgrade.timer dpkg-db-backup.timer \
		e2scrub_all.timer fstrim.timer e2scrub_reap.service getty@tty1.service \
		systemd-networkd-wait-online.service systemd-pstore.service sys-kernel-debug.mount \
		sys-kernel-tracing.mount sys-kernel-config.mount systemd-random-seed.service \
		systemd-update-utmp.service systemd-update-utmp-runlevel.service
	# Volatile keeps the journal's files under /run/log/journal, which is
	# where annad reads them as it would /var/log/journal.
	mkdir -p "$r/etc/systemd/journald.conf.d"
	printf '[Journal]\nStorage=volatile\n' >"$r/etc/systemd/journald.conf.d/anna-vm.conf"
	# The emulated CPU advertises SVM, but KVM inside TCG only fails.
	printf 'blacklist kvm\nblacklist kvm_amd\nblacklist kvm_intel\n' >"$r/etc/modprobe.d/anna-vm.conf"
	mkdir -p "$r/etc/systemd/system/serial-getty@ttyS1.service.d"
	printf '[Service]\nExecStart=\nExecStart=-/sbin/agetty --autologin root --noclear --keep-baud 115200,57600,38400,9600 %%I dumb\n' \
		>"$r/etc/systemd/system/serial-getty@ttyS1.service.d/autologin.conf"
	printf '[Match]\nName=en* eth*\n\n[Network]\nDHCP=ipv4\n' >"$r/etc/systemd/network/50-anna-vm.network"
	chroot "$r" systemctl enable serial-getty@ttyS1.service systemd-networkd.service
	chroot "$r" useradd -m -s /bin/bash -G sudo alice
	chroot "$r" useradd -m -s /bin/bash bob
	printf 'alice:alice\nbob:bob\n' | chroot "$r" chpasswd
	echo 'alice ALL=(ALL) NOPASSWD: ALL' >"$r/etc/sudoers.d/alice"
	chmod 0440 "$r/etc/sudoers.d/alice"
	printf 'export TERM=dumb SYSTEMD_PAGER=cat PAGER=cat SYSTEMD_COLORS=0 SYSTEMD_URLIFY=0 LANG=C.UTF-8 NO_COLOR=1\n' \
		>"$r/etc/profile.d/anna-vm.sh"
	local h
	for h in root home/alice home/bob; do
		touch "$r/$h/.hushlogin"
		printf 'set enable-bracketed-paste off\n' >"$r/$h/.inputrc"
	done
	chroot "$r" chown -R alice:alice /home/alice
	chroot "$r" chown -R bob:bob /home/bob
	printf 'PS1="__VMPROMPT__# "\nstty cols 200 rows 50 -echoctl\n' >>"$r/root/.bashrc"
	# sysusers and the like run when these are older than /usr.
	touch "$r/etc/.updated" "$r/var/.updated"
	rm -f "$r"/var/cache/apt/archives/*.deb
}

if [[ -n ${ANNA_VM_IMAGE_BASE:-} && -d ${ANNA_VM_IMAGE_BASE}/etc ]]; then
	cp -a "$ANNA_VM_IMAGE_BASE" "$root"
else
	base
	if [[ -n ${ANNA_VM_IMAGE_BASE:-} ]]; then
		rm -rf --one-file-system "$ANNA_VM_IMAGE_BASE"
		cp -a "$root" "$ANNA_VM_IMAGE_BASE"
	fi
fi
set -x
customize "$root"
kernel=$(ls "$root"/boot/vmlinuz-* | head -n1)
cp "$kernel" "$work/vmlinuz"
cp "$root/boot/initrd.img-${kernel##*/vmlinuz-}" "$work/initrd.img"
rm -f "$root"/boot/*.dpkg-bak
tar -C "$root" --numeric-owner --xattrs -cf - . | zstd -q -T0 -3 -o "$work/rootfs.tar.zst"
mkdir -p "$out"
mv "$work/rootfs.tar.zst" "$work/vmlinuz" "$work/initrd.img" "$out/"
