"""What a database shows through the site's URLs, as one JSON file: run by .ci/same_as_before with the old
code and with the new code on the same data, and the two files must be equal.

Usable by every version of the code: it imports nothing of the project, only Django, and reaches the
project through its URLs (Django's test client in this process, the API with a token, the pages as the
public, a table's phone and a logged-in superuser). The code under test is the one in ``--root``
(put first on ``sys.path``; the packages actually imported are checked and printed).

    python .ci/snapshot.py --root DIR prepare [AFTER.json]            # adds disputes and a job (old code)
    python .ci/snapshot.py --root DIR act [[BEFORE.json] AFTER.json]  # the same writes, at a frozen time
    python .ci/snapshot.py --root DIR snapshot OUT.json               # reads only
    python .ci/snapshot.py diff OLD.json NEW.json  # no Django: a diff per response, exit 1 when any differs

Normalised, because they differ between two runs over the same data and say nothing of the code: CSRF
tokens, the entry forms' one-time idempotency keys, the printed standings' "As of" (the request's time),
the ETag of a body that held one of these, static files' cache-busting hashes, and the app label in the
admin's history links (the admin's menu is left out: it lists the apps). Nothing else: times stored in the
database read the same both times, and ``act`` stores the same times (``timezone.now`` held at one instant).
"""

from __future__ import annotations

import argparse
import contextlib
import difflib
import json
import os
import re
import sys
import traceback
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

SLUG = "demo"
ADMIN = ("same-as-before", "same-as-before-pw-12345")
API = "/api/v1"
TAPI = f"{API}/tournaments/{SLUG}"
JOBS_TOURNAMENT = {"name": "Jobs Kupa", "slug": "jobs", "starts_on": "2026-11-22", "is_public": True}


FROZEN: list[datetime] = []  # once set (by ``act``), what ``django.utils.timezone.now`` answers


def hold_the_clock() -> None:
    """``timezone.now`` answers FROZEN once it is set; installed before the project is imported, so that
    fields' ``default=timezone.now`` take it too."""
    from django.utils import timezone

    real = timezone.now
    timezone.now = lambda: FROZEN[-1] if FROZEN else real()


def setup(root: Path, frozen_clock: bool = False) -> None:
    """Django of the code in ``root``; refuses to run when another copy of the project is imported."""
    sys.path.insert(0, str(root))
    os.chdir(root)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    if frozen_clock:
        hold_the_clock()
    import django

    django.setup()
    from django.test.utils import setup_test_environment

    setup_test_environment()  # 'testserver' allowed, mail kept in memory
    import api
    import config
    import engine
    import tournaments

    for package in (tournaments, engine, api, config):
        imported = Path(package.__file__).resolve()
        if root.resolve() not in imported.parents:
            sys.exit(f"snapshot: imported {imported}, not the code in {root}")
    print(f"snapshot: code under test: {Path(tournaments.__file__).resolve()} (and its engine, api, config)")


class Site:
    """Test clients for each audience; every request goes through the URL resolver and middleware."""

    def __init__(self) -> None:
        from django.test import Client

        self.public = Client()
        self.organizer = Client()
        self.token = ""
        if not self.organizer.login(username=ADMIN[0], password=ADMIN[1]):
            sys.exit("snapshot: the organizer cannot log in (was `prepare` run?)")
        answer = Client().post(f"{API}/auth/token/", {"username": ADMIN[0], "password": ADMIN[1]})
        self.token = answer.json()["token"]

    def api(self, method: str, url: str, body: Any = None, code: str = "", **headers: str) -> Any:
        extra = {"HTTP_X_TABLE_CODE": code} if code else {"HTTP_AUTHORIZATION": f"Token {self.token}"}
        extra.update({f"HTTP_{k.upper().replace('-', '_')}": v for k, v in headers.items()})
        from django.test import Client

        client = Client()
        if method == "GET":
            return client.get(url, **extra)
        return client.post(url, json.dumps(body or {}), content_type="application/json", **extra)

    def api_json(self, url: str, **kwargs: Any) -> Any:
        response = self.api("GET", url, **kwargs)
        if response.status_code != 200:
            sys.exit(f"snapshot: GET {url}: {response.status_code} {response.content[:500]!r}")
        return response.json()


