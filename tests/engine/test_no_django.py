"""The engine is a pure-Python library: importing any of it must not pull in Django."""

from __future__ import annotations

import ast
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


def _imports(path: Path) -> set[str]:
    """The modules ``path`` imports (every ``import`` and ``from ... import`` line, inside functions and
    ``TYPE_CHECKING`` blocks too: import-linter counts those)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


def _engine_imports(package: str) -> dict[str, set[str]]:
    return {
        str(path.relative_to(ENGINE.parent)): {m for m in _imports(path) if m.split(".")[0] == "engine"}
        for path in sorted((ENGINE / package).rglob("*.py"))
    }


def test_the_core_imports_nothing_of_the_games_or_the_registry() -> None:
    """Issue 22 §1: engine.core is what every game shares; it knows no game and no registry."""
    offenders = {
        path: sorted(m for m in found if not m.startswith("engine.core"))
        for path, found in _engine_imports("core").items()
    }
    assert {path: found for path, found in offenders.items() if found} == {}


def test_each_game_imports_only_the_core_and_itself() -> None:
    games = [p.name for p in sorted(ENGINE.iterdir()) if p.is_dir() and (p / "__init__.py").exists()]
    assert "hungarian" in games
    for name in games:
        if name == "core":
            continue
        offenders = {
            path: sorted(m for m in found if not m.startswith(("engine.core", f"engine.{name}")))
            for path, found in _engine_imports(name).items()
        }
        assert {path: found for path, found in offenders.items() if found} == {}, name


def test_importing_the_core_loads_no_game() -> None:
    core = [m for m in _engine_modules() if m.startswith("engine.core")]
    script = (
        "import importlib, sys\n"
        f"for name in {core!r}:\n"
        "    importlib.import_module(name)\n"
        "loaded = (m for m in sys.modules if m.startswith('engine') and not m.startswith('engine.core'))\n"
        "print(sorted(loaded))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script], cwd=ENGINE.parent, capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "['engine']"


def test_the_hungarian_state_machine_and_its_writers_import_no_cycle() -> None:
    """state imports outcome and record_format (Hand.summary(), Hand.record()); they read a FinishedHand
    and import the state machine not even for type checking."""
    for module in ("outcome", "record_format", "finished"):
        assert "engine.hungarian.state" not in _imports(ENGINE / "hungarian" / f"{module}.py"), module
