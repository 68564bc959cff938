"""Hungarian, English and German: complete, compiled catalogues, and pages in the reader's language."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

LOCALE = Path(__file__).resolve().parents[2] / "tournaments" / "locale"


def po_entries(path: Path) -> list[dict[str, Any]]:
    """The entries of a .po file: msgid, the msgstr texts (all plural forms) and whether it is fuzzy."""
    entries, current, field = [], None, None
    for line in [*path.read_text(encoding="utf-8").splitlines(), ""]:
        if not line.strip():
            if current and current["msgid"] is not None:
                entries.append(current)
            current, field = None, None
            continue
        current = current or {"msgid": None, "msgstr": {}, "fuzzy": False}
        if line.startswith("#,") and "fuzzy" in line:
            current["fuzzy"] = True
        elif line.startswith("msgid "):
            current["msgid"], field = line[6:].strip('"'), "msgid"
        elif line.startswith("msgstr"):
            field = line.split(" ", 1)[0]
            current["msgstr"][field] = line.split(" ", 1)[1].strip('"')
        elif line.startswith('"') and field:
            if field == "msgid":
                current["msgid"] += line.strip('"')
            elif field != "msgid_plural":
                current["msgstr"][field] += line.strip('"')
    return entries


@pytest.mark.parametrize("language", ["hu", "de"])
def test_it_translates_every_message(language: str) -> None:
    entries = po_entries(LOCALE / language / "LC_MESSAGES" / "django.po")
    assert len(entries) > 400
    missing = [e["msgid"] for e in entries if e["msgid"] and not all(e["msgstr"].values())]
    fuzzy = [e["msgid"] for e in entries if e["fuzzy"]]
    assert not missing, f"{len(missing)} untranslated, e.g. {missing[:5]}"
    assert not fuzzy, f"{len(fuzzy)} fuzzy, e.g. {fuzzy[:5]}"


@pytest.mark.parametrize("language", ["hu", "de"])
def test_it_commits_the_catalogue_compiled_from_its_source(language: str, tmp_path: Path) -> None:
    if shutil.which("msgfmt") is None:
        pytest.skip("msgfmt (gettext) is not installed")
    folder = LOCALE / language / "LC_MESSAGES"
    subprocess.run(
        ["msgfmt", "--check-format", "-o", str(tmp_path / "django.mo"), str(folder / "django.po")], check=True
    )
    assert (tmp_path / "django.mo").read_bytes() == (folder / "django.mo").read_bytes(), (
        "run: .venv/bin/python manage.py compilemessages --ignore=.venv"
    )


@pytest.mark.parametrize(
    ("accept", "words"),
    [
        ("hu", ["Tabella", "Asztalbeosztás"]),
        ("de", ["Rangliste", "Tischeinteilung"]),
        ("en", ["Standings", "Pairings"]),
    ],
)
def test_it_follows_the_browsers_language(cup: Any, client: Any, accept: str, words: list[str]) -> None:
    page = client.get(f"/t/{cup.slug}/standings/", HTTP_ACCEPT_LANGUAGE=accept).content.decode()
    assert f'<html lang="{accept}">' in page
    for word in words:
        assert word in page