def listed(page: Any) -> list[Any]:
    """The rows of a paginated or plain list answer."""
    return page["results"] if isinstance(page, dict) and "results" in page else page


def live_round(site: Site) -> dict[str, Any]:
    rounds = listed(site.api_json(f"{TAPI}/rounds/?page_size=100"))
    return next(r for r in rounds if r["status"] == "in_play")


def tables_of(site: Site, number: int) -> list[dict[str, Any]]:
    return listed(site.api_json(f"{TAPI}/rounds/{number}/tables/?page_size=100"))


def table_code(table: dict[str, Any]) -> str:
    """The table's entry code as an organizer reads it ("NOCODE" when it has none: a closed round's)."""
    code = table.get("code")
    return (code["code"] if isinstance(code, dict) else code) or "NOCODE"


def confirmed_hand(site: Site, number: int, table: int) -> dict[str, Any]:
    hands = site.api_json(f"{TAPI}/rounds/{number}/tables/{table}/hands/")
    return next(h for h in listed(hands) if h["status"] == "confirmed")


def check(response: Any, what: str, expected: tuple[int, ...] = (200, 201, 202)) -> Any:
    if response.status_code not in expected:
        sys.exit(f"snapshot: {what}: {response.status_code} {response.content[:800]!r}")
    return response.json()


def prepare() -> None:
    """What the demo lacks, made through the API by the code that made the database: an open dispute
    (table 1 of the live round), a dispute with the member's own version resolved by the organizer
    (table 2: a second version and history rows), and a job (a draw asked for while a round is in play)."""
    from django.contrib.auth import get_user_model

    users = get_user_model().objects
    if not users.filter(username=ADMIN[0]).exists():
        users.create_superuser(ADMIN[0], "same-as-before@example.org", ADMIN[1])
    site = Site()
    number = live_round(site)["number"]
    tables = tables_of(site, number)
    first, second = tables[0], tables[1]

    hand = confirmed_hand(site, number, first["number"])
    url = f"{TAPI}/rounds/{number}/tables/{first['number']}/hands/{hand['number']}/disputes/"
    body = {"entered_by": "B", "reason": "We counted the trump tricks differently."}
    check(site.api("POST", url, body, code=table_code(first)), "contest at table 1")

    hand = confirmed_hand(site, number, second["number"])
    payments = dict(hand["payments"])
    seats = sorted(payments)
    payments[seats[0]], payments[seats[1]] = payments[seats[1]], payments[seats[0]]
    url = f"{TAPI}/rounds/{number}/tables/{second['number']}/hands/{hand['number']}/disputes/"
    body = {"entered_by": "C", "reason": "A and B paid the other way round.", "payments": payments}
    dispute = check(site.api("POST", url, body, code=table_code(second)), "contest at table 2")
    body = {"version": 1, "note": "The first version was right."}
    check(site.api("POST", f"{url}{dispute['id']}/resolve/", body), "resolve at table 2")

    # a job needs a round it can draw: a second, small tournament made through the API, its round 1 a job
    check(site.api("POST", f"{API}/tournaments/", JOBS_TOURNAMENT), "a tournament for a job")
    csv = "name,club,rating,external_id\n" + "".join(f"Jobs Player {i},,{1500 + i},\n" for i in range(8))
    body = {"file": csv, "check_in": True}
    check(site.api("POST", f"{API}/tournaments/jobs/registrations/import/", body), "registrations")
    body = {"seed": "same-as-before"}
    url = f"{API}/tournaments/jobs/rounds/"
    answer = site.api("POST", url, body, **{"Idempotency-Key": "same-as-before"})
    check(answer, "a job", (202,))


