#!/usr/bin/env python3
"""A sequential test of one bot against the others of a 3- or 4-player tournament, from its games.

`./richelieu sprt` plays 2-player game pairs only. With more players the unit is the deal: the
tournament plays it in every seat rotation, and the candidate's deal score is its mean pairwise
score over those games against every other seat (1 for finishing ahead of a seat, 1/2 level, 0
behind; the ranking of GameOutcome.compare: a winner ahead of a non-winner, two winners level,
then the higher score, then fewer cards). The test is fishtest's generalized SPRT in the logistic
model (runner/.../stats/Gsprt.java) on the frequencies of the deal scores, whose grid is
i / (2 * comparisons a deal) instead of the pair's five values: under H_j the expected deal score is
1 / (1 + 10^(-elo_j / 400)), the pairwise score that a Bradley-Terry rating difference of elo_j
gives (the ratings' A - B). The LLR is looked at after every --batch deals, in the order the
tournament numbered them (its units), so the decision is the one a test playing the deals in that
order would have taken; Wald's bounds, no overshoot correction (as Gsprt).

    python3 scripts/multiplayer_sprt.py games.csv --candidate SPEC --elo0 0 --elo1 50
"""

import argparse
import csv
import gzip
import math
import sys

REGULARIZATION = 1e-3


def pairwise(winners, scores, cards, forfeit, a, b):
    """+1 if seat a finished ahead of seat b, -1 behind, 0 level (GameOutcome.compare)."""
    wa, wb = a in winners, b in winners
    if wa != wb:
        return 1 if wa else -1
    if wa or forfeit:
        return 0
    if scores[a] != scores[b]:
        return 1 if scores[a] > scores[b] else -1
    return (cards[a] < cards[b]) - (cards[a] > cards[b])


def deal_half_points(rows, candidate):
    """Per unit (in unit order): the candidate's half-points against every other seat, and how many comparisons."""
    units = {}
    for row in rows:
        players = sum(1 for k in row if k.startswith("bot") and k[3:].isdigit())
        bots = [row["bot%d" % s] for s in range(players)]
        seats = [s for s, b in enumerate(bots) if b == candidate]
        if len(seats) != 1:
            raise ValueError("--candidate: %r sits in %d seats of game %s of unit %s, not 1"
                             % (candidate, len(seats), row["game"], row["unit"]))
        a = seats[0]
        scores = [int(row["score%d" % s]) for s in range(players)]
        cards = [int(row["cards%d" % s]) for s in range(players)]
        winners = {int(w) for w in row["winners"].split()}
        forfeit = row.get("forfeit_seat", "") != ""
        half = sum(1 + pairwise(winners, scores, cards, forfeit, a, b) for b in range(players) if b != a)
        got = units.setdefault(int(row["unit"]), [0, 0])
        got[0] += half
        got[1] += players - 1
    if not units:
        raise ValueError("the games file holds no game")
    comparisons = {c for _, c in units.values()}
    if len(comparisons) != 1:
        raise ValueError("the deals were not all played in the same number of games: %s" % sorted(comparisons))
    return [units[u][0] for u in sorted(units)], comparisons.pop()


def read_rows(path):
    """The rows of a games file (a tournament's --csv), plain or gzip-compressed (.gz)."""
    opener = gzip.open if str(path).endswith(".gz") else open
    with opener(path, "rt", newline="") as f:
        return list(csv.DictReader(f))


def mle_with_expectation(values, observed, s):
    """fishtest's MLE_expected: the distribution nearest the observed one whose mean is s."""
    v = [a - s for a in values]
    lo, hi = -1.0 / max(v), -1.0 / min(v)

    def secular(x):
        return sum(p * d / (1.0 + x * d) for p, d in zip(observed, v))

    # strictly decreasing on the open bracket; bisect down to adjacent doubles
    lo, hi = lo + 1e-12 * abs(lo), hi - 1e-12 * abs(hi)
    while True:
        mid = (lo + hi) / 2
        if mid <= lo or mid >= hi:
            break
        if secular(mid) > 0:
            lo = mid
        else:
            hi = mid
    x = (lo + hi) / 2
    return [p / (1.0 + x * d) for p, d in zip(observed, v)]


