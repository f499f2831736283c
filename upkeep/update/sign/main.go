// Command sign writes a release directory's signed manifest, or a new
// signing key. The key never lives in the repository: it comes from the
// file named by -key or $ANNA_SIGNING_KEY_FILE.
//
//	go run ./upkeep/update/sign -genkey -key ~/anna-release.key   # prints the public key
//	go run ./upkeep/update/sign -dir dist -version 0.2.0          # writes dist/manifest.json(.sig)
package main

import (
	"crypto/rand"
	"flag"
	"fmt"
	"os"

	"github.com/jjgarcianorway/anna-assistant/upkeep/update"
)

func main() {
	dir := flag.String("dir", "dist", "release directory to sign")
	ver := flag.String("version", "", "release version, e.g. 0.2.0")
	keyFile := flag.String("key", os.Getenv("ANNA_SIGNING_KEY_FILE"), "signing key file (default $ANNA_SIGNING_KEY_FILE)")
	gen := flag.Bool("genkey", false, "write a new signing key to -key and print its public key")
	flag.Parse()
	if err := run(*dir, *ver, *keyFile, *gen); err != nil {
		fmt.Fprintln(os.Stderr, "sign:", err)
		os.Exit(1)
	}
}

func run(dir, ver, keyFile string, gen bool) error {
	if keyFile == "" {
		return fmt.Errorf("cannot sign without a key: pass -key or set ANNA_SIGNING_KEY_FILE")
	}
	if gen {
		pub, err := update.GenerateKeyFile(keyFile, rand.Reader)
		if err != nil {
			return err
		}
		fmt.Println(pub)
		return nil
	}
	key, err := update.ReadKey(keyFile)
	if err != nil {
		return err
	}
	return update.WriteRelease(dir, ver, key)
}
