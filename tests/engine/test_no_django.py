"""The engine is a pure-Python library: importing any of it must not pull in Django."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "engine"
DJANGO_IMPORT = re.compile(r"^\s*(import\s+django\b|from\s+django\b)", re.MULTILINE)


def _engine_modules() -> list[str]:
    modules = []
    for path in sorted(ENGINE.rglob("*.py")):
        parts = path.relative_to(ENGINE.parent).with_suffix("").parts
        if parts[-1] == "__main__":
            continue
        modules.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return modules


def test_it_finds_the_engine_modules() -> None:
    modules = _engine_modules()
    assert "engine" in modules
    assert "engine.rules" in modules


def test_it_imports_every_engine_module_without_django() -> None:
    script = (
        "import importlib, sys\n"
        f"for name in {_engine_modules()!r}:\n"
        "    importlib.import_module(name)\n"
        "print('django' in sys.modules)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script], cwd=ENGINE.parent, capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "False"


def test_it_has_no_django_import_line_under_engine() -> None:
    offenders = [
        str(path.relative_to(ENGINE.parent))
        for path in sorted(ENGINE.rglob("*"))
        if path.is_file()
        and "__pycache__" not in path.parts
        and DJANGO_IMPORT.search(path.read_text("utf-8", errors="replace"))
    ]
    assert offenders == []
