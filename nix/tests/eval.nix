# Evaluates nix/module.nix with the real nixpkgs lib (lib.evalModules) but
# without nixpkgs' packages or the NixOS modules: the few NixOS options the
# module sets are declared here loosely, and pkgs is a stub whose
# formats.toml.generate keeps the attrset it would render. It checks option
# types, defaults, the rendered settings, the drop-ins and the assertions,
# and the package's build attributes (version ldflag against go.mod).
# Returns the names of the failed cases ([] when all pass).
#
# .ci/nix-check runs it when ANNA_NIXPKGS_LIB points at nixpkgs' lib/
# directory (no network here to fetch nixpkgs); `nix flake check` covers the
# module for real in checks.vm.
{ lib }:

let
  inherit (lib) mkOption types;

  fakeDrv = name: extra: {
    type = "derivation";
    inherit name;
    outPath = "/nix/store/00000000000000000000000000000000-${name}";
  } // extra;

  pkgs = {
    formats.toml = _: {
      type =
        let
          value = types.oneOf [
            types.bool
            types.int
            types.float
            types.str
            (types.attrsOf value)
            (types.listOf value)
          ];
        in
        types.attrsOf value;
      generate = name: value: fakeDrv name { inherit value; };
    };
    callPackage = _: _: fakeDrv "anna-dev" { version = "dev"; };
  };

  loose = types.attrsOf (types.submodule { freeformType = types.attrsOf types.anything; });

  nixos = {
    options = {
      assertions = mkOption {
        type = types.listOf types.unspecified;
        default = [ ];
      };
      users.groups = mkOption {
        type = types.attrsOf types.anything;
        default = { };
      };
      environment.etc = mkOption {
        type = types.attrsOf types.anything;
        default = { };
      };
      environment.systemPackages = mkOption {
        type = types.listOf types.anything;
        default = [ ];
      };
      security.polkit.enable = mkOption {
        type = types.bool;
        default = false;
      };
      services.ollama = {
        enable = mkOption {
          type = types.bool;
          default = false;
        };
        host = mkOption {
          type = types.str;
          default = "127.0.0.1";
        };
        port = mkOption {
          type = types.port;
          default = 11434;
        };
      };
      systemd.packages = mkOption {
        type = types.listOf types.anything;
        default = [ ];
      };
      systemd.sockets = mkOption {
        type = loose;
        default = { };
      };
      systemd.services = mkOption {
        type = loose;
        default = { };
      };
    };
  };

  eval =
    settings:
    (lib.evalModules {
      modules = [
        ../module.nix
        nixos
        { _module.args.pkgs = pkgs; }
        settings
      ];
    }).config;

  rendered = c: c.environment.etc."anna/config.toml".source.value;
  failedAssertions = c: map (a: a.message) (lib.filter (a: !a.assertion) c.assertions);
  throws = v: !(builtins.tryEval (builtins.deepSeq v v)).success;

  defaults = eval { services.anna.enable = true; };
  withOllama = eval {
    services.anna.enable = true;
    services.ollama.host = "0.0.0.0";
    services.ollama.port = 11500;
  };
  custom = eval {
    services.anna = {
      enable = true;
      enableOllama = false;
      group = "llm";
      settings = {
        daemon.log_level = "warn";
        daemon.max_requests = 8;
        ollama.model = "llama3.2:3b";
        ollama.future_key = "passed through";
      };
    };
  };

  # The package's attributes, through a buildGo126Module that only
  # resolves finalAttrs (src, a store path, is never forced).
  package = import ../package.nix {
    inherit lib;
    buildGo126Module =
      f:
      let
        attrs = f attrs;
      in
      attrs;
    dbus = fakeDrv "dbus" { };
    version = "abc1234";
  };
  goModule = lib.head (
    builtins.match "module ([^\n]*)\n.*" (builtins.readFile ../../go.mod)
  );

  cases = {
    package-version-ldflag = lib.elem "-X ${goModule}/version.version=abc1234" package.ldflags;
    package-static = package.env.CGO_ENABLED == 0;
    package-commands = package.subPackages == [
      "cmd/annad"
      "cmd/annactl"
    ];
    package-skips-named-tests =
      lib.length package.checkFlags == 1 && lib.hasPrefix "-skip=^(TestListenSocketFile|" (lib.head package.checkFlags);

    # Unset typed keys stay out, so annad's defaults apply.
    renders-minimal = rendered defaults == {
      daemon.socket_group = "anna";
      ollama = {
        url = "http://127.0.0.1:11434";
        manage = false;
      };
      update.auto_update = false;
    };
    ollama-enabled-by-default = defaults.services.ollama.enable;
    ollama-ordering = withOllama.systemd.services.annad.after == [ "ollama.service" ];
    ollama-wildcard-host = (rendered withOllama).ollama.url == "http://127.0.0.1:11500";
    units-from-package = defaults.systemd.packages == [ defaults.services.anna.package ];
    socket-enabled = defaults.systemd.sockets.annad.wantedBy == [ "sockets.target" ];
    socket-group-default-not-overridden = !(defaults.systemd.sockets.annad ? socketConfig);
    service-dropin-keys =
      lib.attrNames defaults.systemd.services.annad == [
        "after"
        "restartTriggers"
        "wantedBy"
        "wants"
      ];
    restart-on-config = defaults.systemd.services.annad.restartTriggers == [
      defaults.environment.etc."anna/config.toml".source
    ];
    config-is-a-copy = defaults.environment.etc."anna/config.toml".mode == "0644";
    group-created = defaults.users.groups ? anna;
    polkit-on = defaults.security.polkit.enable;
    annactl-installed = defaults.environment.systemPackages == [ defaults.services.anna.package ];
    no-assertion-fails = failedAssertions defaults == [ ];

    custom-renders = rendered custom == {
      daemon = {
        socket_group = "llm";
        log_level = "warn";
        max_requests = 8;
      };
      ollama = {
        url = "http://127.0.0.1:11434";
        model = "llama3.2:3b";
        future_key = "passed through";
        manage = false;
      };
      update.auto_update = false;
    };
    custom-group = custom.users.groups ? llm && custom.systemd.sockets.annad.socketConfig.SocketGroup == "llm";
    custom-no-ollama = !custom.services.ollama.enable && !(custom.systemd.services.annad ? after);

    manage-refused =
      lib.length (failedAssertions (eval {
        services.anna.enable = true;
        services.anna.settings.ollama.manage = true;
      })) == 1;
    auto-update-refused =
      lib.length (failedAssertions (eval {
        services.anna.enable = true;
        services.anna.settings.update.auto_update = true;
      })) == 1;
    range-checked = throws (rendered (eval {
      services.anna.enable = true;
      services.anna.settings.daemon.max_connections = 0;
    }));
    level-checked = throws (rendered (eval {
      services.anna.enable = true;
      services.anna.settings.daemon.log_level = "loud";
    }));
    disabled-does-nothing =
      let
        c = eval { };
      in
      c.systemd.packages == [ ] && c.environment.etc == { } && c.systemd.services == { };
  };
in
lib.attrNames (lib.filterAttrs (_: ok: !ok) cases)
