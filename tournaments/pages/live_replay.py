"""A finished live hand, trick by trick (issue 33 §2): ``/live/hands/<id>/replay/`` rebuilds the hand from
its deal and its stored moves and shows every seat's cards at each step (the record is public once the hand
is over), to whoever may see the tournament's score sheet, the practice table's club organizers and the
phones that held a seat of the table (``tournaments.pages.live.may_replay``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import URLPattern, path
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache

from engine.games import game
from tournaments.core.labels import game_name
from tournaments.live import replay as live_replay
from tournaments.live import selectors as live_selectors
from tournaments.live.models import LiveHand
from tournaments.pages.live import live_where, manages, may_replay, refuse
from tournaments.pages.live_cards import Face, card_faces, client_words, face


@dataclass
class Frame:
    """One step of a replay: a title, every seat's cards at that moment, and the trick or say it shows."""

    title: str
    kind: str
    hands: list[tuple[str, str, list[Face]]] = field(default_factory=list)
    trick: list[tuple[str, Face]] = field(default_factory=list)
    winner: str = ""
    lines: list[str] = field(default_factory=list)
    tricks_won: dict[str, int] = field(default_factory=dict)
    #: the cards the frame's trick plays (marked in the hands)
    played: list[str] = field(default_factory=list)


def _seat_label(names: dict[str, str], position: str) -> str:
    name = names.get(position) or _("Bot")
    return f"{position} · {name}"


def _say_text(words: dict[str, Any], say: dict[str, Any], faces: dict[str, Any]) -> str:
    text = words["say"].get(say.get("say"), say.get("say"))
    meaning = say.get("meaning")
    shows = say.get("shows")
    if meaning in ("cue", "yield") and shows and meaning in words["meaning"]:
        card = faces.get(shows, {}).get("label", shows)
        text = f"{text} — {words['meaning'][meaning].replace('{card}', card)}"
    return text


def _kontra_name(words: dict[str, Any], level: int) -> str:
    names = words["kontra"] or ["kontra"]
    return names[min(level, len(names)) - 1]


def _announcement_text(words: dict[str, Any], say: str, levels: dict[str, int], faces: dict[str, Any]) -> str:
    parts = say.split()
    texts = words["announce"]
    said = words["said"].get(say)
    if said is not None:  # the other games' codes: one word after the verb
        if parts[0] in ("kontra", "contra"):
            levels[parts[1]] = levels.get(parts[1], 0) + 1
            said = said.replace("{kontra}", _kontra_name(words, levels[parts[1]]))
        return said
    if parts[0] == "pass":
        return texts["pass"]
    if parts[0] == "call" and len(parts) == 2:
        return texts["call"].replace("{card}", faces.get(parts[1], {}).get("label", parts[1]))
    if parts[0] == "declare" and len(parts) == 2:
        return texts["declare"].replace("{count}", parts[1])
    if parts[0] == "announce" and len(parts) == 2:
        return texts["announce"].replace("{bonus}", words["bonus"].get(parts[1], parts[1]))
    if parts[0] == "kontra":
        target = " ".join(parts[1:])
        levels[target] = levels.get(target, 0) + 1
        kontra = _kontra_name(words, levels[target])
        if parts[1:] == ["game"]:
            return texts["kontra_game"].replace("{kontra}", kontra)
        if len(parts) == 3:
            return (
                texts["kontra"]
                .replace("{kontra}", kontra)
                .replace("{bonus}", words["bonus"].get(parts[2], parts[2]))
                .replace("{team}", words["side"].get(parts[1], parts[1]))
            )
    return say


