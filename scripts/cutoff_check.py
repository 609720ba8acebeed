#!/usr/bin/env python3
"""How well a judge of a search's cut-off predicts the exact value of the positions the search
itself judges (docs/learned-eval.md, "The search's own cut-offs").

    .venv/bin/python scripts/cutoff_check.py --data DIR [--data DIR ...] \\
        --weights strategies/src/main/resources/richelieu/strategies/learned/value-2p.net [--weights OTHER.net]

DIR is a data set of ``./richelieu dataset --cutoffs K``: rows of the positions a search judged at
its cut-offs, from the searching seat, labelled by the exact solver, the cut-offs of one decision
one group. For heuristic-2p's judgement (the ``heuristic`` column) and each net, it prints: the
mean within-decision Pearson r with the solver's margin (what the search compares), how often the
judge's best cut-off of a decision is a solver-best one, the pooled r, the mean error (judge minus
solver: a shift the search adds to every cut-off, against rollouts that end the game), the mean
absolute error, the slope of the solver's margin regressed on the judge's (1: its spread is
right; below 1 it overstates differences), and the calibration of the win chance the search derives from it: the log loss
of 1 / (1 + e^(-points/scale)) against the solver's outcome at the search's evalScale 10 and at
the best scale, and the mean squared error of the search's reward (``RolloutReward``: margin
weight 0.90952 and margin scale 10 of ismcts-mast-2p, the middle game of pimc) against the reward
of the exact value. Also the mean error by cards on the table.

Every argument is checked first; a bad one raises ``ValueError`` naming it.
"""
import argparse
import os
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import train_eval  # noqa: E402  (the data set loader and the check's metrics)

MARGIN_WEIGHT = 0.90952  # ismcts-mast-2p's margin, pimc's middle game
MARGIN_SCALE = 10.0


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--data", action="append", required=True, metavar="DIR", help="a dataset --cutoffs folder")
    p.add_argument("--weights", action="append", default=[], metavar="FILE", help="a 2-player weights file")
    p.add_argument("--eval-scale", type=float, default=10.0, help="the search's evalScale (default 10)")
    a = p.parse_args(argv)
    for w in a.weights:
        if not os.path.isfile(w):
            raise ValueError(f"--weights {w}: no such file")
    if not a.eval_scale > 0:
        raise ValueError(f"--eval-scale must be > 0, not {a.eval_scale}")
    return a


def read_net(path):
    """A weights file's header (dict) and its layers as numpy arrays, as ValueNet reads them."""
    import numpy as np
    with open(path, "rb") as f:
        raw = f.read()
    cut = raw.find(b"\n---\n")
    if cut < 0 or not raw.startswith(train_eval.MAGIC.encode()):
        raise ValueError(f"--weights {path}: not a {train_eval.MAGIC!r} file")
    header = {}
    for line in raw[:cut].decode("utf-8").split("\n")[1:]:
        k, _, v = line.partition(": ")
        header[k] = v
    n, h1, h2, _ = (int(t) for t in header["shape"].split())
    w = np.frombuffer(raw[cut + 5:], dtype="<f4").astype(np.float64)
    sizes = [n * h1, h1, h1 * h2, h2, h2, 1]
    if len(w) != sum(sizes):
        raise ValueError(f"--weights {path}: payload of {len(w)} floats, the shape needs {sum(sizes)}")
    parts, at = [], 0
    for s in sizes:
        parts.append(w[at:at + s])
        at += s
    return header, (parts[0].reshape(n, h1), parts[1], parts[2].reshape(h1, h2), parts[3], parts[4], parts[5][0])


def net_value(header, layers, data):
    """The net's judgement of every row from its seat, as LearnedEvaluation gives it (gate included)."""
    import numpy as np
    w1, b1, w2, b2, w3, b3 = layers
    x = data["features"].astype(np.float64)
    terms = "heuristic-terms" in header["features"]
    if terms:
        x = np.concatenate([x, data["heuristic_terms"].astype(np.float64)], axis=1)
    out = np.maximum(np.maximum(x @ w1 + b1, 0) @ w2 + b2, 0) @ w3 + b3
    if header["output"] == "margin":
        return out
    h = data["heuristic"].astype(np.float64)
    gate = int(header.get("correct-cards", "64"))
    return np.where(data["cards"] <= gate, out + h, h)


def reward(points, scale):
    """RolloutReward.judged: the searching seat's reward of a judgement in points."""
    import numpy as np
    win = 1 / (1 + np.exp(-points / scale))
    return (1 - MARGIN_WEIGHT) * win + MARGIN_WEIGHT * (0.5 + 0.5 * np.tanh(points / MARGIN_SCALE))


