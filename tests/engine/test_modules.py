"""The state machine is split by phase of the rules (docs/engine-api-contract.md, "Modules"): ``Hand`` takes
each phase's rules from its module, and the modules import one another without a cycle."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from engine.hungarian.announcements import AnnouncementPhase
from engine.hungarian.bidding import BiddingPhase
from engine.hungarian.calling import CallingPhase
from engine.hungarian.play import PlayPhase
from engine.hungarian.state import Hand
from engine.hungarian.talon import TalonPhase

ROOT = Path(__file__).resolve().parents[2]


def _loaded_after_importing(module: str) -> set[str]:
    script = f"import sys, {module}\nprint(' '.join(m for m in sys.modules if m.startswith('engine')))"
    result = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True
    )
    return set(result.stdout.split())


def test_the_state_machine_does_not_import_the_replay() -> None:
    """engine.record imports engine.state; engine.state writes records through engine.record_format."""
    assert "engine.hungarian.record" not in _loaded_after_importing("engine.hungarian.state")
    assert "engine.hungarian.state" not in _loaded_after_importing("engine.hungarian.record_format")


def test_each_phase_method_of_hand_comes_from_its_phase_module() -> None:
    expected = {
        "_bid": BiddingPhase,
        "_raise": BiddingPhase,
        "_discard": TalonPhase,
        "_annul": TalonPhase,
        "_call": CallingPhase,
        "_announcement_key": AnnouncementPhase,
        "_apply_turns": AnnouncementPhase,
        "_play": PlayPhase,
        "_play_trick": PlayPhase,
    }
    for name, phase in expected.items():
        owner = next(cls for cls in Hand.__mro__ if name in vars(cls))
        assert owner is phase, name
    for phase in expected.values():  # the state is Hand's: a phase class adds methods, no slots or fields
        assert phase.__slots__ == ()
