"""No default game below the registry (issue 31 §2): every function that touches a game's data is told the
game, so a call that forgets it fails at once instead of reading a Königrufen hand with the Hungarian engine.

Read from the source (an AST walk of ``engine``, ``tournaments``, ``api`` and ``config``), a default game
is any of:

* a parameter that names a game or what has one (``game``, ``game_id``, ``tournament``, ``descriptor``,
  ``series``) with a default value, ``None`` included;
* a call of the registry or of ``formats.game_of`` without the game (``game()``, ``game_of()``);
* a game's id as a fallback: ``x.get("game", "hungarian")``, ``getattr(x, "game", "hungarian")``,
  ``x or "hungarian"``, or a ``default=``/``initial=`` of a field or form (a model's column default);
* a module constant holding a game id under a name that says "default" (``DEFAULT_GAME``).

The one place that reads stored data without a game as Hungarian is ``engine.games.game_of_stored``; it is
a function of the data, not a default of a caller. A filter whose None means "every game" is listed in
``FILTERS`` with why.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

from engine.games import GAMES

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("engine", "tournaments", "api", "config")
GAME_PARAMS = frozenset({"game", "game_id", "tournament", "descriptor", "series"})
#: (module, function) -> why its game parameter may be left out: None is "every game", not a game
FILTERS = {
    ("tournaments/series/selectors.py", "public_series"): "game=None lists the series of every game",
    ("tournaments/statistics/selectors.py", "player_statistics"): "game=None: the player's every game",
}
#: command lines whose option names the game a person's command plays unless told, said in its help
COMMAND_LINES = {"tournaments/management/commands/demo.py"}


def violations(source: str, module: str) -> Iterator[str]:
    """Each default game in ``source`` (the text of ``module``), as "module:line: what"."""
    tree = ast.parse(source)
    games = set(GAMES)

    def is_game_id(node: ast.AST | None) -> bool:
        return isinstance(node, ast.Constant) and node.value in games

    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            args = node.args
            positional = [*args.posonlyargs, *args.args]
            defaulted = list(
                zip(positional[len(positional) - len(args.defaults) :], args.defaults, strict=True)
            )
            defaulted += [
                (a, d) for a, d in zip(args.kwonlyargs, args.kw_defaults, strict=True) if d is not None
            ]
            name = getattr(node, "name", "<lambda>")
            for arg, _default in defaulted:
                if arg.arg in GAME_PARAMS and (module, name) not in FILTERS:
                    yield f"{module}:{node.lineno}: {name}() has a default {arg.arg}"
        elif isinstance(node, ast.Call):
            func = node.func
            called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
            if called in ("game", "game_of") and not node.args and not node.keywords:
                yield f"{module}:{node.lineno}: {called}() without the game"
            if called == "get" and len(node.args) == 2 and is_game_id(node.args[1]):
                yield f"{module}:{node.lineno}: .get(..., a game) falls back to a game"
            if called == "getattr" and len(node.args) == 3 and is_game_id(node.args[2]):
                yield f"{module}:{node.lineno}: getattr(..., a game) falls back to a game"
            for keyword in node.keywords:
                if module in COMMAND_LINES and called == "add_argument":
                    continue
                if keyword.arg in ("default", "initial") and is_game_id(keyword.value):
                    yield f"{module}:{node.lineno}: {keyword.arg}= a game"
        elif isinstance(node, ast.BoolOp) and isinstance(node.op, ast.Or):
            if any(is_game_id(value) for value in node.values[1:]):
                yield f"{module}:{node.lineno}: `or` falls back to a game"
        elif isinstance(node, ast.Assign) and is_game_id(node.value):
            for target in node.targets:
                if isinstance(target, ast.Name) and "DEFAULT" in target.id.upper():
                    yield f"{module}:{node.lineno}: {target.id} is a default game"


def sources() -> Iterator[tuple[str, str]]:
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            if "migrations" in path.parts:
                continue  # a migration keeps the history of the schema, defaults included
            yield str(path.relative_to(ROOT)), path.read_text(encoding="utf-8")


def test_no_function_below_the_registry_has_a_default_game() -> None:
    found = [v for module, source in sources() for v in violations(source, module)]
    assert not found, "a default game:\n" + "\n".join(found)


@pytest.mark.parametrize(
    ("code", "what"),
    [
        ("def scored(source, tournament=None): ...", "has a default tournament"),
        ("def f(*, game_id: str = 'koenigrufen'): ...", "has a default game_id"),
        ("x = game_of()", "game_of() without the game"),
        ("x = game()", "game() without the game"),
        ("x = fields.get('game', 'hungarian')", "falls back to a game"),
        ("x = getattr(t, 'game', 'cego')", "falls back to a game"),
        ("x = chosen or 'talon'", "`or` falls back to a game"),
        ("game = models.CharField(max_length=32, default='hungarian')", "default= a game"),
        ("DEFAULT_GAME = 'hungarian'", "is a default game"),
    ],
)
def test_the_check_finds_a_default_game(code: str, what: str) -> None:
    found = list(violations(code, "tournaments/example.py"))
    assert found, code
    assert what in found[0], found


def test_the_check_lets_a_named_game_pass() -> None:
    code = "def f(tournament):\n    return game_of(tournament), game('hungarian'), {'hungarian': 1}"
    assert list(violations(code, "tournaments/example.py")) == []