def act() -> None:
    """The same writes by each code on its own copy of the database, at one frozen instant (the live round's
    start plus 30 minutes; ``timezone.now`` is held there) so that both store the same rows: the live round's
    remaining hands entered and confirmed by table codes, the open dispute resolved, the round closed,
    the standings recomputed by the admin's action and the next round drawn by a job. What the new code
    writes must then read as what the old code wrote."""
    site = Site()
    live = live_round(site)
    number = live["number"]
    start = datetime.fromisoformat(live["started_at"])
    FROZEN.append((start + timedelta(minutes=30)).astimezone(UTC))

    for table in tables_of(site, number):
        base = f"{TAPI}/rounds/{number}/tables/{table['number']}/hands/"
        code = table_code(table)
        hands = listed(site.api_json(base))
        model = hands[0]["payments"]  # a real hand's payments, the sitting-out seat's 0 moved around
        values = list(model.values())
        seats = list(model)
        total = int(site.api_json(f"{TAPI}/")[f"deals_per_round_{len(seats)}"])
        for n in range(max(h["number"] for h in hands) + 1, total + 1):
            for shift in range(len(seats)):
                payments = {seat: values[(i + shift + n) % len(seats)] for i, seat in enumerate(seats)}
                body = {"entered_by": "A", "payments": payments}
                answer = site.api("POST", f"{base}{n}/submissions/", body, code=code)
                if answer.status_code == 201:
                    break
            else:
                sys.exit(
                    f"snapshot act: table {table['number']} hand {n}: no payments taken: {answer.content!r}"
                )
            submission = answer.json()
            for seat in seats[1:]:
                url = f"{base}{n}/submissions/{submission['id']}/confirm/"
                confirmed = site.api("POST", url, {"entered_by": seat}, code=code)
                if confirmed.status_code == 200:
                    break
            else:
                sys.exit(f"snapshot act: nobody could confirm table {table['number']} hand {n}")
        for hand in hands:
            for dispute in listed(site.api_json(f"{base}{hand['number']}/disputes/")):
                if dispute["status"] == "open":
                    url = f"{base}{hand['number']}/disputes/{dispute['id']}/resolve/"
                    check(site.api("POST", url, {"version": 1, "note": "Counted again."}), "resolve")

    url = f"{TAPI}/rounds/{number}/close/"
    check(site.api("POST", url, {"confirm": True}), "close the live round", (200,))
    index = site.organizer.get("/admin/").content.decode()
    changelist = re.search(r'href="(/admin/\w+/tournament/)"', index)
    if changelist is None:
        sys.exit("snapshot act: no tournaments in the admin")
    tournament = site.api_json(f"{TAPI}/")
    answer = site.organizer.post(
        changelist.group(1),
        {"action": "recompute_standings", "_selected_action": [tournament["id"]], "index": 0},
    )
    if answer.status_code != 302:  # the admin answers an unknown action with its list again (200)
        sys.exit(f"snapshot act: the admin's recompute_standings action: {answer.status_code}")
    body = {"seed": "same-as-before", "extra_reason": "A play-off for the places."}
    check(site.api("POST", f"{TAPI}/rounds/", body), "draw the next round", (202,))


CSRF = re.compile(
    r"(csrf[\w-]*[\"']?\s*(?:value|content)=[\"']|csrfmiddlewaretoken[\"']?\s*[:=]\s*[\"'])[\w-]+", re.I
)
ADMIN_APP = re.compile(r"/admin/\w+/(\w+)/")
STATIC_HASH = re.compile(r"(/static/[^\"'\s?]+?)\.[0-9a-f]{12}(\.\w+)")


# a form's one-time idempotency key (entry pages), drawn at random for each request
FORM_KEY = re.compile(r'(name="idem" value=")[\w-]+')
# the printed standings say when they were printed: the request's time
PRINTED_AT = re.compile(r'(As of\s*<time datetime=")[^"]*(">)[^<]*(</time>)')


