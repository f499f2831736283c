package installer

import (
	"embed"
	"io/fs"
)

//go:embed install.sh config.toml systemd/annad.socket systemd/annad.service
//go:embed sysusers.d/anna.conf polkit/io.github.jjgarcianorway.anna.policy
var embedded embed.FS

// BinDir is where install.sh puts annad and annactl, and the directory that
// annad.service's ExecStart names.
const BinDir = "/usr/local/bin"

// ManifestPath is the host path of the install manifest.
const ManifestPath = "/var/lib/anna/install-manifest.json"

// File is one of the installer's files.
type File struct {
	// Name is its name in the release directory (dist/).
	Name string
	// Source is its path in this package's directory.
	Source string
	// Target is where install.sh puts it on the host; "" for install.sh
	// itself, which is run, not installed.
	Target string
	// Mode is the mode it is installed with.
	Mode fs.FileMode
	// Data is its content.
	Data []byte
}

// layout lists the files in the order install.sh installs them.
var layout = []File{
	{Name: "install.sh", Source: "install.sh", Mode: 0o755},
	{Name: "config.toml", Source: "config.toml", Target: "/etc/anna/config.toml", Mode: 0o640},
	{Name: "anna.conf", Source: "sysusers.d/anna.conf", Target: "/usr/local/lib/sysusers.d/anna.conf", Mode: 0o644},
	{Name: "io.github.jjgarcianorway.anna.policy", Source: "polkit/io.github.jjgarcianorway.anna.policy",
		Target: "/usr/share/polkit-1/actions/io.github.jjgarcianorway.anna.policy", Mode: 0o644},
	{Name: "annad.socket", Source: "systemd/annad.socket", Target: "/usr/local/lib/systemd/system/annad.socket", Mode: 0o644},
	{Name: "annad.service", Source: "systemd/annad.service", Target: "/usr/local/lib/systemd/system/annad.service", Mode: 0o644},
}

// Files returns the installer's files with their content. The slice is
// new on every call; callers may keep or change it.
func Files() []File {
	out := make([]File, len(layout))
	for i, f := range layout {
		data, err := embedded.ReadFile(f.Source)
		if err != nil {
			// The embed directives above name every Source; a miss is a
			// build mistake that the tests catch.
			panic("installer: " + err.Error())
		}
		f.Data = data
		out[i] = f
	}
	return out
}
