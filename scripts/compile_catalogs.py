"""Message catalogs: list the package's messages, and compile .po files into gettext .mo files.

    python scripts/compile_catalogs.py          # writes src/oomdoctor/locale/*/LC_MESSAGES/oomdoctor.mo
    python scripts/compile_catalogs.py --check  # exit 1 if a .mo is stale or a message lacks a translation

Messages are the string literals passed to ``_()`` in src/oomdoctor (read with ``ast``, as xgettext
would). Babel (a dev dependency) reads the .po and writes the .mo; at run time the package reads the
.mo with the standard library's ``gettext`` only.
"""

from __future__ import annotations

import argparse
import ast
import gettext
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po

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


def translations(catalog: Catalog) -> dict[str, str]:
    """msgid -> msgstr for the messages a .mo carries: translated and not fuzzy (no header)."""
    return {m.id: m.string for m in catalog if m.id and m.string and not m.fuzzy}


def _stale(mo: Path, expected: dict[str, str]) -> bool:
    """Compare what the .mo says, not its bytes: Babel stamps its version and dates into the header."""
    if not mo.exists():
        return True
    with mo.open("rb") as file:
        if translations(read_mo(file)) != expected:
            return True
    with mo.open("rb") as file:
        runtime = gettext.GNUTranslations(file)  # what the package itself will read
    return any(runtime.gettext(msgid) != msgstr for msgid, msgstr in expected.items())


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    problems = []
    code = messages_in_code()
    for po in sorted(LOCALE.glob("*/LC_MESSAGES/*.po")):
        with po.open("rb") as file:
            catalog = read_po(file, abort_invalid=True)
        expected = translations(catalog)
        missing = sorted(m for m in code if m not in expected)
        if missing:
            problems.append(f"{po}: {len(missing)} message(s) without a translation, e.g. {missing[0]!r}")
        mo = po.with_suffix(".mo")
        if args.check:
            if _stale(mo, expected):
                problems.append(f"{mo} is stale: run python scripts/compile_catalogs.py")
        else:
            with mo.open("wb") as file:
                write_mo(file, catalog)
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
