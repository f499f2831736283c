# Anna's package: annad and annactl, plus the installer's unit, polkit,
# sysusers and default config files, so the NixOS module uses the very files
# install.sh installs (one source of truth; .ci/nix-check verifies it).
{
  lib,
  buildGo126Module,
  dbus,
  version ? "dev",
}:

buildGo126Module (finalAttrs: {
  pname = "anna";
  inherit version;

  # Without the Nix files and the docs, which no test reads, so editing
  # them does not rebuild the package (.ci stays: a test runs
  # .ci/build-ollama --key).
  src = lib.fileset.toSource {
    root = ../.;
    fileset = lib.fileset.difference ../. (
      lib.fileset.unions [
        ../nix
        ../flake.nix
        (lib.fileset.maybeMissing ../flake.lock)
        ../docs
      ]
    );
  };

  # `go mod vendor` of go.mod/go.sum; .ci/nix-check recomputes it offline
  # and fails with the right value when go.sum changes.
  vendorHash = "sha256-ChtIHKcbEta9ikeYoo2bu7YGjtAA4xLhySkmDB69vLQ=";

  subPackages = [
    "cmd/annad"
    "cmd/annactl"
  ];

  # The release binaries are static (make release); so are these.
  env.CGO_ENABLED = 0;

  ldflags = [
    "-s"
    "-w"
    "-X github.com/jjgarcianorway/anna-assistant/version.version=${finalAttrs.version}"
  ];

  # subPackages limits the build to the two commands but would also limit
  # the tests to them: test every package. Tests that need root, a network
  # namespace, journalctl, ps or a real Ollama skip themselves when those
  # are missing, as they are in the build sandbox (no -short: no test uses
  # it). dbus-daemon is given so the D-Bus clients are tested on a real bus.
  preCheck = ''
    unset subPackages
  '';
  nativeCheckInputs = [ dbus ];

  # Tests that fail in the sandbox, found by running the suite in an
  # approximation of it (no /sys, no network, uid 1000 and gid 100 alone in
  # a user namespace; see the README's Nix section):
  checkFlags =
    let
      skippedTests = [
        # chown the socket to group root, which only root may do
        "TestListenSocketFile"
        "TestStaleTempSocketIsRemoved"
        # fake peers as uid 1000, here the server's own uid (exempt from limits)
        "TestConnectionLimits"
        "TestRefusalIsCleanNotReset"
        # read the host's /sys/block; the sandbox has no /sys
        "TestHostBlockDevices"
        "TestHostRunMany"
      ];
    in
    [ "-skip=^(${lib.concatStringsSep "|" skippedTests})$" ];

  # buildGo126Module leaves the ExecStart path to packagers: the installer's
  # unit names /usr/local/bin (install.sh's prefix).
  postInstall = ''
    install -Dm644 installer/systemd/annad.socket -t $out/lib/systemd/system
    substitute installer/systemd/annad.service $out/lib/systemd/system/annad.service \
      --replace-fail /usr/local/bin/ $out/bin/
    install -Dm644 installer/polkit/io.github.jjgarcianorway.anna.policy -t $out/share/polkit-1/actions
    install -Dm644 installer/sysusers.d/anna.conf $out/lib/sysusers.d/anna.conf
    install -Dm644 installer/config.toml $out/share/anna/config.toml
  '';

  meta = {
    description = "Local AI assistant for Linux that answers from real system evidence";
    homepage = "https://github.com/jjgarcianorway/anna-assistant";
    mainProgram = "annactl";
    platforms = lib.platforms.linux;
  };
})
