"""What oomdoctor reads from the user's disk and pipes, with a bound on what each read can cost.

A MODEL or a log must be a regular file: a FIFO would block the read forever and a link to
/dev/zero would fill memory. What is read is capped: a log's last ``LOG_LIMIT`` bytes (the error
is at the end), a ``.keras`` file's ``config.json`` up to ``CONFIG_LIMIT`` (a 2 MB zip can
inflate to gigabytes), standard input up to ``LOG_LIMIT``.
"""

from __future__ import annotations

import stat
import sys
import zipfile
from pathlib import Path

from .errors import OomdoctorError
from .i18n import _
from .units import MiB, format_bytes

LOG_LIMIT = 64 * MiB
# NASNetLarge's config (1,041 layers) is 0.99 MiB, about 1 KiB a layer: 64 MiB is a model with some
# 60,000 layers
CONFIG_LIMIT = 64 * MiB


def regular_file(path: Path, fix: str) -> Path:
    """``path`` if it is a regular file (a link to one counts); else one line saying what it is."""
    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        raise OomdoctorError(_("No such file: {path}.").format(path=path), fix) from None
    except OSError as exc:
        raise OomdoctorError(_("Cannot read {path}: {reason}.").format(path=path, reason=exc.strerror or exc),
                             fix) from None
    if not stat.S_ISREG(mode):
        kind = (_("a folder") if stat.S_ISDIR(mode) else _("a pipe") if stat.S_ISFIFO(mode)
                else _("a device") if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else _("a special file"))
        raise OomdoctorError(_("{path} is {kind}, not a file.").format(path=path, kind=kind), fix)
    return path


def read_log(source: str) -> tuple[str, str | None]:
    """The text of a log file, or of standard input for ``-``, and a note when only its end was read."""
    fix = _("Give the log file, or - to read standard input.")
    if source == "-":
        binary = getattr(sys.stdin, "buffer", None)  # a text stream without one (tests, notebooks) reads as text
        data = binary.read(LOG_LIMIT + 1) if binary is not None else sys.stdin.read(LOG_LIMIT + 1).encode()
        if len(data) > LOG_LIMIT:
            raise OomdoctorError(_("Standard input holds more than {limit}.").format(limit=format_bytes(LOG_LIMIT)),
                                 _("Give the log as a file (its last {limit} are read), or pipe its end: "
                                   "tail -c 10M train.log | oomdoctor explain -").format(
                                     limit=format_bytes(LOG_LIMIT)))
        return data.decode(errors="replace"), None
    path = regular_file(Path(source), fix)
    size = path.stat().st_size
    with path.open("rb") as log:
        if size > LOG_LIMIT:
            log.seek(size - LOG_LIMIT)
        data = log.read(LOG_LIMIT)
    note = None
    if size > LOG_LIMIT:
        note = _("The log has {size}; its last {limit} were read.").format(size=format_bytes(size),
                                                                           limit=format_bytes(LOG_LIMIT))
    return data.decode(errors="replace"), note


def read_zip_member(archive: zipfile.ZipFile, name: str, limit: int = CONFIG_LIMIT) -> bytes:
    """``name`` from ``archive``, refused before it is inflated when it is larger than ``limit``.

    The size in the zip's directory is checked first, and the read is capped too, because the
    directory can lie about it.
    """
    size = archive.getinfo(name).file_size
    with archive.open(name) as member:
        data = member.read(limit + 1) if size <= limit else b""
    if size > limit or len(data) > limit:
        raise OomdoctorError(_("{name} in {path} inflates to {size}, more than a model's configuration "
                               "holds ({limit} at most).").format(
                                   name=name, path=archive.filename, size=format_bytes(max(size, len(data))),
                                   limit=format_bytes(limit)),
                             _("Save the model again with model.save('model.keras'); this file is not one."))
    return data
