"""The suite's seeded search workload makes the same searches as on main 68c284f, every game.

Engine speed work (docs/performance.md, "Tenth sitting: Magic Show and Portfolio
instructions") must cut the work of a search without changing its choices. The workload of
``benchmarks/search_profile.py`` (the suite probe's four decision points of a seeded game, a
warm-up search and a window search at each, with the probe's seeds) is run here at 300
iterations a search; the digest of every analysis (each root action's visits and mean value)
was recorded on main 68c284f, the same in the plain and the compiled build. A change of a
game's rules, of the sampler's deals or of the rng's use shows as another digest.
"""

from __future__ import annotations

from types import ModuleType

import pytest

from tests.scripts import load_script

#: Recorded on main 68c284f (plain and compiled alike): ``search_profile.py GAME --iterations 300``.
DIGESTS = {
    "piece-of-the-action": "05c3720db7e3a110",
    "magic-show": "99d92b0faa155f11",
    "portfolio": "4aad479b4df80881",
    "score": "5e705c312b0e717b",
    "nacho-loco": "6d2456a97b287ab9",
}


@pytest.fixture(scope="module")
def profile() -> ModuleType:
    # search_profile imports the probe by its own name (its folder is on the path when run).
    load_script("benchmarks/_suite_probe.py", "_suite_probe")
    return load_script("benchmarks/search_profile.py", "search_profile_bench")


@pytest.mark.parametrize("game", sorted(DIGESTS))
def test_the_seeded_search_workload_searches_as_on_main(profile: ModuleType, game: str) -> None:
    players = dict(profile._suite_probe.GAMES)[game]
    _rate, digest = profile.workload(game, players, 300)
    assert digest == DIGESTS[game]
