"""Every text a person reads is marked for translation, and the kit's translations cover them."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[3] / "engine" / "slovenian"


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
    assert "Trojka" in texts
    assert "Klop" in texts