def judge_figures(pred, truth, win, groups, scale):
    import numpy as np
    best = 0
    for g in groups:
        best += truth[g][np.argmax(pred[g])] == truth[g].max()
    fitted = min(train_eval.SCALES, key=lambda c: train_eval.log_loss(pred, win, c))
    exact_reward = (1 - MARGIN_WEIGHT) * win + MARGIN_WEIGHT * (0.5 + 0.5 * np.tanh(truth / MARGIN_SCALE))
    return {"within r": train_eval.within_r(pred, truth, groups), "best right": best,
            "pooled r": float(np.corrcoef(pred, truth)[0, 1]),
            "slope": float(np.cov(pred, truth)[0, 1] / np.var(pred, ddof=1)),
            "mean error": float(np.mean(pred - truth)),
            "mae": float(np.mean(np.abs(pred - truth))),
            f"log loss @{scale:g}": train_eval.log_loss(pred, win, scale),
            "fitted scale": fitted, "log loss @fitted": train_eval.log_loss(pred, win, fitted),
            "reward mse": float(np.mean((reward(pred, scale) - exact_reward) ** 2))}


def root_action_figures(judges, truth, data):
    """What the search compares: per decision, each root action's mean judged value over its cut-offs."""
    import numpy as np
    keys = data["game"] * 4096 + data["group"]
    decisions = []
    for k in np.unique(keys):
        rows = np.nonzero(keys == k)[0]
        actions = [rows[data["root_action"][rows] == a] for a in np.unique(data["root_action"][rows])]
        actions = [r for r in actions if len(r) >= 2]
        if len(actions) >= 2:
            decisions.append(actions)
    print(f"root actions: {len(decisions)} decisions with >= 2 root actions of >= 2 cut-offs each "
          f"({sum(len(d) for d in decisions)} root actions); per judge: mean within-decision r of the root actions' "
          f"mean values with the solver's, and how often its best root action is the solver's best")
    for name, pred in judges.items():
        rs, right = [], 0
        for actions in decisions:
            p = np.array([pred[r].mean() for r in actions])
            t = np.array([truth[r].mean() for r in actions])
            if len(actions) >= 3 and p.std() > 0 and t.std() > 0:
                rs.append(np.corrcoef(p, t)[0, 1])
            right += t[np.argmax(p)] == t.max()
        print(f"  {name:<26} r {np.mean(rs) if rs else float('nan'):.4f} ({len(rs)} decisions with >= 3), "
              f"best right {right} of {len(decisions)}")


def main(argv=None):
    import numpy as np
    a = parse_args(sys.argv[1:] if argv is None else argv)
    data, manifests = train_eval.load(a.data)
    for d, m in zip(a.data, manifests):
        if not m.get("cutoffs"):
            raise ValueError(f"--data {d}: not a data set of search cut-offs (dataset --cutoffs)")
    truth = data["solver_margin"].astype(np.float64)
    win = (data["solver_outcome"].astype(np.float64) + 1) / 2
    groups = train_eval.sibling_groups(data["game"], data["group"])
    judges = {"heuristic-2p": data["heuristic"].astype(np.float64)}
    for w in a.weights:
        header, layers = read_net(w)
        judges[os.path.basename(w)] = net_value(header, layers, data)
    print(f"{len(truth)} cut-offs of {len(groups)} decisions (>= 2 cut-offs), {len(np.unique(data['game']))} games; "
          f"solver margin mean {truth.mean():+.2f}, sd {truth.std():.2f}; searching seat wins {np.mean(win):.3f}")
    rows = {name: judge_figures(pred, truth, win, groups, a.eval_scale) for name, pred in judges.items()}
    keys = list(next(iter(rows.values())))
    print(f"{'judge':<28}" + "".join(f"{k:>17}" for k in keys))
    for name, f in rows.items():
        print(f"{name:<28}" + "".join(f"{f[k]:>17.4f}" if isinstance(f[k], float) else f"{f[k]:>17}" for k in keys))
    if "root_action" in data and (data["root_action"] >= 0).any():
        root_action_figures(judges, truth, data)
    print("mean error (judge - solver) by cards on the table:")
    cards = data["cards"]
    for c in sorted(set(cards.tolist())):
        sel = cards == c
        print(f"  {c:2d} cards, {sel.sum():5d} rows: " + ", ".join(
            f"{name} {np.mean(pred[sel] - truth[sel]):+.2f}" for name, pred in judges.items()))
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except ValueError as e:
        print(f"cutoff_check: {e}", file=sys.stderr)
        sys.exit(2)
