"""Every text a person reads is marked for translation, and the kit's translations cover them."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[3] / "engine" / "slovenian"
I18N = Path("/work/i18n/slovenian.json")


def marked() -> list[str]:
    out = []
    for path in sorted(PACKAGE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in ("_", "gettext_noop")
            ):
                arg = node.args[0] if node.args else None
                assert isinstance(arg, ast.Constant), f"{path.name}:{node.lineno}: _() of a non-literal"
                out.append(arg.value)
    return out


def test_the_kit_marks_its_texts() -> None:
    texts = marked()
    assert "this game replays no records" in texts
    assert "Klop" in texts


@pytest.mark.skipif(not I18N.exists(), reason="the translations are handed over outside the repository")
def test_every_marked_text_has_hungarian_and_german_with_the_same_placeholders() -> None:
    catalogue = json.loads(I18N.read_text("utf-8"))
    for text in marked():
        assert set(catalogue[text]) == {"hu", "de"}, text
        for language in ("hu", "de"):
            assert sorted(re.findall(r"%\(\w+\)s", catalogue[text][language])) == sorted(
                re.findall(r"%\(\w+\)s", text)
            ), (text, language)
