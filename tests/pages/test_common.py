"""What every page shares: the page cache keyed by versions, ETags, and the language switch."""

from __future__ import annotations

from typing import Any

import pytest
from django.http import Http404

from engine.games import GAMES
from tests.site_data import play_table
from tournaments.organizing.models import Tournament
from tournaments.pages.common import page_version, public_tournament_or_404


def test_it_reads_the_tournament_and_its_versions_in_one_query(
    cup: Any, django_assert_num_queries: Any
) -> None:
    with django_assert_num_queries(1):
        tournament = public_tournament_or_404(cup.slug)
    assert page_version(tournament) == page_version(cup)


def test_it_changes_the_version_when_a_hand_is_confirmed(cup: Any, organizer_user: Any) -> None:
    before = page_version(public_tournament_or_404(cup.slug))
    play_table(cup.rounds.get(number=2).tables.first(), organizer_user, hands=1)
    assert page_version(public_tournament_or_404(cup.slug)) != before


def test_it_answers_304_while_nothing_changed_and_200_after_a_change(
    cup: Any, client: Any, organizer_user: Any
) -> None:
    first = client.get(f"/t/{cup.slug}/")
    etag = first["ETag"]
    assert first["Cache-Control"] == "no-cache"
    assert client.get(f"/t/{cup.slug}/", HTTP_IF_NONE_MATCH=etag).status_code == 304
    play_table(cup.rounds.get(number=2).tables.first(), organizer_user, hands=1)
    again = client.get(f"/t/{cup.slug}/", HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 200
    assert again["ETag"] != etag


def test_it_keeps_a_page_per_language(cup: Any, client: Any) -> None:
    english = client.get(f"/t/{cup.slug}/", HTTP_ACCEPT_LANGUAGE="en")
    hungarian = client.get(f"/t/{cup.slug}/", HTTP_ACCEPT_LANGUAGE="hu")
    assert english["ETag"] != hungarian["ETag"]
    assert '<html lang="hu">' in hungarian.content.decode()


def test_it_switches_language_with_a_plain_link_and_goes_back(cup: Any, client: Any) -> None:
    answer = client.get(f"/lang/de/?next=/t/{cup.slug}/")
    assert answer.status_code == 302
    assert answer["Location"] == f"/t/{cup.slug}/"
    assert client.cookies["django_language"].value == "de"
    assert '<html lang="de">' in client.get(f"/t/{cup.slug}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()


def test_it_refuses_to_send_the_language_switch_elsewhere(client: Any, db: Any) -> None:
    answer = client.get("/lang/hu/?next=https://evil.example/")
    assert answer["Location"] == "/"
    assert client.get("/lang/xx/?next=/").cookies.get("django_language") is None


def test_it_lists_the_tarokk_terms_glossed_in_the_readers_language(client: Any, db: Any) -> None:
    page = client.get("/glossary/?game=hungarian", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert '<span lang="hu">pagát</span>' in page
    assert "tarokk I, the lowest trump" in page
    assert "declarer" in page


def test_it_finds_only_what_the_selectors_call_public(cup: Any) -> None:
    assert public_tournament_or_404(cup.slug).pk == cup.pk
    for change in ({"is_public": False}, {"status": Tournament.Status.DRAFT}):
        Tournament.objects.filter(pk=cup.pk).update(**change)
        with pytest.raises(Http404):
            public_tournament_or_404(cup.slug)
        Tournament.objects.filter(pk=cup.pk).update(is_public=True, status=Tournament.Status.RUNNING)


def test_it_serves_a_cached_page_gzipped_to_a_browser_that_accepts_it(cup: Any, client: Any) -> None:
    import gzip

    plain = client.get(f"/t/{cup.slug}/").content  # rendered, then kept compressed
    zipped = client.get(f"/t/{cup.slug}/", HTTP_ACCEPT_ENCODING="gzip, deflate, br")
    assert zipped["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in zipped["Vary"]
    assert gzip.decompress(zipped.content) == plain
    assert len(zipped.content) < len(plain) / 2
    assert client.get(f"/t/{cup.slug}/").content == plain  # and plain to one that does not


def test_it_serves_the_favicon_that_every_page_links(cup: Any, client: Any) -> None:
    """No 404 for /favicon.ico (browsers ask for it on pages that name no icon: the API's, the admin's)."""
    from django.contrib.staticfiles import finders

    response = client.get("/favicon.ico")
    assert response.status_code == 302
    assert response["Location"] == "/static/tournaments/favicon.svg"
    icon = finders.find("tournaments/favicon.svg")
    assert icon
    with open(icon, encoding="utf-8") as svg:
        assert svg.read().startswith("<svg ")
    for url in ("/", "/t/cup/", "/t/cup/standings/", "/glossary/", "/t/cup/enter/", "/accounts/login/"):
        page = client.get(url).content.decode()
        assert '<link rel="icon" href="/static/tournaments/favicon.svg" type="image/svg+xml">' in page, url


def test_the_glossary_has_every_term_the_entry_forms_use(client: Any, db: Any) -> None:
    from tournaments.pages.games.hungarian import KONTRA_NAMES

    page = client.get("/glossary/?game=hungarian", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    for word in (*KONTRA_NAMES[1:], "renonsz", "próbahárom", "szóló", "hívott tarokk", "körpassz", "bedobás"):
        assert f'<span lang="hu">{word}</span>' in page, word
    assert "(a failed trial three)" in page
    assert "16 times the value" in page  # hirskontra
    de = client.get("/glossary/?game=hungarian", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert '<span lang="hu">próbahárom</span> · Probedreier' in de


def test_the_glossary_opened_from_a_tournament_leads_back_to_it(cup: Any, client: Any) -> None:
    page = client.get("/t/cup/standings/").content.decode()
    assert '<a href="/glossary/?t=cup">Tarokk terms</a>' in page  # the footer's link names the tournament
    glossary = client.get("/glossary/?t=cup").content.decode()
    assert '<a class="tap" href="/t/cup/">← Back to Őszi Kupa 2026</a>' in glossary
    assert '<nav class="tnav"' in glossary  # the tournament's tabs
    Tournament.objects.create(
        game="hungarian",
        rules_preset="tournament",
        name="Hidden",
        slug="hidden",
        starts_on=cup.starts_on,
        is_public=False,
    )
    for slug in ("hidden", "nope", ""):
        other = client.get(f"/glossary/?t={slug}").content.decode()
        assert "Back to" not in other, slug
        assert '<nav class="tnav"' not in other, slug


def test_the_glossary_of_no_tournament_asks_which_game(client: Any, db: Any) -> None:
    page = client.get("/glossary/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Choose a game" in page
    assert 'class="card glossary"' not in page  # no game's terms by default
    for game_id in GAMES:
        assert f'href="?game={game_id}"' in page
    assert "Rufer" in client.get("/glossary/?game=koenigrufen").content.decode()
