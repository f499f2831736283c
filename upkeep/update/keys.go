package update

import "crypto/ed25519"

// releaseKeys lists the base64 ed25519 public keys whose signatures annad
// accepts, separated by commas. Release builds set it with
//
//	-ldflags "-X github.com/jjgarcianorway/anna-assistant/upkeep/update.releaseKeys=KEY1,KEY2"
//
// (the Makefile's RELEASE_KEYS). Two keys at once let a new key sign
// releases while binaries that know only the old one still update. Empty
// means this build verifies nothing and so installs no update.
var releaseKeys = ""

// ReleaseKeys returns the keys compiled into this build, or an error naming
// the bad one.
func ReleaseKeys() ([]ed25519.PublicKey, error) { return ParseKeys(releaseKeys) }
