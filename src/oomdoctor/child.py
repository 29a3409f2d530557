"""oomdoctor's child processes, one protocol for all of them, and how a run ends on a signal.

Children: the measuring worker, a training script's capture, the Keras torch trace and TensorFlow's
own XLA compile each run in a fresh Python (``run_child``). Each child:

- gets its request as JSON in a private folder named by ``OOMDOCTOR_CHANNEL`` and writes its reply
  there (``receive`` and ``reply``). Its stdout and stderr go to files, so the user's code (a script's
  prints, a grandchild it leaves behind) can neither forge the reply nor keep the parent waiting on a
  pipe;
- runs in its own process group, killed as a whole when it finishes, times out, passes its memory
  limit, or when oomdoctor is interrupted, so nothing it started is left running;
- asks the kernel to kill it if oomdoctor dies without cleaning up (``PR_SET_PDEATHSIG``, Linux).

The CLI installs ``handle_signals``: SIGTERM unwinds like Ctrl-C (``Terminated``), so every child is
killed on the way out and the run ends with one line.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

_CHANNEL_ENV = "OOMDOCTOR_CHANNEL"
_PARENT_ENV = "OOMDOCTOR_PARENT_PID"
_POLL_S = 0.1
_STDERR_TAIL = 64 * 1024  # what is kept of a child's stderr for its error message
_AFTER_REPLY_S = 10  # how long a child that has replied may take to exit before its group is killed


class Terminated(BaseException):
    """SIGTERM arrived; raised in the main thread so that cleanup runs (BaseException: not swallowed by
    ``except Exception``)."""


class MemoryLimitExceeded(Exception):
    """The child's resident memory passed its limit and it was killed."""

    def __init__(self, limit_bytes: int, rss_bytes: int):
        super().__init__(f"used {rss_bytes} bytes of host memory, past its limit of {limit_bytes}")
        self.limit_bytes, self.rss_bytes = limit_bytes, rss_bytes


@dataclass
class Finished:
    returncode: int
    reply: dict | None  # what the child sent with ``reply``; None if it died first
    stdout: str
    stderr: str  # its last 64 KiB

    def last_error_line(self) -> str:
        """The child's last words on stderr, for a one-line message."""
        lines = [line.strip() for line in self.stderr.splitlines() if line.strip()]
        return lines[-1] if lines else f"exit code {self.returncode}, no output"


def run_child(module: str, request: dict, env: dict[str, str | None] | None = None, cwd: str | Path | None = None,
              timeout_s: float | None = None, memory_limit_bytes: int | None = None) -> Finished:
    """``python -m module`` with ``request``; its reply, exit code and output once it has ended.

    ``env`` is added to this process's environment; a name given as None is removed from it.

    Raises ``subprocess.TimeoutExpired`` after ``timeout_s`` and ``MemoryLimitExceeded`` when its
    resident memory passes ``memory_limit_bytes``; in both cases its whole process group is killed first.
    """
    _sweep_stale_channels()
    channel = Path(tempfile.mkdtemp(prefix=f"{_CHANNEL_PREFIX}{os.getpid()}-"))
    try:
        (channel / "request.json").write_text(json.dumps(request), encoding="utf-8")
        child_env = {**os.environ, **(env or {}), _CHANNEL_ENV: str(channel), _PARENT_ENV: str(os.getpid())}
        child_env = {name: value for name, value in child_env.items() if value is not None}
        with open(channel / "stdout", "wb") as out, open(channel / "stderr", "wb") as err:
            proc = subprocess.Popen([sys.executable, "-m", module], stdin=subprocess.DEVNULL, stdout=out, stderr=err,
                                    env=child_env, cwd=cwd, start_new_session=True)
            try:
                _wait(proc, timeout_s, memory_limit_bytes, channel / "reply.json")
            finally:
                _kill_group(proc)
        reply_file = channel / "reply.json"
        reply = json.loads(reply_file.read_text(encoding="utf-8")) if reply_file.exists() else None
        return Finished(proc.returncode, reply, _read(channel / "stdout"), _read(channel / "stderr", _STDERR_TAIL))
    finally:
        shutil.rmtree(channel, ignore_errors=True)


_CHANNEL_PREFIX = "oomdoctor-child-"


