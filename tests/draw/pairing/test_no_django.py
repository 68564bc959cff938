"""The pairing library is pure Python: importing any of it must not pull in Django."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
PAIRING = ROOT / "tournaments" / "draw" / "pairing"
DJANGO_IMPORT = re.compile(r"^\s*(import\s+django\b|from\s+django\b)", re.MULTILINE)


def test_it_imports_every_pairing_module_without_django() -> None:
    modules = ["tournaments.draw.pairing"] + [
        f"tournaments.draw.pairing.{path.stem}"
        for path in sorted(PAIRING.glob("*.py"))
        if path.stem not in ("__init__", "__main__")
    ]
    assert "tournaments.draw.pairing.balanced" in modules
    script = (
        "import importlib, sys\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        "import tournaments.draw.pairing.__main__\n"
        "print('django' in sys.modules, any(m.startswith('django') for m in sys.modules))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["False", "False"]


def test_it_has_no_django_import_line_in_the_package() -> None:
    offenders = [
        path.name for path in sorted(PAIRING.glob("*.py")) if DJANGO_IMPORT.search(path.read_text("utf-8"))
    ]
    assert offenders == []
