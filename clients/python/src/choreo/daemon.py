"""Finding the daemon's socket, and running a private choreod on a temporary socket."""

from __future__ import annotations

import os
import select
import shutil
import signal
import subprocess
import tempfile
import time
import weakref
from typing import Mapping, Optional, Sequence

from .errors import DaemonStartError

__all__ = ["default_socket_path", "find_choreod", "wait_readable", "Daemon"]

#: The longest path a Unix socket address holds (sun_path is 108 bytes, one of them the terminating NUL).
MAX_SOCKET_PATH_BYTES = 107


def wait_readable(fd: int, timeout: Optional[float]) -> bool:
    """Whether ``fd`` becomes readable (or hung up) within ``timeout`` seconds (``None``: no limit).

    poll(), unlike select(), works for any descriptor number, however many files the process has open.
    """
    if hasattr(select, "poll"):
        poller = select.poll()
        poller.register(fd, select.POLLIN | select.POLLPRI | select.POLLHUP | select.POLLERR)
        return bool(poller.poll(None if timeout is None else max(0, int(timeout * 1000 + 0.999))))
    readable, _, _ = select.select([fd], [], [], timeout)
    return bool(readable)


def default_socket_path(path: Optional[str] = None, env: Optional[Mapping[str, str]] = None) -> str:
    """The socket path, resolved as choreod resolves it: the first that is set and not empty of

    1. ``path``
    2. ``$CHOREO_SOCKET``
    3. ``$XDG_RUNTIME_DIR/choreo/choreod.sock``
    4. ``/tmp/choreo-$UID/choreod.sock``
    """
    environ = os.environ if env is None else env
    if path:
        return os.fspath(path)
    explicit = environ.get("CHOREO_SOCKET", "")
    if explicit:
        return explicit
    runtime = environ.get("XDG_RUNTIME_DIR", "")
    if runtime:
        return os.path.join(runtime, "choreo", "choreod.sock")
    return f"/tmp/choreo-{os.getuid()}/choreod.sock"


def find_choreod(binary: Optional[str] = None, env: Optional[Mapping[str, str]] = None) -> str:
    """The choreod executable: ``binary``, else ``$CHOREOD``, else ``choreod`` on ``PATH``.

    Raises DaemonStartError when none of them names an executable file.
    """
    environ = os.environ if env is None else env
    candidate = binary or environ.get("CHOREOD") or ""
    if candidate:
        if os.sep not in candidate:
            found = shutil.which(candidate, path=environ.get("PATH"))
            if found:
                return os.path.abspath(found)
        resolved = os.path.abspath(os.path.expanduser(candidate))
        if os.path.isfile(resolved) and os.access(resolved, os.X_OK):
            return resolved
        source = "binary argument" if binary else "$CHOREOD"
        raise DaemonStartError(f"choreod not found: {candidate!r} (from the {source}) is not an executable file")
    found = shutil.which("choreod", path=environ.get("PATH"))
    if not found:
        raise DaemonStartError(
            "choreod not found: pass binary=, set $CHOREOD to its path, or put choreod on PATH "
            "(in the Choreo repository it is .build/debug/choreod after `make build`)"
        )
    return os.path.abspath(found)


def _private_directory() -> str:
    directory = tempfile.mkdtemp(prefix="choreo-")
    if len(os.fsencode(os.path.join(directory, "choreod.sock"))) > MAX_SOCKET_PATH_BYTES:
        # $TMPDIR is too deep for a socket address: fall back to /tmp.
        os.rmdir(directory)
        directory = tempfile.mkdtemp(prefix="choreo-", dir="/tmp")
    return directory


def _terminate(process: "subprocess.Popen[bytes]", directory: Optional[str], timeout: float) -> Optional[int]:
    """SIGTERM, wait, SIGKILL if it does not stop in time; then remove the private directory."""
    try:
        if process.poll() is None:
            try:
                process.send_signal(signal.SIGTERM)
                process.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        for stream in (process.stdout, process.stderr):
            if stream is not None:
                stream.close()
        return process.returncode
    finally:
        if directory:
            shutil.rmtree(directory, ignore_errors=True)


