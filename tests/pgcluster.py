"""A private, throwaway PostgreSQL cluster for tests: standard library only, so CI can run it with the
system Python before any virtual environment exists, and the pytest fixture imports the same code.

    python3 tests/pgcluster.py start DIR   # prints postgresql://postgres@127.0.0.1:PORT/postgres
    python3 tests/pgcluster.py stop DIR    # stops it and removes DIR (quietly does nothing if absent)

The cluster listens on 127.0.0.1 only, on a free port, with its Unix socket inside DIR, so it never
collides with a system cluster (Debian's on 5432). Authentication is `trust`, for loopback and for the
private socket only; the superuser is `postgres`. Durability is switched off (fsync, synchronous
commit): a crash loses the data, which tests throw away anyway. As root, PostgreSQL refuses to run, so
initdb and pg_ctl run as the `postgres` user and DIR belongs to it.
"""

from __future__ import annotations

import glob
import os
import pwd
import shlex
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

SUPERUSER = "postgres"

HBA = """\
# boardwright test cluster: trust on the private socket and on loopback, nothing else
local all all trust
host  all all 127.0.0.1/32 trust
"""


class Unavailable(RuntimeError):
    """PostgreSQL cannot be started here (no binaries, or no user to run them as)."""


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on at the moment of asking."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def find_bindir() -> Path | None:
    """The newest /usr/lib/postgresql/<version>/bin with initdb and pg_ctl, else a PATH one, else None."""
    def version(path: str) -> tuple[int, ...]:
        name = Path(path).parent.name
        return tuple(int(part) for part in name.split(".") if part.isdigit())

    for bindir in sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=version, reverse=True):
        if os.access(Path(bindir, "initdb"), os.X_OK) and os.access(Path(bindir, "pg_ctl"), os.X_OK):
            return Path(bindir)
    initdb = shutil.which("initdb")
    if initdb and shutil.which("pg_ctl"):
        return Path(initdb).parent
    return None


def unavailable_reason() -> str | None:
    """Why a private cluster cannot start here, or None when it can."""
    if find_bindir() is None:
        return "PostgreSQL binaries not found (no /usr/lib/postgresql/*/bin/initdb, none on PATH)"
    if os.geteuid() == 0:
        try:
            pwd.getpwnam(SUPERUSER)
        except KeyError:
            return "running as root and there is no 'postgres' user to run PostgreSQL as"
    return None


def _as_owner(command: list[str]) -> list[str]:
    """The command, run as the postgres user when we are root (PostgreSQL refuses to run as root)."""
    if os.geteuid() != 0:
        return command
    if shutil.which("runuser"):
        return ["runuser", "-u", SUPERUSER, "--", *command]
    return ["su", SUPERUSER, "-s", "/bin/sh", "-c", shlex.join(command)]


def _run(command: list[str], what: str) -> None:
    result = subprocess.run(_as_owner(command), stdin=subprocess.DEVNULL, capture_output=True, text=True,
                            check=False)
    if result.returncode != 0:
        raise RuntimeError(f"{what} failed (exit {result.returncode}): {shlex.join(command)}\n"
                           f"{result.stdout}{result.stderr}")


def start(directory: str | os.PathLike[str], attempts: int = 3) -> str:
    """Create a cluster in `directory` (created if missing; must be empty), start it on a free loopback
    port and return the superuser's URL to its `postgres` database. On failure nothing is left running
    and the error carries PostgreSQL's own log."""
    reason = unavailable_reason()
    if reason:
        raise Unavailable(reason)
    bindir = find_bindir()
    assert bindir is not None
    root = Path(directory).resolve()
    root.mkdir(parents=True, exist_ok=True)
    if any(root.iterdir()):
        raise RuntimeError(f"{root} is not empty; a test cluster needs a fresh directory")
    data, sockets, log = root / "data", root / "sockets", root / "postgres.log"
    sockets.mkdir()
    if os.geteuid() == 0:
        owner = pwd.getpwnam(SUPERUSER)
        for path in (root, sockets):
            os.chown(path, owner.pw_uid, owner.pw_gid)
    root.chmod(0o700)
    try:
        _run([str(bindir / "initdb"), "-D", str(data), "-U", SUPERUSER, "-A", "trust", "-E", "UTF8",
              "--locale=C", "--no-sync"], "initdb")
        (data / "pg_hba.conf").write_text(HBA, encoding="utf-8")  # root may write there; the owner may read
        for attempt in range(attempts):
            port = free_port()
            options = (f"-p {port} -k {shlex.quote(str(sockets))} -c listen_addresses=127.0.0.1 -c fsync=off"
                       " -c synchronous_commit=off -c full_page_writes=off")
            try:
                _run([str(bindir / "pg_ctl"), "start", "-w", "-t", "30", "-D", str(data), "-l", str(log),
                      "-o", options], "pg_ctl start")
            except RuntimeError as error:
                if attempt + 1 == attempts:  # most likely the port was taken between asking and binding
                    tail = log.read_text(errors="replace")[-3000:] if log.exists() else "(no log)"
                    raise RuntimeError(f"{error}\n--- {log} ---\n{tail}") from None
                continue
            (root / "port").write_text(str(port))
            return f"postgresql://{SUPERUSER}@127.0.0.1:{port}/postgres"
    except BaseException:
        stop(root)
        raise
    raise AssertionError("unreachable")


def stop(directory: str | os.PathLike[str]) -> None:
    """Stop the cluster in `directory` at once (no checkpoint: the data is thrown away) and remove the
    directory. A directory that is missing or holds no running cluster is simply removed."""
    root = Path(directory)
    data = root / "data"
    bindir = find_bindir()
    if bindir is not None and (data / "postmaster.pid").exists():
        subprocess.run(_as_owner([str(bindir / "pg_ctl"), "stop", "-D", str(data), "-m", "immediate", "-w"]),
                       stdin=subprocess.DEVNULL, capture_output=True, check=False)
        for _ in range(100):  # pg_ctl -w waits already; this only covers a slow exit of the postmaster
            if not (data / "postmaster.pid").exists():
                break
            time.sleep(0.05)
    shutil.rmtree(root, ignore_errors=True)


def main(argv: list[str]) -> int:
    if len(argv) != 2 or argv[0] not in ("start", "stop"):
        print("usage: pgcluster.py start|stop DIR", file=sys.stderr)
        return 2
    action, directory = argv
    try:
        if action == "start":
            print(start(directory))
        else:
            stop(directory)
    except (Unavailable, RuntimeError) as error:
        print(f"pgcluster {action}: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
