"""Rating a Python policy against a bot: ``richelieu.evaluate``.

The games are played in a vector environment (one call into the engine per step for the whole
batch); the figures are the runner's own: the counts go to the runner's statistics classes
(``richelieu.runner.studystats.MatchStats``, the code behind ``./richelieu match``), which the
engine jar carries, and the text is the block ``match`` prints.
"""

import dataclasses
import numbers

import numpy as np

from . import _jvm, actions
from ._core import _message, check_deck, check_plugins, check_seed, check_spec, check_variant

__all__ = ["evaluate", "match_statistics", "Evaluation"]

# A game's result for the policy as the runner counts it: the match score 1, ½, 0 is reward="win"'s +1, 0, −1.
_WIN, _DRAW, _LOSS = 1.0, 0.0, -1.0


@dataclasses.dataclass(frozen=True)
class Evaluation:
    """A match's statistics from the first bot's (the policy's) side, as ``./richelieu match`` prints them.

    ``pentanomial`` counts the pairs [LL, LD, WL+DD, WD, WW]; ``score``, ``elo``, ``nelo`` and ``los``
    are the pair-level (pentanomial) figures with their 95% intervals, the ones to trust (the pair is
    the independent unit); ``games_score`` and ``games_elo`` the game-level (trinomial) ones.
    ``text`` is the block ``match`` prints for these counts; ``records`` each game's
    ``richelieu-record/1`` line (pair k's two games at 2k and 2k + 1) when asked for.
    """
    wins: int
    draws: int
    losses: int
    pentanomial: tuple
    score: float
    score_interval: tuple
    elo: float
    elo_interval: tuple
    nelo: float
    nelo_interval: tuple
    los: float
    games_score: float
    games_elo: float
    games_elo_interval: tuple
    margin_mean: float
    forfeits: int
    text: str
    records: tuple = ()

    @property
    def games(self):
        return self.wins + self.draws + self.losses

    @property
    def pairs(self):
        return sum(self.pentanomial)

    def __str__(self):
        return self.text


def _count(name, value):
    if not isinstance(value, numbers.Integral) or isinstance(value, (bool, np.bool_)) or value < 0:
        raise ValueError(f"richelieu: {name} must be a count (an int >= 0), not {value!r}")
    return int(value)


def match_statistics(wins, draws, losses, pentanomial, margins=None, names=("policy", "opponent"), forfeits=0,
                     records=()):
    """The runner's statistics for a's ``wins``, ``draws`` and ``losses`` and its pair outcomes
    ``pentanomial`` ([LL, LD, WL+DD, WD, WW]), with the score margins a − b of the scored games
    (``margins``, optional): an ``Evaluation``, computed by the runner's own classes."""
    w, d, l = (_count(n, v) for n, v in (("wins", wins), ("draws", draws), ("losses", losses)))
    try:
        penta = [_count("pentanomial", x) for x in pentanomial]
    except TypeError:
        raise TypeError(f"richelieu: pentanomial must be 5 counts [LL, LD, WL+DD, WD, WW], not {pentanomial!r}") \
            from None
    if len(penta) != 5:
        raise ValueError(f"richelieu: pentanomial must be 5 counts [LL, LD, WL+DD, WD, WW], not {pentanomial!r}")
    if 2 * sum(penta) != w + d + l or sum(i * c for i, c in enumerate(penta)) != 2 * w + d:
        raise ValueError(f"richelieu: pentanomial {penta} does not describe the games W {w} D {d} L {l} "
                         f"(two games a pair, the same points)")
    m = [] if margins is None else [int(x) for x in margins]
    jpype = _jvm.start(None)
    MatchStats = jpype.JClass("richelieu.runner.studystats.MatchStats")
    StatisticsText = jpype.JClass("richelieu.runner.study.StatisticsText")
    stats = MatchStats.of(w, d, l, jpype.JArray(jpype.JLong)(penta) if sum(penta) > 0 else None, len(m), sum(m),
                          sum(x * x for x in m))
    t, p = stats.trinomial(), stats.pentanomial()
    best = p if p is not None else t

    def iv(i):
        return float(i.low()), float(i.high())

    margin = stats.scoreMargin()
    return Evaluation(
        wins=w, draws=d, losses=l, pentanomial=tuple(penta),
        score=float(best.score()), score_interval=iv(best.scoreInterval()),
        elo=float(best.elo()), elo_interval=iv(best.eloInterval()),
        nelo=float(best.nElo()), nelo_interval=iv(best.nEloInterval()), los=float(best.los()),
        games_score=float(t.score()), games_elo=float(t.elo()), games_elo_interval=iv(t.eloInterval()),
        margin_mean=float("nan") if margin is None else float(margin.mean()), forfeits=forfeits,
        text=str(StatisticsText.pairText(str(names[0]), str(names[1]), stats)), records=tuple(records))


