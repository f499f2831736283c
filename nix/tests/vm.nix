# The NixOS VM acceptance test of the module (checks.<system>.vm): a machine
# with services.anna enabled, alice in group anna and bob not, and a fake
# Ollama that has no model, so answers come from the brain's fast path.
{ pkgs, module }:

pkgs.testers.runNixOSTest {
  name = "anna";

  nodes.machine =
    { pkgs, ... }:
    {
      imports = [ module ];

      services.anna.enable = true;
      # The real Ollama is not built for this test; fake-ollama listens on
      # its default address instead.
      services.anna.enableOllama = false;

      users.users.alice = {
        isNormalUser = true;
        extraGroups = [ "anna" ];
      };
      users.users.bob.isNormalUser = true;

      # alice may see the uninstall plan without a password: the rule makes
      # polkit's answer for her an explicit yes, so the test proves annad
      # asks polkit (a member's admin call) and honours its answer.
      security.polkit.extraConfig = ''
        polkit.addRule(function(action, subject) {
          if (action.id == "io.github.jjgarcianorway.anna.uninstall" && subject.user == "alice") {
            return polkit.Result.YES;
          }
        });
      '';

      # Socket-activated, so the port listens before annad's first check;
      # started at boot too, so that check does not wait for Python.
      systemd.sockets.fake-ollama = {
        wantedBy = [ "sockets.target" ];
        listenStreams = [ "127.0.0.1:11434" ];
      };
      systemd.services.fake-ollama = {
        wantedBy = [ "multi-user.target" ];
        serviceConfig = {
          ExecStart = "${pkgs.python3}/bin/python3 ${./fake-ollama.py}";
          DynamicUser = true;
        };
      };
    };

  testScript =
    { nodes, ... }:
    let
      version = nodes.machine.services.anna.package.version;
    in
    ''
      machine.wait_for_unit("annad.socket")
      machine.wait_for_unit("fake-ollama.service")

      with subtest("the socket is the installer's: root:anna 0660 under /run/anna"):
          mode = machine.succeed("stat -c '%a %U %G' /run/anna/anna.sock").strip()
          assert mode == "660 root anna", f"socket is {mode}"
          unit = machine.succeed("systemctl cat annad.service")
          assert "ExecStart=${nodes.machine.services.anna.package}/bin/annad" in unit, unit

      with subtest("alice, in group anna, gets the status, with Ollama reachable"):
          machine.wait_for_unit("annad.service")
          # annad checks Ollama at start and every 30 s: a first check that
          # timed out under load is retried, hence the wait.
          machine.wait_until_succeeds("su - alice -c 'annactl status' 2>&1 | grep -q 0.0.0-fake", timeout=120)
          status = machine.succeed("su - alice -c 'annactl status' 2>&1")
          assert "${version}" in status, status

      with subtest("bob, not in the group, is refused with the advice"):
          code, out = machine.execute("su - bob -c 'annactl status' 2>&1")
          assert code == 4, f"exit {code}: {out}"
          assert "usermod -aG anna" in out, out

      with subtest("a question answered by the brain without a model"):
          answer = machine.succeed("su - alice -c 'annactl how much ram do i have' 2>&1")
          assert "(brain)" in answer, answer
          assert "GiB" in answer or "MiB" in answer, answer

      with subtest("a privileged read through systemd over D-Bus"):
          answer = machine.succeed("annactl which services failed 2>&1")
          assert "(brain)" in answer, answer
          assert "(failed)" not in answer and "I cannot tell" not in answer, answer

      with subtest("the polkit actions are installed, admin-only"):
          for action in ["uninstall", "autofix", "execute-plan"]:
              out = machine.succeed(f"pkaction --verbose --action-id io.github.jjgarcianorway.anna.{action}")
              active = [l.split()[-1] for l in out.splitlines() if "implicit active:" in l]
              assert active == ["auth_admin_keep"], out

      with subtest("a member's admin call goes through polkit"):
          # Nix installed Anna, so the ledger is empty: the plan, shown
          # only once polkit said yes, has nothing to undo.
          code, out = machine.execute("su - alice -c 'annactl uninstall </dev/null' 2>&1")
          assert code == 0 and "Nothing to undo" in out, f"exit {code}: {out}"
          code, out = machine.execute("su - bob -c 'annactl uninstall </dev/null' 2>&1")
          assert code == 4, f"bob: exit {code}: {out}"
          machine.succeed("annactl status | grep -q 'managed by.*nix'")

      with subtest("the rendered config forbids installing Ollama and self-updates"):
          config = machine.succeed("cat /etc/anna/config.toml")
          assert "manage = false" in config, config
          assert "auto_update = false" in config, config
          machine.succeed("test ! -L /etc/anna/config.toml")
    '';
}
