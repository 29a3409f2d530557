"""Message catalogs: list the package's messages, and compile .po files into gettext .mo files.

    python scripts/compile_catalogs.py          # writes src/oomdoctor/locale/*/LC_MESSAGES/oomdoctor.mo
    python scripts/compile_catalogs.py --check  # exit 1 if a .mo is stale or a message lacks a translation

Messages are the string literals passed to ``_()`` in src/oomdoctor (read with ``ast``, as xgettext
would). The .mo writer follows the GNU format that Python's ``gettext`` reads.
"""

from __future__ import annotations

import argparse
import ast
import struct
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "oomdoctor"
LOCALE = PACKAGE / "locale"


def messages_in_code() -> set[str]:
    found = set()
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "_"
                    and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
                found.add(node.args[0].value)
    return found


def _unquote(line: str) -> str:
    return ast.literal_eval(line.strip())


def read_po(path: Path) -> dict[str, str]:
    """msgid -> msgstr (header included under the empty msgid)."""
    entries: dict[str, str] = {}
    msgid = msgstr = None
    target = None
    for raw in path.read_text(encoding="utf-8").splitlines() + [""]:
        line = raw.strip()
        if line.startswith("msgid "):
            if msgid is not None:
                entries[msgid] = msgstr or ""
            msgid, msgstr, target = _unquote(line[6:]), None, "id"
        elif line.startswith("msgstr "):
            msgstr, target = _unquote(line[7:]), "str"
        elif line.startswith('"'):
            if target == "id":
                msgid += _unquote(line)
            elif target == "str":
                msgstr += _unquote(line)
        elif not line and msgid is not None:
            entries[msgid] = msgstr or ""
            msgid = msgstr = target = None
    return entries


def mo_bytes(entries: dict[str, str]) -> bytes:
    items = sorted((k.encode("utf-8"), v.encode("utf-8")) for k, v in entries.items() if v)
    ids = b"".join(k + b"\0" for k, _ in items)
    strs = b"".join(v + b"\0" for _, v in items)
    count = len(items)
    header = 7 * 4
    ids_start = header + 16 * count
    strs_start = ids_start + len(ids)
    key_table, value_table = [], []
    offset = 0
    for key, _ in items:
        key_table += [len(key), ids_start + offset]
        offset += len(key) + 1
    offset = 0
    for _, value in items:
        value_table += [len(value), strs_start + offset]
        offset += len(value) + 1
    return (struct.pack("Iiiiiii", 0x950412DE, 0, count, header, header + 8 * count, 0, 0)
            + struct.pack(f"{2 * count}i", *key_table) + struct.pack(f"{2 * count}i", *value_table) + ids + strs)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    problems = []
    code = messages_in_code()
    for po in sorted(LOCALE.glob("*/LC_MESSAGES/*.po")):
        entries = read_po(po)
        missing = sorted(m for m in code if not entries.get(m))
        if missing:
            problems.append(f"{po}: {len(missing)} message(s) without a translation, e.g. {missing[0]!r}")
        mo = po.with_suffix(".mo")
        data = mo_bytes(entries)
        if args.check:
            if not mo.exists() or mo.read_bytes() != data:
                problems.append(f"{mo} is stale: run python scripts/compile_catalogs.py")
        else:
            mo.write_bytes(data)
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