# What issue 23 added on purpose, beside what a Hungarian tournament shows as before: a tournament's new
# format fields (its game, table sizes, deals and points at tables of 2, 3 and 6, table money) and the
# glossary's links to the other games. Taken out of the new side's responses before comparing.
ADDED_KEYS = frozenset(
    {
        "game",
        "table_sizes",
        "deals_per_round_2",
        "deals_per_round_3",
        "deals_per_round_6",
        "table_points_2",
        "table_points_3",
        "table_points_6",
        "point_value_cents",
        "kontras_to_box",
        # issue 24: the club that runs it, what a seeded round 1 ranks by
        "club",
        "seed_by",
        # issue 31: whether its deals are a maximum within the round's time
        "deals_within_time",
        # issue 32: each time the finished tournament was re-opened, with its reason (none here)
        "reopenings",
        # issue 33: the live tables' settings (who watches, bot-helped hands, grace period, move clock)
        "live_spectators",
        "live_bot_hands",
        "live_grace_seconds",
        "live_clock_seconds",
    }
)
# What issue 24 added on purpose to the pages a Hungarian tournament already had: the footer's links to the
# series and the ratings, a player's link to their page across tournaments, the statistics button, the
# organizers' Players tab and the merges' link. Taken out of the new side's pages before comparing.
ISSUE_24_LINKS = re.compile(
    r'<a href="/series/">[^<]*</a> · '
    r'|<a href="/ratings/">[^<]*</a> · '
    r'|<p class="links"><a href="/players/\d+/">[^<]*</a></p>\n?'
    r'| <a class="button secondary" href="/t/[\w-]+/statistics/">[^<]*</a>'
    r'|\n\s*<a href="/t/[\w-]+/manage/players/">[^<]*</a>'
    r'|<p><a class="button secondary" href="/players/merges/">[^<]*</a></p>\n?'
)
# What issue 31 changed on purpose on the pages a Hungarian tournament already had: every page names the
# tournament's game (no game is the default one: the list, the home page's lead, the format's first fact),
# the footer links the clubs, the organizers' nav has a Format tab and the dashboard a "Players and format"
# card and a "New tournament" button, the payments form a Preview button, the format says the deals are a
# maximum within the time, the rank chart's labels sit at decimal coordinates, the dispute page says what
# each version played in the entry form's words (old: the validator's raw facts) and its differences by
# their labels, a contested hand says why, the round page says when time is up, and the glossary without a
# tournament lists the games instead of defaulting to Hungarian Tarokk's terms. Taken out of both sides.
ISSUE_31 = (
    re.compile(r'<span class="game-name">[^<]*</span> · '),
    re.compile(r"<dt>[^<]*</dt><dd>(?:Hungarian Tarokk|Magyar tarokk|Ungarisches Tarock)</dd>"),
    re.compile(r'<a href="/clubs/">[^<]*</a> · '),
    re.compile(r'\n\s*<a href="/t/[\w-]+/manage/format/">[^<]*</a>'),
    re.compile(r'\n\s*<section class="card" aria-labelledby="h-setup">.*?</section>', re.S),
    re.compile(r'\n\s*<p class="muted small">\d+ players registered\.</p>'),
    re.compile(r'<p><a class="button" href="/manage/new/">[^<]*</a></p>\n?'),
    re.compile(r'<section aria-labelledby="h-clubs">.*?</section>\n?', re.S),
    re.compile(r'\n\s*<button type="submit" name="action" value="preview" class="secondary">[^<]*</button>'),
    re.compile(r" \((?:at most|legfeljebb|höchstens):[^()<]*\)"),
    re.compile(r'(?<= y=")(\d+)\.\d(?=" class="dot-label")'),
    # the standings say when they scroll sideways; the printed standings are a card per player on a phone
    # (ARIA roles keep them a table, each figure under its column's name)
    re.compile(r'\n<p class="scroll-hint" data-scroll-hint hidden>[^<]*</p>'),
    re.compile(r' role="(?:table|rowgroup|row|columnheader|rowheader|cell)"| data-label="[^"]*"'),
    # the Hungarian summary form's long choices are short, their explanations beside them (they fit 360 px)
    re.compile(
        r'(<option value="(?:trial_three_failed|alone|8-late|9-late|(?:declarer|opponents):(?:won|lost))"'
        r'(?: selected)?>)[^<]*(?=</option>)'
    ),
    re.compile(r'\n\s*<p class="help" id="id_(?:kind|partner)-help">[^<]*</p>'),
    re.compile(r'\n\s*<p class="help">Claimed afterwards[^<]*</p>'),
    # a technical 404 page lists every URL pattern: issue 31 added some
    re.compile(r"(?<=Django tried these URL patterns, in this order:)\s*</p>\s*<ol>.*?</ol>", re.S),
    re.compile(r"<h4>[^<]*</h4>\s*<dl class=\"facts small fact-list\">.*?</dl>", re.S),
    re.compile(r'<div class="scroll"><table class="data diffs">.*?</table></div>', re.S),
    re.compile(r'\n\s*<p>(?:Different results were entered|This hand was contested)[^<]*</p>'),
    re.compile(r'\n\s*<p class="dispute-reason">.*?</p>'),
    re.compile(r"<p>Close the round once every table[^<]*</p>"),
    re.compile(r'<h1>[^<]*</h1>\n<p class="lead">[^<]*</p>\n(?:<dl class="card glossary">.*?</dl>)?', re.S),
    # issue 33: a table of a round in play can be played live (the round page's "Play live" button)
    re.compile(r'<form method="post" action="/t/[\w-]+/manage/rounds/\d+/tables/\d+/live/"[^>]*>.*?</form>',
               re.S),
)
BLANK_LINES = re.compile(r"\n[ \t]*(?=\n)")
OTHER_GAMES_NAV = re.compile(
    r'<nav aria-label="[^"]*"><h2>[^<]*</h2><ul class="links">(?:<li>.*?</li>)*</ul></nav>'
)
GLOSSARY = 'class="card glossary"'
DRAW_INPUT = re.compile(r'"players":\s*\[')