def llr(counts, elo0, elo1):
    """LLR of H1 against H0 from counts on the grid i / (len(counts) - 1) (fishtest's LLR_logistic)."""
    if sum(counts) == 0:
        return 0.0
    k = len(counts)
    values = [i / (k - 1) for i in range(k)]
    regularized = [c if c > 0 else REGULARIZATION for c in counts]
    n = sum(regularized)
    observed = [c / n for c in regularized]
    p0 = mle_with_expectation(values, observed, score_of(elo0))
    p1 = mle_with_expectation(values, observed, score_of(elo1))
    return n * sum(o * (math.log(b) - math.log(a)) for o, a, b in zip(observed, p0, p1))


def score_of(elo):
    return 1.0 / (1.0 + 10 ** (-elo / 400.0))


def elo_of(score):
    return -400.0 * math.log10(1.0 / score - 1.0)


def run(half_points, comparisons, elo0, elo1, alpha, beta, batch):
    """The looks after every batch of deals (and after the last deal): (deals, LLR), and the first decision."""
    lower, upper = math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)
    counts = [0] * (2 * comparisons + 1)
    looks, decision = [], None
    for i, h in enumerate(half_points, 1):
        counts[h] += 1
        if i % batch == 0 or i == len(half_points):
            value = llr(counts, elo0, elo1)
            looks.append((i, value))
            if decision is None and (value >= upper or value <= lower):
                decision = (i, value, "H1" if value >= upper else "H0")
    return looks, decision, (lower, upper)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("games", help="a tournament's --csv file (or the file gzip-compressed, FILE.gz)")
    p.add_argument("--candidate", required=True, help="the bot spec tested, as the file's bot columns spell it")
    p.add_argument("--elo0", type=float, default=0.0)
    p.add_argument("--elo1", type=float, default=50.0)
    p.add_argument("--alpha", type=float, default=0.05)
    p.add_argument("--beta", type=float, default=0.05)
    p.add_argument("--batch", type=int, default=100, help="deals between two looks at the LLR (default 100)")
    a = p.parse_args(argv)
    if not 0 < a.alpha < 1 or not 0 < a.beta < 1:
        raise ValueError("--alpha and --beta must lie between 0 and 1")
    if a.batch < 1:
        raise ValueError("--batch must be at least 1, not %d" % a.batch)
    if not a.elo1 > a.elo0:
        raise ValueError("--elo1 must be above --elo0")
    half_points, comparisons = deal_half_points(read_rows(a.games), a.candidate)
    looks, decision, (lower, upper) = run(half_points, comparisons, a.elo0, a.elo1, a.alpha, a.beta, a.batch)
    mean = sum(half_points) / (2 * comparisons * len(half_points))
    print("candidate: %s; %d deals, %d pairwise comparisons a deal; mean pairwise score %.4f (Elo %+.1f)"
          % (a.candidate, len(half_points), comparisons, mean, elo_of(mean)))
    print("H0 %+g, H1 %+g Elo (pairwise score %.4f, %.4f); alpha %g, beta %g: bounds [%.3f, %.3f]"
          % (a.elo0, a.elo1, score_of(a.elo0), score_of(a.elo1), a.alpha, a.beta, lower, upper))
    for deals, value in looks:
        print("  after %4d deals: LLR %+.3f" % (deals, value))
    if decision is None:
        print("no decision: the LLR stayed between the bounds")
    else:
        print("decision: %s accepted after %d deals (LLR %+.3f)" % (decision[2], decision[0], decision[1]))


if __name__ == "__main__":
    try:
        main()
    except (ValueError, OSError) as e:
        print("multiplayer_sprt.py: " + str(e), file=sys.stderr)
        sys.exit(2)
