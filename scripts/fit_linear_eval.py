#!/usr/bin/env python3
"""Texel-style fit of heuristic-2p's evaluation: one multiplier per term, by logistic regression.

heuristic-2p's HeuristicEvaluation sums 38 terms per seat (per category: the majority at its
likely points, the absent or present region, the markers' spots; then the spare markers and the
cards' cost); its judgement is own terms minus the other seat's. A linear re-weighting keeps that
shape with one multiplier per term, shared by both seats (the judgement stays antisymmetric:
swapping the seats negates it), so the cut-off of a search pays nothing extra for it:

    e = sum_k m_k * (own_k - other_k)

The multipliers are fitted to what the search wants the cut-off to predict, by minimising the
cross-entropy of a link of e against a label in [0, 1], with an L2 pull of every m_k toward 1
(the hand weights) and one free overall scale kappa (p = link(kappa * e)):

  --target outcome : label the game's outcome from the row's seat (win 1, draw 0.5, loss 0);
                     link the logistic 1 / (1 + exp(-x / evalScale)): kappa fits the scale.
  --target reward  : label what the search's reward would be at the game's end (RolloutReward:
                     (1 - margin) * share + margin * (0.5 + 0.5 tanh(final margin / marginScale)));
                     link the reward the search gives a cut-off judged e (the same blend of the
                     logistic and the squashed judgement), so the cut-off estimates the very
                     reward the rollouts that finish return.

The multipliers written (kappa * m_k) are in the units the search's cut-off reads with its
evalScale: with all of them 1 the judgement is heuristic-2p's to the bit. Rows are split by game
(every --holdout-th deal held out, both its games); L2's strength is chosen by cross-validation over the training
games only; the held-out log-loss is reported for heuristic-2p's terms as the search reads them
today, for the scale alone refitted, and for the fitted multipliers.

    python3 scripts/fit_linear_eval.py --data DIR --seed 1 --out FILE.txt --report FILE.json

Needs numpy and scipy (the system's, or a venv with both). Deterministic: the folds derive from
--seed and the optimiser is deterministic.
"""
import argparse
import collections
import datetime
import glob
import json
import os
import sys
import time
import zlib

# One BLAS thread: with several, BLAS splits its sums by the machine's cores and load, and the
# same data and seed gave multipliers that differed in the ninth digit (another CRC-32) from run
# to run; set before numpy loads its BLAS, whatever the environment asks for.
for _threads in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ[_threads] = "1"

import numpy as np  # noqa: E402 (after the thread settings, which numpy reads once on import)
from scipy.optimize import minimize  # noqa: E402

SEAT_TERMS = 38
CATEGORIES = 12
# the names of a seat's terms, as HeuristicEvaluation.terms writes them
CATEGORY_NAMES = ["bourgogne", "bretagne", "champagne", "normandie", "languedoc", "provence", "anjou", "bourbon",
                  "auvergne", "sword", "cross", "tower"]
TERM_NAMES = [f"{c}.{part}" for c in CATEGORY_NAMES for part in ("majority", "presence", "spots")] + [
    "markers", "cardCost"]
# the search's reward at a cut-off (ismcts-mast-2p's preset as pimc plays it); --eval-scale, --margin
# and --margin-scale fit for another bot's reward (pimc-2p's evalScale 22.9146, margin 0.91057)
EVAL_SCALE = 10.0
MAX_CARDS = 48
MARGIN = 0.90952
MARGIN_SCALE = 10.0
Reward = collections.namedtuple("Reward", "eval_scale margin margin_scale")


def fail(message):
    """Bad input: one line on stderr and exit code 2, as the project's commands do."""
    print(f"fit_linear_eval: {message}", file=sys.stderr)
    raise SystemExit(2)


def load(folder, min_cards):
    files = sorted(glob.glob(os.path.join(folder, "chunk-*.npz")))
    if not files:
        fail(f"--data {folder}: no chunk-*.npz files (./richelieu dataset writes them)")
    parts = {k: [] for k in ("terms", "heuristic", "margin", "outcome", "game", "cards", "group")}
    for f in files:
        z = np.load(f)
        if "heuristic_terms" not in z.files:
            fail(f"--data {folder}: {os.path.basename(f)} has no heuristic_terms column (a data set made before it)")
        parts["terms"].append(z["heuristic_terms"].astype(np.float64))
        for k in ("heuristic", "margin", "outcome", "game", "cards", "group"):
            parts[k].append(z[k])
    d = {k: np.concatenate(v) for k, v in parts.items()}
    if d["terms"].shape[1] != 2 * SEAT_TERMS:
        fail(f"--data {folder}: heuristic_terms has {d['terms'].shape[1]} columns, not {2 * SEAT_TERMS}")
    # the games' own rows only (siblings are positions the game never reached), at the depths a cut-off judges
    keep = (d["group"] == -1) & (d["cards"] >= min_cards)
    d = {k: v[keep] for k, v in d.items()}
    d["x"] = d["terms"][:, :SEAT_TERMS] - d["terms"][:, SEAT_TERMS:]
    # the terms sum to the judgement (float32 rounding of the stored terms aside)
    gap = np.max(np.abs(d["x"].sum(axis=1) - d["heuristic"]))
    if gap > 1e-3 * max(1.0, np.max(np.abs(d["heuristic"]))):
        fail(f"--data {folder}: the terms do not sum to the heuristic column (largest gap {gap:.4g})")
    return d, files