def holds_added(raw: str) -> bool:
    """A body that holds what issue 23 added (a tournament object, the glossary): its ETag, computed from
    the whole body, differs on the two sides."""
    # the last: a page with the footer, whose links issue 24 added (the mark is on both sides' pages)
    marks = (GLOSSARY, '"rules_preset"', '"penalty_max"', '<footer class="site-footer">')
    return any(mark in raw for mark in marks) or bool(
        DRAW_INPUT.search(raw)
    )


# ... the Hungarian family's presets and their options (issue 23 §1), and the table sizes a draw's input
# now records (the old rounds' input has none and verifies as tables of 4 and 5)
FAMILY_PRESETS = frozenset({"family_basic", "palatine", "magus", "emperor"})
FAMILY_OPTIONS = frozenset({"game_value", "game_value_cap", "pack_size", "family_bonuses"})


def without_added(value: Any) -> Any:
    """A JSON value without what issue 23 added: a tournament's new fields (in a tournament object: one
    with a ``rules_preset``), the family presets and options (in the rules' listing: options with a
    ``penalty_max``), a draw input's ``sizes`` (one with ``players``)."""
    if isinstance(value, dict):
        added: frozenset[str] = frozenset()
        if "rules_preset" in value:
            added = ADDED_KEYS
        elif "penalty_max" in value:
            added = FAMILY_OPTIONS
        elif "pagat" in value and "tournament" in value:
            added = FAMILY_PRESETS
        elif "players" in value and "round" in value:
            added = frozenset({"sizes"})
        return {k: without_added(v) for k, v in value.items() if k not in added}
    if isinstance(value, list):
        return [without_added(v) for v in value]
    return value


