{
  description = "Anna: a local AI assistant for Linux (annad, annactl) and its NixOS module";

  inputs.nixpkgs.url = "github:NixOS/nixpkgs/nixos-unstable";

  outputs =
    { self, nixpkgs }:
    let
      systems = [
        "x86_64-linux"
        "aarch64-linux"
      ];
      forAllSystems = f: nixpkgs.lib.genAttrs systems (system: f nixpkgs.legacyPackages.${system});
      version = self.shortRev or "dev";
      build = pkgs: pkgs.callPackage ./nix/package.nix { inherit version; };
    in
    {
      packages = forAllSystems (
        pkgs:
        let
          anna = build pkgs;
        in
        {
          inherit anna;
          default = anna;
        }
      );

      overlays.default = final: prev: { anna = build final; };

      # The module defaults services.anna.package to this flake's build, so
      # it needs no overlay (runNixOSTest makes nixpkgs.* read-only anyway).
      nixosModules.default =
        { lib, pkgs, ... }:
        {
          imports = [ ./nix/module.nix ];
          services.anna.package = lib.mkDefault self.packages.${pkgs.stdenv.hostPlatform.system}.anna;
        };

      checks = forAllSystems (pkgs: {
        package = self.packages.${pkgs.stdenv.hostPlatform.system}.anna;
        vm = import ./nix/tests/vm.nix {
          inherit pkgs;
          module = self.nixosModules.default;
        };
      });

      devShells = forAllSystems (pkgs: {
        default = pkgs.mkShell {
          packages = [
            pkgs.go_1_26
            pkgs.go-tools # staticcheck (make lint uses go.mod's own, through go tool)
            pkgs.gotestsum
            pkgs.qemu
          ];
        };
      });

      formatter = forAllSystems (pkgs: pkgs.nixfmt-tree);
    };
}