def labels(d, target, reward):
    win = np.where(d["outcome"] > 0, 1.0, np.where(d["outcome"] < 0, 0.0, 0.5))
    if target == "outcome":
        return win
    squashed = 0.5 + 0.5 * np.tanh(d["margin"].astype(np.float64) / reward.margin_scale)
    return (1 - reward.margin) * win + reward.margin * squashed


def sigmoid(x):
    return 0.5 * (1 + np.tanh(0.5 * x))


def link(e, target, reward):
    """The prediction for a judgement e and its derivative."""
    if target == "outcome":
        p = sigmoid(e / reward.eval_scale)
        return p, p * (1 - p) / reward.eval_scale
    a = sigmoid(e / reward.eval_scale)
    t = np.tanh(e / reward.margin_scale)
    p = (1 - reward.margin) * a + reward.margin * (0.5 + 0.5 * t)
    dp = ((1 - reward.margin) * a * (1 - a) / reward.eval_scale
          + reward.margin * 0.5 * (1 - t * t) / reward.margin_scale)
    return p, dp


def log_loss(p, y):
    p = np.clip(p, 1e-12, 1 - 1e-12)
    return float(np.mean(-(y * np.log(p) + (1 - y) * np.log(1 - p))))


def fit(x, y, target, lam, free, reward):
    """Multipliers m (where free) and kappa minimising the mean cross-entropy + lam * sum (m - 1)^2."""
    n, k = x.shape

    def unpack(theta):
        m = np.ones(k)
        m[free] = theta[:-1]
        return m, theta[-1]

    def objective(theta):
        m, kappa = unpack(theta)
        e = x @ m
        p, dp = link(kappa * e, target, reward)
        p = np.clip(p, 1e-12, 1 - 1e-12)
        loss = np.mean(-(y * np.log(p) + (1 - y) * np.log(1 - p))) + lam * np.sum((m - 1) ** 2)
        dl_dp = (p - y) / (p * (1 - p)) / n
        g_e = dl_dp * dp
        grad_m = kappa * (x.T @ g_e) + 2 * lam * (m - 1)
        grad_kappa = float(g_e @ e)
        return loss, np.concatenate([grad_m[free], [grad_kappa]])

    theta0 = np.concatenate([np.ones(int(free.sum())), [1.0]])
    r = minimize(objective, theta0, jac=True, method="L-BFGS-B", options={"maxiter": 2000, "gtol": 1e-10})
    return unpack(r.x)