def normalise(text: str) -> str:
    for change in ISSUE_31:
        text = change.sub(lambda m: m.group(1) if m.re.groups and m.group(1) else "", text)
    text = OTHER_GAMES_NAV.sub("", text)
    text = ISSUE_24_LINKS.sub("", text)
    text = CSRF.sub(r"\1<csrf>", text)
    text = FORM_KEY.sub(r"\1<key>", text)
    text = PRINTED_AT.sub(r"\1<request time>\2<request time>\3", text)
    text = BLANK_LINES.sub("", text)  # what a template's {% if %} lines leave: blank lines mean nothing
    return STATIC_HASH.sub(r"\1\2", text)


def record(response: Any, admin_history: bool = False) -> str:
    """Status, the headers a client acts on, and the body (JSON pretty-printed in its own key order).
    An ETag computed from a body that held a normalised value (a CSRF token, ...) varies with it."""
    raw = response.content.decode("utf-8", "replace")
    body = normalise(raw)
    head = [f"status {response.status_code}"]
    for header in ("Content-Type", "Location", "ETag", "Cache-Control", "Vary", "Content-Language"):
        if response.has_header(header):
            value = normalise(response[header])
            if header == "ETag" and holds_added(raw):
                value = "<from a body holding what issue 23 added>"
            elif header == "ETag" and body != raw:
                value = "<from a body with a normalised value>"
            elif header == "Vary":  # its order means nothing (a page with a form names Cookie first)
                value = ", ".join(sorted(part.strip() for part in value.split(",")))
            head.append(f"{header}: {value}")
    if "json" in response.get("Content-Type", ""):
        with contextlib.suppress(ValueError):
            body = json.dumps(without_added(json.loads(body)), indent=1, ensure_ascii=False)
    elif admin_history:
        found = re.search(r'<table id="change-history".*?</table>', body, re.S)
        body = found.group(0) if found else "(no history table)"
        body = ADMIN_APP.sub(r"/admin/<app>/\1/", body)  # the app a model is registered under may move
    return "\n".join(head) + "\n\n" + body