def evaluate(policy, opponent="heuristic-2p", pairs=100, seed=1, *, variant="base", deck=None, plugins=(),
             batch=256, threads=1, observation_dtype="float32", name="policy", records=False, jar=None):
    """Plays ``policy`` against the bot ``opponent`` on ``pairs`` deals of master seed ``seed``, each
    deal twice with the seats swapped (the deals of ``./richelieu match A B --seed seed --pairs
    pairs``: pair k is deal k), and returns the runner's statistics (an ``Evaluation``).

    ``policy(observations, action_masks)`` gets a batch, ``(n, D)`` observations and ``(n, 2454)``
    int8 masks (read-only, overwritten by the next call), and returns ``n`` legal action indices;
    it is called once per step with the games where it is to move. Up to ``batch`` games are
    played at once, on ``threads`` Java threads.
    """
    if not callable(policy):
        raise TypeError(f"richelieu: policy must be a function (observations, action_masks) -> actions, "
                        f"not {policy!r}")
    opponent = check_spec(opponent, "opponent")
    for arg, value in (("pairs", pairs), ("batch", batch)):
        if not isinstance(value, numbers.Integral) or isinstance(value, (bool, np.bool_)):
            raise TypeError(f"richelieu: {arg} must be an int, not {value!r}")
        if value <= 0:
            raise ValueError(f"richelieu: {arg} must be at least 1, not {value!r}")
    if seed is None:
        raise TypeError("richelieu: seed must be an int (the master seed of the deals, as ./richelieu --seed), "
                        "not None")
    seed = check_seed(seed)
    variant = check_variant(variant)
    deck = check_deck(deck)
    plugins = check_plugins(plugins)
    from .vector import RichelieuVectorEnv
    from gymnasium.vector import AutoresetMode
    rows = 2 * min(int(pairs), int(batch) // 2 or 1)
    try:
        v = RichelieuVectorEnv(rows, opponent=opponent, seat=[r % 2 for r in range(rows)], players=2, variant=variant,
                               deck=deck, plugins=plugins, observation_dtype=observation_dtype, threads=threads,
                               copy=False, autoreset_mode=AutoresetMode.NEXT_STEP, illegal_action="raise", jar=jar)
    except ValueError as e:
        # the environment's refusal of a spec names no argument of this call
        message = str(e).removeprefix("richelieu: ")
        raise ValueError(f"richelieu: opponent {opponent!r}: {message}") from None
    try:
        return _play(v, policy, opponent, int(pairs), seed, name, records)
    finally:
        v.close()


def _play(v, policy, opponent, pairs, seed, name, keep_records):
    rows = v.num_envs
    java = v._java
    jpype = v._jpype
    v.reset(seed=[seed] * rows)  # each row is then started on its own game of the run
    next_pair = [0, 0]  # the next pair whose game with the policy in seat s is still to start
    job = np.full(rows, -1, dtype=np.int64)  # the pair each row plays, -1 when idle

    def start(r):
        s = r % 2
        if next_pair[s] < pairs:
            k = next_pair[s]
            next_pair[s] += 1
            try:
                java.startRunGame(r, seed, k, s)
            except jpype.JException as e:
                raise RuntimeError(f"richelieu: {_message(e)}") from None
            job[r] = k
        else:
            job[r] = -1

    for r in range(rows):
        start(r)
    points = np.full((pairs, 2), -1, dtype=np.int64)  # half-points of pair k's game with the policy in seat s
    margins, forfeits = [], 0
    kept = [None] * (2 * pairs) if keep_records else None
    obs = v.observations()
    while (job >= 0).any():
        # rows whose game ended at the last step wait for it (their action is ignored); idle rows play on unseen
        active = (job >= 0) & (obs["action_mask"].any(axis=1))
        legal, count = v.legal_actions()
        a = np.where(count > 0, legal[:, 0], 0).astype(np.int64)
        idx = np.flatnonzero(active)
        if idx.size:
            chosen = _ask(policy, obs["observation"][idx], obs["action_mask"][idx])
            a[idx] = chosen
        obs, reward, terminated, _, info = v.step(a)
        for r in np.flatnonzero(terminated & (job >= 0)):
            k, s = int(job[r]), r % 2
            result = reward[r]
            points[k, s] = 2 if result == _WIN else 1 if result == _DRAW else 0
            failed = "forfeit" in info and info["_forfeit"][r]
            if failed:
                forfeits += 1
            else:
                scores = info["scores"][r]
                margins.append(int(scores[s]) - int(scores[1 - s]))
            if kept is not None:
                kept[2 * k + s] = v.record(int(r))
            start(int(r))
        if terminated.any():
            obs = v.observations()
    penta = [0] * 5
    for k in range(pairs):
        penta[int(points[k].sum())] += 1
    flat = points.ravel()
    return match_statistics(int((flat == 2).sum()), int((flat == 1).sum()), int((flat == 0).sum()), penta, margins,
                            names=(name, opponent), forfeits=forfeits, records=kept or ())


def _ask(policy, observations, masks):
    """The policy's actions for these games, checked: n integer indices, each legal where it is played."""
    n = masks.shape[0]
    out = policy(observations, masks)
    try:
        a = np.asarray(out)
    except Exception:
        a = None
    if a is None or a.shape != (n,) or a.dtype.kind not in "iu":
        shape = getattr(a, "shape", None)
        raise ValueError(f"richelieu: policy must return {n} integer action indices (one per game asked), "
                         f"not {shape if shape is not None else type(out).__name__} of "
                         f"{getattr(a, 'dtype', '?')}")
    inside = (a >= 0) & (a < actions.COUNT)
    ok = np.zeros(n, dtype=bool)
    ok[inside] = masks[np.flatnonzero(inside), a[inside]] != 0
    if not ok.all():
        i = int(np.flatnonzero(~ok)[0])
        legal = np.flatnonzero(masks[i])
        shown = ", ".join(actions.text(int(x)) for x in legal[:8]) + (", …" if legal.size > 8 else "")
        what = actions.text(int(a[i])) if inside[i] else "outside 0 … 2453"
        raise ValueError(f"richelieu: policy returned an illegal action: {int(a[i])} ({what}) for game {i} of the "
                         f"batch; legal there: {shown}")
    return a