def predict(x, m, kappa, target, reward):
    return link(kappa * (x @ m), target, reward)[0]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data", required=True, help="a ./richelieu dataset folder (2 players, with heuristic_terms)")
    ap.add_argument("--seed", type=int, required=True, help="seed of the cross-validation folds")
    ap.add_argument("--target", choices=["outcome", "reward"], default="reward")
    ap.add_argument("--min-cards", type=int, default=6,
                    help="fit on turn starts with at least this many cards on the table (the cut-offs' depths)")
    ap.add_argument("--phases", default="none",
                    help="'none', or the most cards on the table of each phase but the last, comma-separated "
                         "(e.g. 16,32): a multiplier set per phase")
    ap.add_argument("--holdout", type=int, default=5, help="every N-th deal is held out (game / 2 %% N == 0)")
    ap.add_argument("--lambdas", default="1e-5,1e-4,1e-3,1e-2,1e-1", help="L2 strengths tried by cross-validation")
    ap.add_argument("--folds", type=int, default=4)
    ap.add_argument("--eval-scale", type=float, default=EVAL_SCALE,
                    help="the searching bot's evalScale: the logistic of its cut-off's reward")
    ap.add_argument("--margin", type=float, default=MARGIN,
                    help="the searching bot's margin: the weight of the squashed margin in its reward")
    ap.add_argument("--margin-scale", type=float, default=MARGIN_SCALE,
                    help="the searching bot's marginScale: the tanh's scale of the margin in its reward")
    ap.add_argument("--out", help="the weights file to write (strategies' linear-2p.txt)")
    ap.add_argument("--report", help="a JSON file with the numbers")
    args = ap.parse_args(argv)
    if not args.eval_scale > 0:
        fail(f"--eval-scale {args.eval_scale:g}: must be positive")
    if not 0 <= args.margin <= 1:
        fail(f"--margin {args.margin:g}: must be from 0 to 1")
    if not args.margin_scale > 0:
        fail(f"--margin-scale {args.margin_scale:g}: must be positive")
    reward = Reward(args.eval_scale, args.margin, args.margin_scale)
    if args.holdout < 2:
        fail(f"--holdout {args.holdout}: must be at least 2")
    if args.folds < 2:
        fail(f"--folds {args.folds}: must be at least 2")
    try:
        lambdas = [float(v) for v in args.lambdas.split(",")]
    except ValueError:
        fail(f"--lambdas {args.lambdas}: not a comma-separated list of numbers")
    if any(v < 0 for v in lambdas):
        fail(f"--lambdas {args.lambdas}: strengths must be >= 0")

    try:
        bounds = [int(v) for v in args.phases.split(",")] if args.phases != "none" else []
    except ValueError:
        fail(f"--phases {args.phases}: not 'none' or a comma-separated list of card counts")
    if bounds != sorted(set(bounds)) or any(b < args.min_cards or b >= MAX_CARDS for b in bounds):
        fail(f"--phases {args.phases}: card counts must rise, each from --min-cards to {MAX_CARDS - 1}")
    # phase b holds the positions with more than bounds[b - 1] and at most bounds[b] cards on the table
    highs = bounds + [MAX_CARDS]

    started = time.process_time()
    d, files = load(args.data, args.min_cards)
    y = labels(d, args.target, reward)
    x = d["x"]
    phase = np.searchsorted(np.array(highs), d["cards"])
    # games 2k and 2k + 1 play the same deal with the seats swapped: a deal is held out whole
    deal = d["game"] // 2
    held = deal % args.holdout == 0
    train, test = ~held, held
    rng = np.random.default_rng(args.seed)
    fold_of = {}
    for g, f in zip(np.unique(deal[train]), rng.permutation(len(np.unique(deal[train]))) % args.folds):
        fold_of[g] = f

    ones = np.ones(SEAT_TERMS)
    p_hand = predict(x, ones, 1.0, args.target, reward)
    # the scale alone, one for all phases (what evalScale could do today)
    _, kappa_only = fit(x[train], y[train], args.target, 0.0, np.zeros(SEAT_TERMS, dtype=bool), reward)
    p_scale = predict(x, ones, kappa_only, args.target, reward)
    p_fit = np.zeros(len(y))
    p_phase_scale = np.zeros(len(y))
    multipliers, phases = [], []
    for b in range(len(highs)):
        rows = phase == b
        tr, te = train & rows, test & rows
        xt, yt = x[tr], y[tr]
        fold = np.array([fold_of[g] for g in deal[tr]])
        # a term that never varies carries no information: it keeps its hand weight
        free = np.any(xt != 0, axis=0)
        cv = {}
        for lam in lambdas:
            losses = []
            for f in range(args.folds):
                m, kappa = fit(xt[fold != f], yt[fold != f], args.target, lam, free, reward)
                losses.append(log_loss(predict(xt[fold == f], m, kappa, args.target, reward), yt[fold == f]))
            cv[lam] = float(np.mean(losses))
        best = min(lambdas, key=lambda v: (cv[v], -v))
        m, kappa = fit(xt, yt, args.target, best, free, reward)
        p_fit[rows] = predict(x[rows], m, kappa, args.target, reward)
        # the phase's scale alone: how much of the gain is the scale, how much the terms' weights
        _, kappa_phase = fit(xt, yt, args.target, 0.0, np.zeros(SEAT_TERMS, dtype=bool), reward)
        p_phase_scale[rows] = predict(x[rows], ones, kappa_phase, args.target, reward)
        multipliers.append(kappa * m)
        lo = args.min_cards if b == 0 else highs[b - 1] + 1
        phases.append({"cards": f"{lo}-{highs[b]}", "trainRows": int(tr.sum()), "heldOutRows": int(te.sum()),
                       "lambdaCv": {str(k): v for k, v in cv.items()}, "lambda": best, "kappa": kappa,
                       "phaseScaleKappa": kappa_phase,
                       "heldOutLogLoss": {"hand": log_loss(p_hand[te], y[te]), "scaleOnly": log_loss(p_scale[te], y[te]),
                                          "phaseScaleOnly": log_loss(p_phase_scale[te], y[te]),
                                          "fitted": log_loss(p_fit[te], y[te])},
                       "multipliers": {TERM_NAMES[k]: round(float(kappa * m[k]), 6) for k in range(SEAT_TERMS)},
                       "free": int(free.sum())})
        print(f"cards {lo}-{highs[b]}: lambda {best:g} (cross-validated {cv[best]:.5f}), held-out log-loss "
              f"hand {phases[-1]['heldOutLogLoss']['hand']:.5f} fitted {phases[-1]['heldOutLogLoss']['fitted']:.5f}",
              file=sys.stderr)
    cpu = time.process_time() - started
    report = {
        "target": args.target, "data": args.data, "chunks": len(files), "minCards": args.min_cards,
        "phases": args.phases, "seed": args.seed,
        "rows": {"train": int(train.sum()), "heldOut": int(test.sum())},
        "games": {"train": int(len(np.unique(d["game"][train]))), "heldOut": int(len(np.unique(d["game"][test])))},
        "heldOutLogLoss": {"constant": log_loss(np.full(int(test.sum()), float(np.mean(y[train]))), y[test]),
                           "hand": log_loss(p_hand[test], y[test]), "scaleOnly": log_loss(p_scale[test], y[test]),
                           "phaseScaleOnly": log_loss(p_phase_scale[test], y[test]),
                           "fitted": log_loss(p_fit[test], y[test])},
        "scaleOnlyKappa": kappa_only,
        "scaleOnlyEvalScale": reward.eval_scale / kappa_only if args.target == "outcome" else None,
        "byPhase": phases, "cpuSeconds": round(cpu, 1),
    }
    for key, v in report["heldOutLogLoss"].items():
        print(f"held-out log-loss {key}: {v:.5f}", file=sys.stderr)
    if args.report:
        with open(args.report, "w") as f:
            json.dump(report, f, indent=1)
            f.write("\n")
    if args.out:
        write_weights(args, highs, multipliers, report, len(y))
    print(f"fit_linear_eval: {cpu:.1f} CPU s", file=sys.stderr)