def snapshot(out: Path) -> None:
    site = Site()
    entries: dict[str, str] = {}

    def get(key: str, client: Any, url: str, **extra: Any) -> Any:
        try:
            response = client.get(url, **extra)
        except Exception:  # a crash is a difference to show, not a reason to stop
            entries[key] = "EXCEPTION\n" + traceback.format_exc(limit=-3)
            return None
        entries[key] = record(response, admin_history=key.startswith("admin-history"))
        return response

    rounds = listed(site.api_json(f"{TAPI}/rounds/?page_size=100"))
    playing = [r["number"] for r in rounds if r["status"] == "in_play"]  # after ``act``: the last closed
    live = playing[0] if playing else max(r["number"] for r in rounds if r["status"] == "closed")
    tables = {r["number"]: tables_of(site, r["number"]) for r in rounds}
    players = listed(site.api_json(f"{TAPI}/players/?page_size=100"))
    some_players = [p["id"] for p in players[:3]]
    first_table = tables[live][0]
    code = table_code(first_table)

    # --- the API, as an organizer (token) and as the public --------------------------------------------
    api_urls = [
        f"{API}/tournaments/",
        f"{TAPI}/",
        f"{API}/clubs/",
        f"{API}/rules/",
        f"{TAPI}/players/",
        f"{TAPI}/standings/",
        f"{TAPI}/rounds/",
        f"{TAPI}/registrations/",
        f"{TAPI}/penalties/",
        f"{TAPI}/webhooks/",
        f"{TAPI}/me/",
    ]
    api_urls += [f"{TAPI}/players/{p}/rounds/" for p in some_players]
    for r in rounds:
        n = r["number"]
        api_urls += [f"{TAPI}/rounds/{n}/", f"{TAPI}/rounds/{n}/tables/"]
        for t in tables[n]:
            base = f"{TAPI}/rounds/{n}/tables/{t['number']}/"
            api_urls += [base, f"{base}hands/"]
            hands = listed(site.api_json(f"{base}hands/"))
            api_urls += [f"{base}hands/{h['number']}/" for h in hands]
            for h in hands[:2] if n == live else hands[:1]:
                disputes = site.api_json(f"{base}hands/{h['number']}/disputes/")
                api_urls.append(f"{base}hands/{h['number']}/disputes/")
                api_urls += [f"{base}hands/{h['number']}/disputes/{d['id']}/" for d in listed(disputes)]
    organizer_api = {"HTTP_AUTHORIZATION": f"Token {site.token}"}
    from django.test import Client

    anonymous = Client()
    for url in api_urls:
        get(f"api organizer GET {url}", anonymous, url, **organizer_api)
    for url in api_urls:  # the public's view of single hands: the live round's (the rest as the organizer's)
        if re.search(r"/rounds/(\d+)/tables/\d+/hands/\d+/$", url) and f"/rounds/{live}/" not in url:
            continue
        get(f"api public GET {url}", anonymous, url)
    table_api = f"{TAPI}/rounds/{live}/tables/{first_table['number']}/"
    for url in (table_api, f"{table_api}hands/", f"{table_api}hands/1/"):
        get(f"api table-code GET {url}", anonymous, url, HTTP_X_TABLE_CODE=code)
    for url in (f"{TAPI}/standings/", f"{TAPI}/rounds/{live}/"):
        for lang in ("hu", "de"):
            get(f"api public GET {url} [{lang}]", anonymous, url, HTTP_ACCEPT_LANGUAGE=lang)

    # --- the pages: public, projector, print, entry by table code, the organizer's ------------------------
    t = f"/t/{SLUG}/"
    pages = [
        "/",
        t,
        f"{t}pairings/",
        f"{t}standings/",
        f"{t}draws/",
        "/glossary/",
        f"{t}projector/",
        f"{t}projector/live/",
        f"{t}print/standings/",
        f"{t}print/sheet-4/",
        f"{t}print/sheet-5/",
        f"{t}enter/",
    ]
    pages += [f"{t}players/{p}/" for p in some_players]
    for r in rounds:
        n = r["number"]
        pages += [
            f"{t}rounds/{n}/",
            f"{t}rounds/{n}/draw/",
            f"{t}rounds/{n}/draw.json",
            f"{t}print/rounds/{n}/sheets/",
        ]
        pages += [f"{t}rounds/{n}/tables/{x['number']}/" for x in tables[n]]
    for url in pages:
        get(f"page public GET {url}", site.public, url)
    for url in (f"{t}standings/", f"{t}rounds/{live}/tables/1/", "/glossary/"):
        for lang in ("hu", "de"):
            get(f"page public GET {url} [{lang}]", Client(), url, HTTP_ACCEPT_LANGUAGE=lang)

    phone = Client()
    entry = f"{t}enter/{code}/"
    get("page table-phone GET enter/<code>/ (no seat)", phone, entry)
    phone.post(f"{entry}seat/", {"position": "A"})
    get("page table-phone GET enter/<code>/ (seat A)", phone, entry)
    hands = listed(site.api_json(f"{table_api}hands/"))
    entered = {h["number"] for h in hands if h["status"] == "confirmed"}
    next_number = next(n for n in range(1, 100) if n not in entered)
    for source in ("payments", "summary"):
        get(
            f"page table-phone GET enter/<code>/hands/{next_number}/{source}/",
            phone,
            f"{entry}hands/{next_number}/{source}/",
        )

    manage = [
        "/manage/",
        f"{t}manage/",
        f"{t}manage/disputes/",
        f"{t}manage/rounds/next/",
        f"{t}manage/final-stage/",
        f"{t}manage/finish/",
    ]
    for r in rounds:
        n = r["number"]
        manage += [f"{t}manage/rounds/{n}/{page}" for page in ("", "progress/", "cards/")]
    for url in manage:
        get(f"page organizer GET {url}", site.organizer, url)
    listing = entries[f"page organizer GET {t}manage/disputes/"]
    disputes = re.findall(rf'href="({t}manage/disputes/\d+/)"', listing)
    for url in sorted(set(disputes)):
        get(f"page organizer GET {url}", site.organizer, url)
    # --- the job and the small tournament it drew a round for ------------------------------------------
    jobs_api = f"{API}/tournaments/jobs/"
    for url in (jobs_api, f"{jobs_api}rounds/", f"{jobs_api}rounds/1/", f"{jobs_api}rounds/1/tables/"):
        get(f"api organizer GET {url}", anonymous, url, **organizer_api)
    page = get("page organizer GET /t/jobs/manage/", site.organizer, "/t/jobs/manage/")
    get("page organizer GET /t/jobs/manage/rounds/1/", site.organizer, "/t/jobs/manage/rounds/1/")
    # jobs have no list: their ids count up from 1 in this fresh database (prepare drew one, act another)
    jobs: dict[int, str] = {}  # id -> its tournament's slug
    for job in range(1, 10):
        answer = site.api("GET", f"{API}/jobs/{job}/")
        if answer.status_code != 200:
            break
        jobs[job] = answer.json()["tournament"]
    if page is None or not jobs:
        entries["jobs"] = "(no job found)"
    for job, slug in jobs.items():
        url = f"{API}/jobs/{job}/"
        get(f"api organizer GET {url}", anonymous, url, **organizer_api)
        get(f"api public GET {url}", anonymous, url)
        for url in (f"/t/{slug}/manage/jobs/{job}/", f"/t/{slug}/manage/jobs/{job}/status/"):
            get(f"page organizer GET {url}", site.organizer, url)

    # --- the history, as the admin's "History" pages show it (the table only: the admin's menu lists apps)
    index = site.organizer.get("/admin/").content.decode()
    for model in ("hand", "handsubmission", "dispute", "round"):
        found = re.search(rf'href="(/admin/\w+/{model}/)"', index)
        if not found:
            entries[f"admin-history {model}"] = "(not in the admin)"
            continue
        changelist = site.organizer.get(found.group(1) + "?o=1").content.decode()
        ids = sorted({int(i) for i in re.findall(rf'href="{found.group(1)}(\d+)/change/', changelist)})
        for pk in ids[:3] + ids[-3:]:
            get(f"admin-history {model} #{pk}", site.organizer, f"{found.group(1)}{pk}/history/")

    out.write_text(json.dumps(entries, indent=0, ensure_ascii=False, sort_keys=True))
    print(f"snapshot: {len(entries)} responses -> {out}", file=sys.stderr)


