"""richelieu.evaluate: a Python policy against a bot on the deals of ./richelieu match, with the runner's statistics."""

import json
import re
import sys
from pathlib import Path

import numpy as np
import pytest

import richelieu
from position_policy import position_policy
from richelieu.evaluation import match_statistics


def random_policy(seed):
    rng = np.random.default_rng(seed)

    def policy(observations, masks):
        return np.array([rng.choice(np.flatnonzero(m)) for m in masks])

    return policy


def test_randomPolicyAgainstRandom_plausibleEvenMatch(jar):
    e = richelieu.evaluate(random_policy(1), "random", pairs=150, seed=1, batch=64)
    assert (e.games, e.pairs) == (300, 150)
    assert e.wins + e.draws + e.losses == 300 and e.forfeits == 0
    assert 0.4 < e.score < 0.6
    low, high = e.elo_interval
    assert low < 0 < high and high - low < 150
    assert e.score_interval[0] < e.score < e.score_interval[1]
    assert e.text.startswith("policy vs random: 300 games  W ")


def test_sameGamesAtAnyBatchSize(jar):
    small = richelieu.evaluate(position_policy, "random", pairs=6, seed=9, batch=2, records=True)
    large = richelieu.evaluate(position_policy, "random", pairs=6, seed=9, batch=64, records=True)
    assert len(small.records) == 12
    assert small.records == large.records
    assert small.text == large.text  # the Evaluations themselves differ: nan != nan where nElo is not given


def test_dealsAreThoseOfTheMatchCommand(jar, records):
    recs, _ = records("match", "random", "greedy", "--pairs", "4", "--seed", "11")
    e = richelieu.evaluate(position_policy, "greedy", pairs=4, seed=11, records=True)
    ours = [json.loads(line) for line in e.records]
    assert [r["seed"] for r in ours] == [r["seed"] for r in recs]
    # pair k: the policy in seat 0, then in seat 1, as the match's rotation puts its first bot
    assert [r["seats"].index("greedy") for r in ours] == [1, 0] * 4
    assert [r["seats"].index("greedy") for r in recs] == [1, 0] * 4


def test_sameGamesAsTheMatchCommand_seatsSwappedToo(jar, records):
    # the same policy as a protocol bot in ./richelieu match: the same moves in every game, the
    # opponent's (random: it draws from the streams the runner gives it) in both seatings too
    bot = f"exec:{sys.executable} {Path(__file__).with_name('position_bot.py')}"
    recs, _ = records("match", bot, "random", "--pairs", "3", "--seed", "11")
    e = richelieu.evaluate(position_policy, "random", pairs=3, seed=11, records=True)
    ours = [json.loads(line) for line in e.records]
    assert [r["seed"] for r in ours] == [r["seed"] for r in recs]
    assert [r["turns"] for r in ours] == [r["turns"] for r in recs]
    assert [r["scores"] for r in ours] == [r["scores"] for r in recs]


def test_statisticsEqualTheRunnersForTheSameCounts(jar, cli, tmp_path):
    out_records = tmp_path / "games.jsonl"
    printed = cli("match", "random", "greedy", "--pairs", "15", "--seed", "2", "--threads", "1",
                  "--records", str(out_records))
    block = printed[printed.index("random vs greedy:"):printed.index("seats:")]
    w, d, l = (int(x.replace(",", "")) for x in re.search(r"W ([\d,]+)  D ([\d,]+)  L ([\d,]+)", block).groups())
    penta = [int(x) for x in re.search(r"LL (\d+)  LD (\d+)  WL\+DD (\d+)  WD (\d+)  WW (\d+)", block).groups()]
    margins = []
    for line in out_records.read_text().splitlines():
        r = json.loads(line)
        a = r["seats"].index("random")
        margins.append(r["scores"][a] - r["scores"][1 - a])
    e = match_statistics(w, d, l, penta, margins, names=("random", "greedy"))
    assert e.text == block
    assert (e.wins, e.draws, e.losses, list(e.pentanomial)) == (w, d, l, penta)


def test_statisticsRefuseCountsThatDoNotDescribeOneMatch(jar):
    with pytest.raises(ValueError, match="pentanomial"):
        match_statistics(3, 0, 1, [0, 0, 1, 0, 0])
    with pytest.raises(ValueError, match="wins"):
        match_statistics(-1, 0, 1, [0, 0, 0, 0, 0])


@pytest.mark.parametrize("kwargs, error, named", [
    (dict(pairs=0), ValueError, "pairs"),
    (dict(pairs=-3), ValueError, "pairs"),
    (dict(pairs=2.0), TypeError, "pairs"),
    (dict(opponent="no-such-bot"), ValueError, "opponent 'no-such-bot': unknown bot"),
    (dict(opponent=7), TypeError, "opponent"),
    (dict(seed="7"), TypeError, "seed"),
    (dict(batch=0), ValueError, "batch"),
])
def test_badArguments_oneClearExceptionNamingIt(jar, kwargs, error, named):
    args = dict(opponent="random", pairs=1, seed=1) | kwargs
    with pytest.raises(error, match=re.escape(named)):
        richelieu.evaluate(position_policy, **args)


def test_policyNotAFunction_refused(jar):
    with pytest.raises(TypeError, match="policy must be a function"):
        richelieu.evaluate("random", "random", pairs=1)


@pytest.mark.parametrize("answer, named", [
    (lambda o, m: np.zeros(len(m), dtype=np.int64), "policy returned an illegal action: 0 (use-return)"),
    (lambda o, m: np.full(len(m), 9999), "policy returned an illegal action: 9999 (outside"),
    (lambda o, m: np.argmax(m, axis=1)[:1], "policy must return"),
    (lambda o, m: np.argmax(m, axis=1).astype(float), "policy must return"),
])
def test_policyAnsweringWrong_oneClearException(jar, answer, named):
    with pytest.raises(ValueError, match=re.escape(named)):
        richelieu.evaluate(answer, "random", pairs=2, seed=1)


@pytest.mark.parametrize("seed", [2 ** 63 - 1, -2 ** 63])
def test_anySixtyFourBitSeed_accepted(jar, seed):
    e = richelieu.evaluate(position_policy, "random", pairs=2, seed=seed, batch=4)
    assert e.pairs == 2 and e.games == 4
