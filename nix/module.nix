# NixOS module for Anna (services.anna). The socket and service units are
# the installer's own files, shipped in the package (systemd.packages); this
# module adds only what NixOS decides: the group, the rendered config,
# enablement, restart on config change and ordering after Ollama.
{
  config,
  lib,
  pkgs,
  ...
}:

let
  inherit (lib) mkOption types;

  cfg = config.services.anna;
  toml = pkgs.formats.toml { };
  ollama = config.services.ollama;

  # Unset typed keys are null and left out, so annad's own defaults (one
  # place: daemon/config) apply; TOML has no null.
  rendered = lib.filterAttrsRecursive (_: v: v != null) cfg.settings;
  configFile = toml.generate "anna-config.toml" rendered;

  # A wildcard listen address is not an address to connect to.
  ollamaHost =
    if ollama.host == "0.0.0.0" then
      "127.0.0.1"
    else if ollama.host == "::" || ollama.host == "[::]" then
      "[::1]"
    else if lib.hasInfix ":" ollama.host && !lib.hasPrefix "[" ollama.host then
      "[${ollama.host}]"
    else
      ollama.host;

  # A typed key whose null means "annad's default".
  key =
    type: description:
    mkOption {
      type = types.nullOr type;
      default = null;
      inherit description;
    };

  table =
    options:
    mkOption {
      type = types.submodule {
        freeformType = toml.type;
        inherit options;
      };
      default = { };
    };
in
{
  options.services.anna = {
    enable = lib.mkEnableOption "Anna, the local AI assistant daemon (annad) and its CLI (annactl)";

    package = mkOption {
      type = types.package;
      default = pkgs.callPackage ./package.nix { };
      defaultText = lib.literalExpression "the anna package of this flake";
      description = "The package providing annad, annactl, the units and the polkit policy.";
    };

    group = mkOption {
      type = types.str;
      default = "anna";
      description = ''
        Group that owns annad's socket; its members may use annactl. The
        module creates it; add users with `users.users.<name>.extraGroups`.
      '';
    };

    enableOllama = mkOption {
      type = types.bool;
      default = true;
      description = ''
        Whether to enable services.ollama (with mkDefault) for Anna's model.
        Anna never installs Ollama itself under NixOS.
      '';
    };

    settings = mkOption {
      default = { };
      description = ''
        annad's configuration, rendered to /etc/anna/config.toml. Every key
        is described in README.md; keys left null take annad's default.
        Keys this module does not know are passed through.
      '';
      type = types.submodule {
        freeformType = toml.type;
        options = {
          daemon = table {
            socket_group = mkOption {
              type = types.str;
              default = cfg.group;
              defaultText = lib.literalExpression "config.services.anna.group";
              description = "Group that owns the socket (follows services.anna.group).";
            };
            debug_mode = key types.bool "Emit stage events that annactl shows instead of a spinner.";
            max_connections = key (types.ints.between 1 4096) "Concurrent connections of non-root users.";
            max_connections_per_uid = key (types.ints.between 1 4096) "Concurrent connections of one non-root user.";
            idle_timeout = key types.str "Close a connection idle this long (a Go duration such as \"2m\").";
            shutdown_timeout = key types.str "How long requests in flight may finish on SIGTERM (\"10s\").";
            log_level = key (types.enum [
              "debug"
              "info"
              "warn"
              "error"
            ]) "annad's log level.";
            max_requests = key (types.ints.between 1 4096) "Requests in progress at once.";
            max_requests_per_user = key (types.ints.between 1 4096) "One member's share of max_requests.";
          };
          ollama = table {
            url = mkOption {
              type = types.str;
              default =
                if ollama.enable or false then
                  "http://${ollamaHost}:${toString ollama.port}"
                else
                  "http://127.0.0.1:11434";
              defaultText = lib.literalExpression ''"http://''${services.ollama.host}:''${toString services.ollama.port}"'';
              description = "Ollama's base URL; defaults to services.ollama's address.";
            };
            model = key types.str "Pin a model; null lets annad choose from the hardware.";
            num_ctx = key (types.ints.between 0 131072) "Context window of every chat; 0 means annad's default.";
            parallel = key (types.ints.between 1 16) "Chats sent to Ollama at once (match OLLAMA_NUM_PARALLEL).";
            manage = mkOption {
              type = types.bool;
              default = false;
              description = "Whether annad may install Ollama; always false under NixOS.";
            };
          };
          update = table {
            auto_update = mkOption {
              type = types.bool;
              default = false;
              description = "Whether annad may replace its own binaries; always false under NixOS.";
            };
          };
        };
      };
    };
  };

  config = lib.mkIf cfg.enable {
    assertions = [
      {
        assertion = !cfg.settings.ollama.manage;
        message = "services.anna.settings.ollama.manage must be false: under NixOS, Ollama comes from services.ollama.";
      }
      {
        assertion = !cfg.settings.update.auto_update;
        message = "services.anna.settings.update.auto_update must be false: under NixOS, Anna is updated with the system.";
      }
    ];

    users.groups.${cfg.group} = { };

    # A copy, not a symlink into the store: annad follows no symlink it
    # does not have to.
    environment.etc."anna/config.toml" = {
      source = configFile;
      mode = "0644";
    };

    # annactl, and the polkit actions through /share/polkit-1.
    environment.systemPackages = [ cfg.package ];
    security.polkit.enable = lib.mkDefault true;

    services.ollama.enable = lib.mkIf cfg.enableOllama (lib.mkDefault true);

    # annad.socket and annad.service come from the package; NixOS does not
    # read their [Install] sections, so enablement is restated here, and
    # these become drop-ins, never second definitions.
    systemd.packages = [ cfg.package ];
    systemd.sockets.annad = {
      wantedBy = [ "sockets.target" ];
      socketConfig = lib.mkIf (cfg.group != "anna") { SocketGroup = cfg.group; };
    };
    systemd.services.annad = {
      wantedBy = [ "multi-user.target" ];
      restartTriggers = [ configFile ];
      wants = lib.mkIf ollama.enable [ "ollama.service" ];
      after = lib.mkIf ollama.enable [ "ollama.service" ];
    };
  };
}
