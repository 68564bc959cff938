"""The layout's import contracts (pyproject's ``[tool.importlinter]``) hold, and they can fail: a
service that imported a task, a package that imported another's private name, a model that imported
upward would each break one. ``.ci/run`` runs ``lint-imports`` too; this keeps the README's test command
honest about the same contracts."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def lint_imports(cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    exe = shutil.which("lint-imports", path=str(Path(sys.executable).parent)) or "lint-imports"
    return subprocess.run([exe, "--no-cache"], cwd=cwd, env=env, capture_output=True, text=True, timeout=300)


def test_the_contracts_hold() -> None:
    result = lint_imports(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


@pytest.mark.parametrize(
    ("module", "line", "broken"),
    [
        (
            "tournaments/participants/services.py",
            "from tournaments.tasks import standings_refresh",
            "never import",
        ),
        ("tournaments/draw/models.py", "from tournaments.results.models import Hand", "The domain in floors"),
        (
            "tournaments/webhooks/services.py",
            "from tournaments.results.services.hands import _digest",
            "private names",
        ),
        ("engine/__init__.py", "import django", "The engine is pure"),
    ],
)
def test_a_breach_breaks_a_contract(tmp_path: Path, module: str, line: str, broken: str) -> None:
    copy = tmp_path / "repo"
    shutil.copytree(
        ROOT, copy, ignore=shutil.ignore_patterns(".venv*", ".git", "node_modules", "__pycache__")
    )
    with (copy / module).open("a") as f:
        f.write(f"\n{line}  # noqa\n")
    result = lint_imports(copy, env={"PYTHONPATH": str(copy), "PATH": str(Path(sys.executable).parent)})
    assert result.returncode != 0, result.stdout
    assert broken in result.stdout.split("Broken contracts")[1]