def write_weights(args, highs, multipliers, report, rows):
    """The weights file LinearEvaluation reads: key: value lines, '---', then per term its name and a multiplier per phase."""
    with open(os.path.join(args.data, "dataset.json")) as f:
        dataset = json.load(f)
    body = "".join(TERM_NAMES[k] + "".join(f" {float(m[k]):.9g}" for m in multipliers) + "\n"
                   for k in range(SEAT_TERMS))
    command = (f"python3 scripts/fit_linear_eval.py --data {args.data} --seed {args.seed} --target {args.target} "
               f"--min-cards {args.min_cards} --phases {args.phases} --holdout {args.holdout} "
               f"--lambdas {args.lambdas} --folds {args.folds}")
    # the reward's constants only when not the defaults, so that the shipped file's header stays as it was
    non_default = (args.eval_scale, args.margin, args.margin_scale) != (EVAL_SCALE, MARGIN, MARGIN_SCALE)
    if non_default:
        command += f" --eval-scale {args.eval_scale:g} --margin {args.margin:g} --margin-scale {args.margin_scale:g}"
    command += f" --out {args.out}"
    loss = report["heldOutLogLoss"]
    header = [
        "richelieu-linear-eval 1",
        f"terms: {SEAT_TERMS}",
        f"phases: {','.join(str(h) for h in highs)}",
        f"target: {args.target}",
        f"evalScale: {args.eval_scale:g}",
    ] + ([f"margin: {args.margin:g}", f"marginScale: {args.margin_scale:g}"] if non_default else []) + [
        f"command: {command}",
        f"seed: {args.seed}",
        f"data: {dataset.get('command', '?')}",
        f"rows: {rows} (train {report['rows']['train']}, held out {report['rows']['heldOut']}), "
        f"games {report['games']['train'] + report['games']['heldOut']}, cards >= {args.min_cards}",
        f"heldOutLogLoss: hand {loss['hand']:.5f}, scale only {loss['scaleOnly']:.5f}, fitted {loss['fitted']:.5f}",
        f"date: {datetime.date.today().isoformat()}",
        f"crc32: {zlib.crc32(body.encode('ascii')):08x}",
        "---",
    ]
    with open(args.out, "w") as f:
        f.write("\n".join(header) + "\n" + body)


if __name__ == "__main__":
    main()
