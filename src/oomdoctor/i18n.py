"""Messages in the user's language: gettext catalogs under ``locale/``.

English is the source language. ``--lang zh`` (or a Chinese locale in LANG /
LC_ALL / LC_MESSAGES) selects Simplified Chinese from ``locale/zh_CN``.
Catalogs are ``.po`` files compiled to ``.mo`` by ``scripts/compile_catalogs.py``;
a test checks that the two agree.
"""

from __future__ import annotations

import gettext
import os
from pathlib import Path

LOCALE_DIR = Path(__file__).parent / "locale"
DOMAIN = "oomdoctor"
_LANGUAGES = {"zh": "zh_CN", "zh_cn": "zh_CN", "zh-cn": "zh_CN", "zh_hans": "zh_CN", "en": "en"}

_translation: gettext.NullTranslations = gettext.NullTranslations()


def language_from_environment() -> str:
    """``zh`` or ``en``, from the first of LC_ALL, LC_MESSAGES, LANG and LANGUAGE that is set."""
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = os.environ.get(variable, "")
        if value:
            return "zh" if value.lower().startswith("zh") else "en"
    return "en"


def known_language(lang: str) -> bool:
    """Whether ``lang`` is a language oomdoctor's messages are written in."""
    return lang.lower() in _LANGUAGES


def set_language(lang: str | None) -> str:
    """Select the catalog for ``lang`` ('en', 'zh'; None: from the environment). Returns the code used."""
    global _translation
    code = _LANGUAGES.get((lang or language_from_environment()).lower())
    if code is None:  # what users type is checked before (arguments.language): this is a caller's mistake
        raise ValueError(f"unknown language {lang!r}; known: {', '.join(_LANGUAGES)}")
    _translation = gettext.translation(DOMAIN, LOCALE_DIR, languages=[code], fallback=True)
    return code


def _(message: str) -> str:
    return _translation.gettext(message)


def language() -> str:
    """The language messages are in now: 'en', or the catalog's ('zh_CN')."""
    return _translation.info().get("language", "en")
