// Package version holds the release version of annad and annactl.
//
// Release builds set it with
//
//	-ldflags "-X github.com/jjgarcianorway/anna-assistant/version.version=1.2.3"
//
// so that the header of every answer and `annactl -V` name the exact build.
package version

// version is a var, not a const, so the linker can overwrite it.
var version = "0.1.0-dev"

// String returns the version without a leading "v", e.g. "0.1.0".
func String() string { return version }
