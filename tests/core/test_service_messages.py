"""Every message the services raise or keep is a template in the catalogues, translated (issue 21 §6).

How the templates are found: by reading the source (``ast``), not by importing and walking lazy objects.
A template kept for later (a dispute's finding, a round's unsettled tables) is a plain ``str`` marked with
``gettext_noop``: once marked it is indistinguishable from any other string at run time, but in the source
it is a call, exactly what ``makemessages`` extracts. So the test reads the same calls ``makemessages``
does (``_``, ``gettext*``, ``pgettext*`` with a literal) in every module of the tournament system and the
pairing, and looks each up in the compiled Hungarian and German catalogues. A second scan refuses what
would bypass the catalogues: a refusal (``invalid``, ``conflict``, ``FormatError``, ``Text``,
``ValidationError`` of literal lists) whose message is a literal or an f-string instead of a template.
"""

from __future__ import annotations

import ast
import gettext
import re
from pathlib import Path

import pytest
from django.utils import translation

from tournaments.core import labels
from tournaments.core.messages import Join, Labelled, Text, from_data, text_data

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "tournaments" / "locale"
#: where services, selectors, standings, formats, pairing and their messages live
SOURCES = [
    path
    for path in sorted((ROOT / "tournaments").rglob("*.py"))
    if "migrations" not in path.parts and "management" not in path.parts
]
SERVICE_MODULES = [
    ROOT / "tournaments" / "core" / "validation.py",
    ROOT / "tournaments" / "core" / "formats.py",
    ROOT / "tournaments" / "standings" / "compute.py",
    *sorted((ROOT / "tournaments").glob("*/selectors.py")),
    *sorted((ROOT / "tournaments").glob("*/services.py")),
    *sorted((ROOT / "tournaments").glob("*/services/*.py")),
    *sorted((ROOT / "tournaments" / "results" / "games").glob("*.py")),  # a dispute's words, per game
    *sorted((ROOT / "tournaments" / "draw" / "pairing").glob("*.py")),
]
MARKERS = {"_", "gettext", "gettext_lazy", "gettext_noop", "ngettext", "ngettext_lazy"}
CONTEXT_MARKERS = {"pgettext", "pgettext_lazy"}
PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]")


def _name(node: ast.AST) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def templates(path: Path) -> list[tuple[str | None, str, int]]:
    """(context, msgid, line) of every literal marked for translation in a module (a plural's context is
    ``"plural"``: the catalogue keeps its forms by number)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call):
            continue
        name = _name(node.func)
        args = node.args
        if name in MARKERS and args and isinstance(args[0], ast.Constant) and isinstance(args[0].value, str):
            found.append(("plural" if name.startswith("n") else None, args[0].value, node.lineno))
        elif (
            name in CONTEXT_MARKERS and len(args) >= 2 and all(isinstance(a, ast.Constant) for a in args[:2])
        ):
            found.append((args[0].value, args[1].value, node.lineno))
    return found


def catalogue(language: str) -> dict[object, str]:
    with (LOCALE / language / "LC_MESSAGES" / "django.mo").open("rb") as handle:
        return gettext.GNUTranslations(handle)._catalog  # type: ignore[attr-defined]


SERVICE_TEMPLATES = [(path, *found) for path in SERVICE_MODULES for found in templates(path)]


def test_the_scan_finds_the_service_templates() -> None:
    """The scan itself can fail: it must find the templates named in the issue and a few hundred more."""
    msgids = {msgid for _path, _ctxt, msgid, _line in SERVICE_TEMPLATES}
    assert "payments must sum to zero (they sum to %(sum)s)" in msgids
    assert "cannot close: %(problems)s" in msgids
    assert "%(why)s The organizer decides." in msgids
    assert len(msgids) > 200


@pytest.mark.parametrize("language", ["hu", "de"])
def test_every_template_of_the_tournament_system_is_translated(language: str) -> None:
    translated = catalogue(language)
    missing, broken = [], []
    for path in SOURCES:
        for context, msgid, line in templates(path):
            key: object = (msgid, 0) if context == "plural" else f"{context}\x04{msgid}" if context else msgid
            where = f"{path.relative_to(ROOT)}:{line}: {msgid!r}"
            text = translated.get(key)
            if not text:
                missing.append(where)
            elif set(PLACEHOLDER.findall(text)) != set(PLACEHOLDER.findall(msgid)):
                broken.append(f"{where} -> {text!r}")
    assert not missing, (
        f"{len(missing)} not in the {language} catalogue (run makemessages), e.g. {missing[:5]}"
    )
    assert not broken, f"{len(broken)} translations name other params, e.g. {broken[:5]}"


REFUSERS = {
    "invalid": 1,
    "conflict": 1,
    "_invalid": 1,
    "FormatError": 1,
    "Text": 0,
    "ValidationError": 0,
    # what the API says by itself (its texts are in tournaments/api_texts.py)
    "PermissionDenied": 0,
    "NotAuthenticated": 0,
    "AuthenticationFailed": 0,
    "NotFound": 0,
    "ParseError": 0,
    "PayloadTooLarge": 0,
    "PreconditionFailed": 0,
    "IdempotencyMismatch": 0,
}
API_MODULES = sorted((ROOT / "api" / "v1").glob("*.py"))


def _literal(node: ast.AST) -> bool:
    """A message written out instead of a template: a string literal, an f-string, or text glued together."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str)
    if isinstance(node, ast.JoinedStr):
        return True
    return isinstance(node, ast.BinOp) and (_literal(node.left) or _literal(node.right))