def diff(old: Path, new: Path) -> int:
    """Print every response that differs (unified diff, old then new); 1 when any does."""
    before, after = json.loads(old.read_text()), json.loads(new.read_text())
    differing = 0
    for key in sorted(set(before) | set(after)):
        a, b = before.get(key, "(missing)"), after.get(key, "(missing)")
        if a == b:
            continue
        differing += 1
        print(f"=== {key}")
        lines = list(difflib.unified_diff(a.splitlines(), b.splitlines(), "old", "new", n=2, lineterm=""))
        print("\n".join(lines[:80] + ([f"... ({len(lines) - 80} more lines)"] if len(lines) > 80 else [])))
    print(f"snapshot diff: {len(before)} responses before, {len(after)} after, {differing} differ")
    return 1 if differing else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", type=Path, default=Path.cwd(), help="the checkout whose code runs")
    parser.add_argument("command", choices=["prepare", "act", "snapshot", "diff"])
    parser.add_argument("files", nargs="*", type=Path)
    args = parser.parse_args()
    if args.command == "diff":
        return diff(*args.files)
    setup(args.root, frozen_clock=args.command == "act")
    from django.core.cache import cache

    # prepare [AFTER] / act [[BEFORE] AFTER] / snapshot OUT: snapshots in the same process save start-ups
    before, after = (args.files[:-1], args.files[-1:]) if args.command != "snapshot" else (args.files, [])
    for out in before:
        snapshot(out)
    if args.command == "prepare":
        prepare()
    elif args.command == "act":
        act()
    for out in after:
        cache.clear()  # nothing the writes left in this process's cache answers for them
        snapshot(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
