package vmtests

import (
	"context"
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
)

// imageScript is the guest's recipe; its hash names the cache entry, so an
// edit to it rebuilds the image and nothing else does.
//
//go:embed image.sh
var imageScript []byte

// imageFiles are what the recipe leaves in its output directory.
var imageFiles = []string{"rootfs.tar.zst", "vmlinuz", "initrd.img"}

// cacheRoot is where built images are kept between runs on one machine
// ($ANNA_VM_CACHE, else ~/.cache/anna/vm).
func cacheRoot() (string, error) {
	if d := os.Getenv("ANNA_VM_CACHE"); d != "" {
		return d, nil
	}
	d, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("cannot find a cache directory: %w (set ANNA_VM_CACHE)", err)
	}
	return filepath.Join(d, "anna", "vm"), nil
}

// imageHash names the cache entry of the current recipe.
func imageHash() string {
	sum := sha256.Sum256(imageScript)
	return hex.EncodeToString(sum[:8])
}

// buildImage returns the directory holding the guest's root file system
// tarball, kernel and initrd, running the recipe first when the cache has
// no complete entry for it. The recipe's output goes to log.
func buildImage(ctx context.Context, log io.Writer) (string, error) {
	root, err := cacheRoot()
	if err != nil {
		return "", err
	}
	dir := filepath.Join(root, imageHash())
	if complete(dir) {
		return dir, nil
	}
	if err := os.MkdirAll(root, 0o755); err != nil {
		return "", fmt.Errorf("cannot create the image cache: %w", err)
	}
	tmp, err := os.MkdirTemp(root, "build-")
	if err != nil {
		return "", fmt.Errorf("cannot create the image cache: %w", err)
	}
	defer os.RemoveAll(tmp)
	script := filepath.Join(tmp, "image.sh")
	if err := os.WriteFile(script, imageScript, 0o755); err != nil {
		return "", fmt.Errorf("cannot write the image recipe: %w", err)
	}
	out := filepath.Join(tmp, "out")
	cmd := exec.CommandContext(ctx, "bash", script, out)
	cmd.Stdout, cmd.Stderr = log, log
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("cannot build the guest image (mmdebstrap; needs root and Debian's mirror): %w", err)
	}
	_ = os.RemoveAll(dir) // a half-written entry from an interrupted run
	if err := os.Rename(out, dir); err != nil {
		return "", fmt.Errorf("cannot store the guest image: %w", err)
	}
	return dir, nil
}

// complete reports whether a cache entry has every file of the recipe.
func complete(dir string) bool {
	for _, f := range imageFiles {
		if st, err := os.Stat(filepath.Join(dir, f)); err != nil || st.Size() == 0 {
			return false
		}
	}
	return true
}

// makeDisk writes an ext4 image of size bytes at path holding the tree
// under from, labeled label; no mount, no loop device.
func makeDisk(ctx context.Context, from, path, label string, size int64) error {
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("cannot create %s: %w", path, err)
	}
	err = f.Truncate(size)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("cannot size %s: %w", path, err)
	}
	out, err := exec.CommandContext(ctx, "mkfs.ext4", "-q", "-F", "-L", label, "-d", from, path).CombinedOutput()
	if err != nil {
		return fmt.Errorf("cannot make the file system %s: %w: %s", path, err, out)
	}
	return nil
}

// rootDisk unpacks the cached tarball and writes the guest's root disk.
func rootDisk(ctx context.Context, image, path string) error {
	tree, err := os.MkdirTemp(filepath.Dir(path), "rootfs-")
	if err != nil {
		return fmt.Errorf("cannot unpack the root file system: %w", err)
	}
	defer os.RemoveAll(tree)
	tar := exec.CommandContext(ctx, "tar", "--zstd", "--numeric-owner", "--xattrs", "-xpf",
		filepath.Join(image, "rootfs.tar.zst"), "-C", tree)
	if out, err := tar.CombinedOutput(); err != nil {
		return fmt.Errorf("cannot unpack the root file system: %w: %s", err, out)
	}
	return makeDisk(ctx, tree, path, "annaroot", 2<<30)
}