def untranslatable(path: Path) -> list[str]:
    """Refusals and kept texts whose message bypasses the catalogues."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call):
            continue
        name = _name(node.func)
        position = REFUSERS.get(name or "")
        if position is not None and len(node.args) > position and _literal(node.args[position]):
            found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {name}(...)")
        if name == "ValidationError" and node.args and isinstance(node.args[0], ast.Dict):
            for value in node.args[0].values:
                items = value.elts if isinstance(value, ast.List) else [value]
                if any(_literal(item) for item in items):
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno}: ValidationError({{...}})")
        if name == "append" and node.args and _literal(node.args[0]) and "report" in ast.unparse(node.func):
            found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {ast.unparse(node.func)}(...)")
    return found


def test_no_service_writes_a_message_the_catalogues_cannot_translate() -> None:
    bypass = [where for path in [*SERVICE_MODULES, *API_MODULES] for where in untranslatable(path)]
    assert not bypass, f"messages written out instead of a translatable template: {bypass}"


def test_the_bypass_scan_can_fail(tmp_path: Path) -> None:
    module = tmp_path / "service.py"
    module.write_text(
        "def f(n):\n"
        "    raise invalid('x', f'round {n} is closed')\n"
        "def g():\n"
        "    raise conflict('y', 'no')\n"
        "def h():\n"
        "    raise invalid('z', _('fine %(n)s'), params={'n': 1})\n",
        encoding="utf-8",
    )
    found = [where.split(": ", 1)[1] for where in untranslatable_at(module)]
    assert found == ["invalid(...)", "conflict(...)"]


def untranslatable_at(path: Path) -> list[str]:
    """``untranslatable`` for a module outside the repository (the scan's own test)."""
    global ROOT
    saved, ROOT = ROOT, path.parent
    try:
        return untranslatable(path)
    finally:
        ROOT = saved


@pytest.mark.parametrize("vocabulary", sorted(labels.VOCABULARIES))
def test_every_raw_value_reads_as_a_label_in_hungarian_and_german(vocabulary: str) -> None:
    for value in labels.VOCABULARIES[vocabulary]:
        english = str(Labelled(vocabulary, value))
        for language in ("hu", "de"):
            with translation.override(language):
                label = str(Labelled(vocabulary, value))
            assert label, (vocabulary, value)
            assert label != value or english != value, (vocabulary, value, language)


def test_a_kept_text_survives_json_and_renders_in_the_readers_language() -> None:
    text = Text(
        "%(why)s The organizer decides.",
        why=Text(
            "cannot close: %(problems)s",
            problems=Join(
                [Text("table %(table)s: %(done)s/%(deals)s deals confirmed", table=2, done=1, deals=4)]
            ),
        ),
    )
    data = text_data(text)
    assert data["p"]["why"]["p"]["problems"]["items"][0]["p"] == {"table": 2, "done": 1, "deals": 4}
    with translation.override("hu"):
        assert str(from_data(data)) == "nem zárható le: 2. asztal: 1/4 leosztás megerősítve A szervező dönt."
    with translation.override("de"):
        assert str(from_data(data)) == (
            "kann nicht abgeschlossen werden: Tisch 2: 1/4 Spiele bestätigt Die Turnierleitung entscheidet."
        )
    with translation.override("en"):
        assert str(text) == "cannot close: table 2: 1/4 deals confirmed The organizer decides."


@pytest.mark.django_db
def test_a_refused_csv_import_names_each_line_in_the_readers_language() -> None:
    from django.core.exceptions import ValidationError

    from tests.factories import TournamentFactory
    from tournaments.services import players_import_csv

    tournament = TournamentFactory()
    csv_text = "name,rating\nAnna,12x\n" + "B" * 300 + ",1500\n"
    with pytest.raises(ValidationError) as caught:
        players_import_csv(tournament, csv_text)
    (error_1, error_2) = caught.value.error_dict["file"]
    with translation.override("hu"):
        assert str(next(iter(error_1))) == "2. sor: a(z) '12x' értékszám nem 0 és 10000 közötti egész szám"
        assert str(next(iter(error_2))).startswith("3. sor: name – legfeljebb ")
    with translation.override("de"):
        assert str(next(iter(error_2))).startswith("Zeile 3: name – darf höchstens ")


@pytest.mark.django_db
def test_a_job_the_service_refused_reads_in_the_readers_language() -> None:
    from django.contrib.auth import get_user_model

    from tests.factories import PlayerFactory, TournamentFactory
    from tournaments import services
    from tournaments.draw.models import Job

    organizer = get_user_model().objects.create_user("org")
    tournament = TournamentFactory()
    tournament.organizers.add(organizer)
    for player in PlayerFactory.create_batch(8):
        services.player_register(tournament, player, check_in=True, by=organizer)
    job = services.job_request(Job.Kind.GENERATE, tournament, by=organizer)
    services.round_generate(tournament, by=organizer)  # someone drew round 1 meanwhile
    assert services.job_run(job.pk) == "failed"
    job.refresh_from_db()
    assert job.error == "Round: round 1 is no longer the next one to draw (round 2 is)"  # English, kept
    with translation.override("hu"):
        assert (
            str(job.error_text) == "Forduló: már nem a(z) 1. forduló a következő sorsolandó (hanem a(z) 2.)"
        )
    with translation.override("de"):
        assert str(job.error_text) == (
            "Runde: Runde 1 ist nicht mehr die nächste auszulosende (das ist Runde 2)"
        )