def replay_frames(hand: LiveHand) -> tuple[list[Frame], dict[str, Any]]:
    """A finished hand's steps, replayed from its deal and its stored moves: the deal, the auction, the
    talon and discards, the announcements, each trick, the result. Every seat's cards are shown (the hand
    is over)."""
    live_table = hand.live_table
    game_id = live_table.game
    names = live_selectors.seat_names(live_table)
    faces = card_faces(game_id)
    words = client_words(game_id)
    engine_hand = live_replay.live_game(game_id).start(live_replay.deal_of(hand, game_id))
    seats = list(hand.active)
    frames: list[Frame] = []

    def snapshot(title: str, kind: str) -> Frame:
        public = engine_hand.public_view()
        rows = []
        for s in seats:
            cards = engine_hand.seat_view(s).get("hand", [])
            rows.append((s, _seat_label(names, s), [face(c, faces) for c in cards]))
        return Frame(title=title, kind=kind, hands=rows, tricks_won=dict(public.get("tricks_won") or {}))

    frames.append(snapshot(_("The deal"), "deal"))
    codes = list(hand.actions.order_by("step").values_list("code", flat=True))
    phase = engine_hand.public_view()["phase"]
    tricks = 0
    held: Frame | None = None  # the cards as they were before the phase that just ended
    for code in codes:
        before = phase
        if held is None:
            held = snapshot("", before)
        engine_hand.apply(code)
        public = engine_hand.public_view()
        phase = public["phase"]
        if len(public["tricks"]) > tricks:
            tricks = len(public["tricks"])
            trick = public["tricks"][-1]
            frame = held
            frame.title = _("Trick %(n)s") % {"n": tricks}
            frame.kind = "trick"
            frame.trick = [(_seat_label(names, c["seat"]), face(c["card"], faces)) for c in trick["cards"]]
            frame.winner = _seat_label(names, trick["winner"])
            frame.played = [c["card"] for c in trick["cards"]]
            frame.tricks_won = dict(public.get("tricks_won") or {})
            frames.append(frame)
            held = None
        elif phase != before:
            frame = held
            frame.kind = before
            if before in ("bidding", "raise"):
                frame.title = _("The auction")
                frame.lines = [
                    f"{_seat_label(names, say['seat'])}: {_say_text(words, say, faces)}"
                    for say in public["auction"]
                ]
                if public.get("declarer"):
                    bid = words["bid"].get(public.get("bid") or "", public.get("bid") or "")
                    frame.lines.append(
                        _("Declarer: %(name)s, %(bid)s")
                        % {"name": _seat_label(names, public["declarer"]), "bid": bid}
                    )
            elif before == "discard":
                frame.title = _("The talon and the discards")
            elif before == "announcements":
                frame.title = _("The announcements")
                levels: dict[str, int] = {}
                frame.lines = [
                    f"{_seat_label(names, a['seat'])}: {_announcement_text(words, a['say'], levels, faces)}"
                    + (f" ({words['team'][a['team']]})" if a.get("team") in words["team"] else "")
                    for a in public["announcements"]
                ]
            else:
                frame.title = words["phase"].get(before, before)
            if before in ("bidding", "raise") and phase in ("bidding", "raise"):
                continue  # the sole bidder's raise: one auction frame
            frames.append(frame)
            held = None
    record = engine_hand.record() if engine_hand.done else {}
    for frame in frames:
        if frame.kind == "discard" and record:
            frame.lines = [
                _("%(name)s took %(taken)s, discarded %(discarded)s")
                % {
                    "name": _seat_label(names, s),
                    "taken": " ".join(
                        faces.get(c, {}).get("label", c) for c in (record.get("talon") or {}).get(s, [])
                    )
                    or "—",
                    "discarded": " ".join(
                        faces.get(c, {}).get("label", c) for c in (record.get("discards") or {}).get(s, [])
                    )
                    or "—",
                }
                for s in seats
                if (record.get("talon") or {}).get(s) or (record.get("discards") or {}).get(s)
            ]
    extra = {
        "talon": [face(c, faces) for c in ((record.get("deal") or {}).get("talon") or [])],
        "record": record,
        "names": names,
        "words": words,
    }
    return frames, extra


@never_cache
def replay_page(request: HttpRequest, hand_id: int) -> HttpResponse:
    """A finished live hand, trick by trick."""
    hand = get_object_or_404(
        LiveHand.objects.select_related(
            "live_table__table__round__tournament", "live_table__club", "submission"
        ),
        pk=hand_id,
    )
    live_table = hand.live_table
    if hand.status != LiveHand.Status.FINISHED:
        raise Http404("The hand is not over yet")
    if not may_replay(request, live_table):
        return refuse(request)
    frames, extra = replay_frames(hand)
    names = extra["names"]
    payments = [
        (position, _seat_label(names, position), points) for position, points in (hand.payments or {}).items()
    ]
    items = []
    if extra["record"]:
        from tournaments.results.selectors import named_items, scored_result

        descriptor = game(live_table.game)
        rules = live_replay.deal_of(hand, live_table.game).rules
        scored = scored_result(descriptor, "record", extra["record"], rules)
        items = named_items(descriptor, scored["items"]) if scored else []
    context = {
        "hand": hand,
        "live_table": live_table,
        "frames": frames,
        "talon": extra["talon"],
        "payments": payments,
        "items": items,
        "kind": extra["words"]["kind"].get(hand.kind, hand.kind),
        "game_name": game_name(live_table.game),
        "runs": manages(request.user, live_table),
        **live_where(live_table),
    }
    return render(request, "tournaments/live/replay.html", context)


urlpatterns: list[URLPattern] = [
    path("live/hands/<num:hand_id>/replay/", replay_page, name="live-replay"),
]
