"""scripts/multiplayer_sprt.py: fishtest's LLR on any score grid, the candidate's deal scores ranked
as the runner ranks seats, looks only after whole batches, and one clear error for a bad file."""

import csv
import gzip
import io
import runpy
import types
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "multiplayer_sprt.py"

m = types.SimpleNamespace(**runpy.run_path(str(SCRIPT)))

HEADER = "unit,game,deal_seed,variant,bot0,bot1,bot2,score0,score1,score2,cards0,cards1,cards2,winners,turns," \
         "forfeit_seat,forfeit_reason\n"


def rows(text):
    return list(csv.DictReader(io.StringIO(HEADER + text)))


def test_llr_onPairGrid_reproducesFishtestsPrintedLlr():
    # the published fishtest runs that runner's GsprtTest checks Gsprt.llr against
    assert round(m.llr([253, 4282, 17604, 4431, 286], -0.25, 1.25), 2) == 2.94
    assert round(m.llr([58, 3302, 33130, 3518, 84], 0.25, 1.25), 2) == 2.97
    assert round(m.llr([1284, 17437, 55536, 18085, 1292], 0.0, 2.0), 2) == 2.94


def test_dealHalfPoints_winsTiesAndCards_rankedAsGameOutcomeCompare():
    games = rows(
        # A (seat 0) wins alone: ahead of both
        "0,0,7,base,A,B,B,40,30,20,15,16,17,0,42,,\n"
        # A shares the win with seat 1 (level) and is ahead of seat 2
        "0,1,7,base,B,A,B,39,39,37,15,15,17,0 1,41,,\n"
        # seat 0 wins; A (seat 2) has seat 1's score but one card fewer: ahead of seat 1
        "0,2,7,base,B,B,A,40,36,36,15,17,16,0,44,,\n")
    assert m.deal_half_points(games, "A") == ([4 + 3 + 2], 3 * 2)
    # a second deal, behind both seats, but played in one game only
    short = rows("1,0,8,base,A,B,B,30,35,38,16,16,16,2,43,,\n")
    with pytest.raises(ValueError, match="the same number of games"):
        m.deal_half_points(games + short, "A")


def test_readRows_plainOrGzip_sameRows(tmp_path):
    text = HEADER + "0,0,7,base,A,B,B,40,30,20,15,16,17,0,42,,\n"
    (tmp_path / "g.csv").write_text(text)
    with gzip.open(tmp_path / "g.csv.gz", "wt") as f:
        f.write(text)
    assert m.read_rows(tmp_path / "g.csv") == m.read_rows(tmp_path / "g.csv.gz") == rows(text[len(HEADER):])
    assert m.read_rows(tmp_path / "g.csv")[0]["winners"] == "0"


def test_dealHalfPoints_candidateNotInOneSeat_namesTheArgument():
    with pytest.raises(ValueError, match="--candidate: 'C' sits in 0 seats"):
        m.deal_half_points(rows("0,0,7,base,A,B,B,40,30,20,15,16,17,0,42,,\n"), "C")
    with pytest.raises(ValueError, match="--candidate: 'B' sits in 2 seats"):
        m.deal_half_points(rows("0,0,7,base,A,B,B,40,30,20,15,16,17,0,42,,\n"), "B")


def test_run_decidesOnlyAtTheEndOfABatch():
    # deals two thirds won (8/12 on average): the LLR passes the upper bound after 23 deals, but a
    # test that looks every 10 deals decides at 30
    strong = [8, 9, 7, 10, 6] * 6
    looks, decision, (lower, upper) = m.run(strong, 6, 0.0, 50.0, 0.05, 0.05, batch=1)
    assert decision[0] == 23 and decision[2] == "H1" and looks[21][1] < upper < decision[1]
    looks, decision, _ = m.run(strong, 6, 0.0, 50.0, 0.05, 0.05, batch=10)
    assert [d for d, _ in looks] == [10, 20, 30] and decision[0] == 30 and decision[2] == "H1"
    looks, decision, _ = m.run([12 - h for h in strong], 6, 0.0, 50.0, 0.05, 0.05, batch=10)
    assert decision[0] == 20 and decision[2] == "H0" and decision[1] < lower
    # even deals (half the points) sit at H0's expectation: the LLR falls, never rises
    looks, decision, _ = m.run([6, 5, 7] * 10, 6, 0.0, 50.0, 0.05, 0.05, batch=10)
    assert looks[0][1] < 0 and looks[1][1] < looks[0][1]