class Daemon:
    """A choreod process this program started, listening on a socket in a private temporary directory.

    ``Daemon.start()`` returns once the daemon printed ``listening on PATH``; ``stop()`` sends SIGTERM, waits for the
    graceful exit (the daemon removes its socket file), and removes the directory. Its stderr (the log) is kept in
    ``log_path`` until then. A daemon left running is stopped when the object is collected or Python exits.
    """

    def __init__(
        self,
        process: "subprocess.Popen[bytes]",
        socket_path: str,
        directory: Optional[str],
        log_path: Optional[str],
        stop_timeout: float = 20.0,
    ) -> None:
        self.process = process
        self.socket_path = socket_path
        self.directory = directory
        self.log_path = log_path
        self.stop_timeout = stop_timeout
        self.exit_code: Optional[int] = None
        self._finalizer = weakref.finalize(self, _terminate, process, directory, stop_timeout)

    @property
    def pid(self) -> int:
        return self.process.pid

    @classmethod
    def start(
        cls,
        binary: Optional[str] = None,
        args: Sequence[str] = (),
        socket_path: Optional[str] = None,
        startup_timeout: float = 20.0,
        stop_timeout: float = 20.0,
        env: Optional[Mapping[str, str]] = None,
    ) -> "Daemon":
        """Starts ``binary`` (see ``find_choreod``) with ``--socket`` in a new temporary directory (or
        ``socket_path``), and extra ``args`` such as ``["--max-sessions", "10"]``."""
        executable = find_choreod(binary, env)
        directory = None if socket_path else _private_directory()
        path = socket_path or os.path.join(directory or "", "choreod.sock")
        log_path = os.path.join(directory, "choreod.log") if directory else None
        log = open(log_path, "wb") if log_path else subprocess.DEVNULL
        try:
            process = subprocess.Popen(
                [executable, "--socket", path, *args],
                stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=log,
                env=dict(env) if env is not None else None,
                start_new_session=True,
            )
        except OSError as e:
            if directory:
                shutil.rmtree(directory, ignore_errors=True)
            raise DaemonStartError(f"could not run {executable}: {e}") from e
        finally:
            if log_path and not isinstance(log, int):
                log.close()
        daemon = cls(process, path, directory, log_path, stop_timeout)
        line = daemon._read_first_line(startup_timeout)
        if not line.startswith("listening on "):
            code = daemon.stop()
            detail = daemon._last_log
            raise DaemonStartError(
                f"{executable} did not start (exit status {code}, first line {line!r}): {detail}".rstrip(": ")
            )
        return daemon

    _last_log = ""

    def _read_first_line(self, timeout: float) -> str:
        assert self.process.stdout is not None
        stream = self.process.stdout
        deadline = time.monotonic() + timeout
        data = b""
        while not data.endswith(b"\n"):
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                break
            if not wait_readable(stream.fileno(), remaining):
                break
            chunk = os.read(stream.fileno(), 4096)
            if not chunk:
                break
            data += chunk
        return data.decode("utf-8", "replace").split("\n", 1)[0].strip()

    def log(self) -> str:
        """What the daemon wrote to stderr so far (empty when it is not kept)."""
        if not self.log_path:
            return ""
        try:
            with open(self.log_path, "rb") as f:
                return f.read().decode("utf-8", "replace")
        except OSError:
            return self._last_log

    @property
    def running(self) -> bool:
        return self.process.poll() is None

    def stop(self, timeout: Optional[float] = None) -> Optional[int]:
        """Stops the daemon gracefully (SIGTERM; SIGKILL after ``timeout`` seconds) and returns its exit status."""
        if not self._finalizer.alive:
            return self.exit_code
        self._last_log = self.log()[-4000:]
        self._finalizer.detach()
        self.exit_code = _terminate(self.process, self.directory, self.stop_timeout if timeout is None else timeout)
        return self.exit_code

    def __enter__(self) -> "Daemon":
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def __repr__(self) -> str:
        state = "running" if self.running else f"exited {self.process.returncode}"
        return f"<choreo.Daemon pid={self.pid} socket={self.socket_path!r} {state}>"