def _sweep_stale_channels() -> None:
    """Remove the channels of oomdoctor runs that were killed (SIGKILL leaves no time to clean up); a
    channel's name carries the pid of the run that made it."""
    root = Path(tempfile.gettempdir())
    for folder in root.glob(f"{_CHANNEL_PREFIX}*-*"):
        pid = folder.name[len(_CHANNEL_PREFIX):].split("-", 1)[0]
        if pid.isdigit() and not _alive(int(pid)):
            shutil.rmtree(folder, ignore_errors=True)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _wait(proc: subprocess.Popen, timeout_s: float | None, memory_limit_bytes: int | None,
          reply_file: Path | None = None) -> None:
    deadline = None if timeout_s is None else time.monotonic() + timeout_s
    replied_at = None
    while proc.poll() is None:
        if deadline is not None and time.monotonic() > deadline:
            raise subprocess.TimeoutExpired(proc.args, timeout_s)
        if reply_file is not None and replied_at is None and reply_file.exists():
            replied_at = time.monotonic()
        if replied_at is not None and time.monotonic() - replied_at > _AFTER_REPLY_S:
            return  # it has answered; what keeps it alive (a thread of the user's code) is killed with its group
        if memory_limit_bytes is not None:
            rss = _resident_bytes(proc.pid)
            if rss > memory_limit_bytes:
                raise MemoryLimitExceeded(memory_limit_bytes, rss)
        try:
            proc.wait(_POLL_S)
        except subprocess.TimeoutExpired:
            pass


def _kill_group(proc: subprocess.Popen) -> None:
    """Kill the child and everything it started (its session's process group), then reap it."""
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    proc.wait()


def _resident_bytes(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/statm") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return 0  # not Linux, or it has just exited


def _read(path: Path, tail: int | None = None) -> str:
    with open(path, "rb") as stream:
        if tail is not None:
            size = stream.seek(0, os.SEEK_END)
            stream.seek(max(size - tail, 0))
        return stream.read().decode(errors="replace")


# ---- the child's side ---------------------------------------------------------------------


def receive() -> dict:
    """The request ``run_child`` sent; called first thing in a child.

    The channel's name is taken out of the environment, so code the child runs (a user's training
    script) does not inherit it, and the child asks to die with its parent.
    """
    _die_with_parent()
    channel = os.environ.pop(_CHANNEL_ENV)
    global _channel
    _channel = Path(channel)
    return json.loads((_channel / "request.json").read_text(encoding="utf-8"))


_channel: Path | None = None


def reply(result: dict) -> None:
    """Send ``result`` to the parent (written whole, then renamed, so a half-written reply is never read)."""
    assert _channel is not None, "receive() first"
    partial = _channel / "reply.json.partial"
    partial.write_text(json.dumps(result, default=str), encoding="utf-8")
    partial.replace(_channel / "reply.json")


def _die_with_parent() -> None:
    parent = int(os.environ.pop(_PARENT_ENV, "0") or 0)
    if sys.platform.startswith("linux"):
        import ctypes

        PR_SET_PDEATHSIG = 1
        try:
            ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
        except (OSError, AttributeError):
            pass  # no prctl: the parent's cleanup still kills the group
    if parent and os.getppid() != parent:  # the parent died before prctl took effect
        os._exit(1)


# ---- what the user's code started in this process -----------------------------------------------


def stop_strays() -> list[str]:
    """Kill the processes that the user's code (a model builder run in this process) started and left
    running, with everything they started; oomdoctor's own children are waited for and gone by now.
    Returns ``"name (pid N)"`` for each one stopped."""
    children: dict[int, list[int]] = {}
    names: dict[int, str] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            text = stat.read_text()
        except OSError:
            continue
        pid = int(stat.parent.name)
        name, _sep, rest = text[text.index("(") + 1:].rpartition(")")
        fields = rest.split()
        if len(fields) > 2 and fields[0] != "Z":
            children.setdefault(int(fields[1]), []).append(pid)
            names[pid] = name
    stopped, pending = [], list(children.get(os.getpid(), []))
    while pending:
        pid = pending.pop()
        pending.extend(children.get(pid, []))
        try:
            os.kill(pid, signal.SIGKILL)
            stopped.append(f"{names.get(pid, '?')} (pid {pid})")
        except (ProcessLookupError, PermissionError):
            continue
    for pid in children.get(os.getpid(), []):
        try:
            os.waitpid(pid, 0)
        except ChildProcessError:
            pass
    return stopped


def exit_now_if_threads_linger(code: int) -> None:
    """Exit at once when threads the user's code started would keep Python waiting at exit (a builder that
    starts a non-daemon thread would otherwise hang oomdoctor after its answer)."""
    import threading

    lingering = [t for t in threading.enumerate()
                 if t is not threading.main_thread() and t.is_alive() and not t.daemon]
    if lingering:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)


# ---- the parent's signals -------------------------------------------------------------------


_signals_handled = False
_interrupted = False


def handle_signals() -> None:
    """SIGTERM raises ``Terminated`` in the main thread, as Ctrl-C raises KeyboardInterrupt; Ctrl-C is
    remembered, so that a KeyboardInterrupt the user's code raises itself is told apart from it."""
    global _signals_handled

    def terminated(signum, frame):
        raise Terminated()

    def interrupt(signum, frame):
        global _interrupted
        _interrupted = True
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, terminated)
    signal.signal(signal.SIGINT, interrupt)
    _signals_handled = True


def interrupted() -> bool:
    """Whether a KeyboardInterrupt now is Ctrl-C (always, where oomdoctor's CLI did not set the handlers)."""
    return _interrupted or not _signals_handled
