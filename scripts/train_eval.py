#!/usr/bin/env python3
"""Train the learned evaluation (docs/learned-eval.md): one command from a data set of
``./richelieu dataset`` to the Java weights file, a learning curve and test vectors.

    .venv/bin/python scripts/train_eval.py --data DIR [--data DIR ...] --seed 1 \\
        --weights strategies/src/main/resources/richelieu/strategies/learned/value-2p.net \\
        --curve results/learned-eval/curve \\
        --vectors strategies/src/test/resources/richelieu/strategies/learned/value-2p-vectors.csv

The network is ValueNet's: features -> h1 -> h2 -> 1 with ReLU, its output the seat's expected
final margin in points. Each row's target is the exact solver's margin where the data set has
it (the open game under best play) and the game's final margin elsewhere (--label), or there a
blend with heuristic-2p's judgement of the position (--distill). With --rank-weight, a second
loss asks the net to order sibling continuations (rows of one group of ``dataset --siblings``:
one seat's view of the positions different turns lead to from one position) as the solver does:
a Huber loss on the values centred within each group, what a search's cut-off needs. Games, not
rows, are split into training and validation (a game's rows are correlated: both seats of every
position, positions of one game). Training is on the CPU, full determinism asked of torch, so
the same data, seed and --threads give the same weights.

With 3 or 4 players (``dataset --players``) the rows are labelled by the game's outcome only (the
solver is for 2 players): the target is the final margin against the best other seat. The figures
then include how well the net and heuristic-2p's judgement (the data set's ``heuristic`` column,
what ``rollout=cutoff`` judges with) predict the held-out games' outcomes: the log loss of the win
chance the search derives from each (a logistic curve of the points, at the search's ``evalScale``
10 and at the scale that fits the training rows best).

Every argument is checked first; a bad one raises ``ValueError`` naming it.
"""
import argparse
import datetime
import json
import os
import shlex
import struct
import sys
import time
import zlib

MAGIC = "richelieu-value-net 1"
FORMAT = "richelieu-dataset 1"


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--data", action="append", required=True, metavar="DIR",
                   help="a data set folder of ./richelieu dataset (repeatable: the folders are joined)")
    p.add_argument("--weights", required=True, metavar="FILE", help="the Java weights file to write")
    p.add_argument("--curve", required=True, metavar="PREFIX",
                   help="writes PREFIX.csv (one line per epoch) and PREFIX.png")
    p.add_argument("--vectors", metavar="FILE",
                   help="writes a few validation rows with torch's output, for the Java equality test")
    p.add_argument("--seed", type=int, default=1, help="seed of the split, the initial weights and the batches")
    p.add_argument("--hidden", default="64,32", help="the two hidden widths (default 64,32)")
    p.add_argument("--epochs", type=int, default=40)
    p.add_argument("--batch", type=int, default=256)
    p.add_argument("--lr", type=float, default=1e-3)
    p.add_argument("--weight-decay", type=float, default=1e-4)
    p.add_argument("--val-fraction", type=float, default=0.1, help="share of each folder's games held out (default 0.1)")
    p.add_argument("--label", choices=["mix", "outcome", "solver"], default="mix",
                   help="mix: solver margin where solved, final margin elsewhere; outcome: final margin; "
                        "solver: solved rows only")
    p.add_argument("--distill", type=float, default=0.0, metavar="W",
                   help="rows without a solver label: target W * heuristic-2p's judgement + (1 - W) * final margin "
                        "(default 0: the final margin)")
    p.add_argument("--residual", action="store_true",
                   help="the net learns the target minus heuristic-2p's judgement; Java adds the judgement back "
                        "(weights output 'margin-over-heuristic-2p')")
    p.add_argument("--terms", action="store_true",
                   help="with --residual: the net also reads heuristic-2p's terms (the data's heuristic_terms "
                        "column) after the features, to re-weigh them (weights features '... + heuristic-terms 1')")
    p.add_argument("--blend", action="store_true",
                   help="with --residual: keep the epoch and the scale alpha of the net's correction (judgement + "
                        "alpha * net) that rank the held-out sibling groups best (mean within-group r); the "
                        "written net's last layer is scaled by alpha (alpha 0: heuristic-2p's judgement alone)")
    p.add_argument("--correct-cards", type=int, default=None, metavar="N",
                   help="with --residual: Java applies the net's correction only with at most N cards on the table "
                        "(where its labels were exact), heuristic-2p's judgement alone above (default: everywhere)")
    p.add_argument("--select-data", action="append", default=None, metavar="DIR",
                   help="with --blend: choose on the held-out groups of these --data folders only (default all)")
    p.add_argument("--rank-weight", type=float, default=0.0, metavar="L",
                   help="weight of the within-group (sibling) loss (default 0: none)")
    p.add_argument("--threads", type=int, default=1, help="torch CPU threads (the result depends on it)")
    p.add_argument("--date", default=None, help="the date in the weights' provenance (default: today, UTC)")
    a = p.parse_args(argv)
    try:
        hidden = [int(h) for h in a.hidden.split(",")]
    except ValueError:
        raise ValueError(f"--hidden must be two integers like 64,32, not {a.hidden!r}") from None
    if len(hidden) != 2 or min(hidden) < 1 or max(hidden) > 4096:
        raise ValueError(f"--hidden must be two widths 1..4096 like 64,32, not {a.hidden!r}")
    a.hidden = hidden
    for name, value, lo, hi in [("--epochs", a.epochs, 1, 100000), ("--batch", a.batch, 1, 1 << 20),
                                ("--threads", a.threads, 1, 1024)]:
        if not lo <= value <= hi:
            raise ValueError(f"{name} must be between {lo} and {hi}, not {value}")
    if not a.lr > 0 or not a.weight_decay >= 0:
        raise ValueError(f"--lr must be > 0 and --weight-decay >= 0, not {a.lr} and {a.weight_decay}")
    if not 0 <= a.distill <= 1:
        raise ValueError(f"--distill must be between 0 and 1, not {a.distill}")
    if not 0 <= a.rank_weight <= 1000:
        raise ValueError(f"--rank-weight must be between 0 and 1000, not {a.rank_weight}")
    if (a.terms or a.blend) and not a.residual:
        raise ValueError("--terms and --blend need --residual (a net over heuristic-2p's judgement)")
    if a.correct_cards is not None and not (a.residual and 0 <= a.correct_cards <= 64):
        raise ValueError(f"--correct-cards needs --residual and a count 0..64, not {a.correct_cards}")
    if a.select_data and not a.blend:
        raise ValueError("--select-data chooses the blend: give --blend too")
    for d in a.select_data or []:
        if d not in a.data:
            raise ValueError(f"--select-data {d} is not one of the --data folders")
    if not 0 < a.val_fraction < 1:
        raise ValueError(f"--val-fraction must be between 0 and 1 (exclusive), not {a.val_fraction}")
    return a


def load(dirs):
    """Every chunk of every folder, checked against its dataset.json; one dict of numpy arrays."""
    import numpy as np
    parts = []
    manifests = []
    for d in dirs:
        path = os.path.join(d, "dataset.json")
        if not os.path.isfile(path):
            raise ValueError(f"--data {d}: no dataset.json there (make one with ./richelieu dataset --out {d})")
        with open(path) as f:
            m = json.load(f)
        if m.get("format") != FORMAT:
            raise ValueError(f"--data {d}: dataset.json is not format {FORMAT!r}")
        if manifests and m.get("players", 2) != manifests[0].get("players", 2):
            raise ValueError(f"--data {d}: games of {m.get('players', 2)} players, the first --data has "
                             f"{manifests[0].get('players', 2)}; train one player count at a time")
        if manifests and (m["features"], m["featureCount"]) != (manifests[0]["features"], manifests[0]["featureCount"]):
            raise ValueError(f"--data {d}: features {m['features']} differ from {manifests[0]['features']}")
        for c in range(m["chunks"]):
            f = os.path.join(d, f"chunk-{c:05d}.npz")
            if not os.path.isfile(f):
                raise ValueError(f"--data {d}: chunk {c} of {m['chunks']} is missing; run its command again to "
                                 f"finish it: {m['command']}")
            with np.load(f) as z:
                part = {k: z[k] for k in z.files}
            n = len(part["margin"])
            # columns older data sets lack: no sibling groups, no heuristic judgement
            part.setdefault("group", np.full(n, -1, np.int32))
            part.setdefault("heuristic", np.full(n, np.nan, np.float32))
            part["game"] = part["game"].astype(np.int64) + (len(manifests) << 32)  # games of folders apart
            part["folder"] = np.full(n, len(manifests), np.int16)
            parts.append(part)
        manifests.append(m)
    common = [k for k in parts[0] if all(k in p for p in parts)]  # heuristic_terms: newer data sets only
    data = {k: np.concatenate([p[k] for p in parts]) for k in common}
    if data["features"].shape[1] != manifests[0]["featureCount"]:
        raise ValueError(f"--data: rows have {data['features'].shape[1]} features, dataset.json says "
                         f"{manifests[0]['featureCount']}")
    return data, manifests


def targets(data, label, distill=0.0):
    import numpy as np
    solved = data["solved"].astype(bool)
    outcome = data["margin"].astype(np.float32)
    if distill > 0:
        if np.isnan(data["heuristic"]).any():
            raise ValueError("--distill: some chunks have no heuristic column; make them again with this version")
        outcome = (distill * data["heuristic"] + (1 - distill) * outcome).astype(np.float32)
    if label == "outcome":
        keep = np.ones(len(solved), bool)
        y = outcome
    elif label == "solver":
        keep = solved
        y = data["solver_margin"].astype(np.float32)
    else:
        keep = np.ones(len(solved), bool)
        y = np.where(solved, data["solver_margin"], outcome).astype(np.float32)
    return keep, y


def sibling_groups(games, groups):
    """Row indices of each sibling group (one seat's view of one position's continuations), as a list."""
    import numpy as np
    rows = np.nonzero(groups >= 0)[0]
    if len(rows) == 0:
        return []
    keys = games[rows] * 4096 + groups[rows]
    order = np.argsort(keys, kind="stable")
    rows, keys = rows[order], keys[order]
    cut = np.nonzero(np.diff(keys))[0] + 1
    return [g for g in np.split(rows, cut) if len(g) >= 2]


def within_r(pred, truth, groups):
    """Mean Pearson correlation of pred with truth within each group where both vary."""
    import numpy as np
    rs = []
    for g in groups:
        a, b = pred[g], truth[g]
        if a.std() > 0 and b.std() > 0:
            rs.append(float(np.corrcoef(a, b)[0, 1]))
    return float(np.mean(rs)) if rs else float("nan")


ALPHAS = [0.0, 0.05, 0.1, 0.15, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0, 1.2, 1.5]


def best_blend(base, correction, truth, groups):
    """The alpha of ALPHAS whose base + alpha * correction has the highest mean within-group r with truth."""
    scored = [(within_r(base + alpha * correction, truth, groups), alpha) for alpha in ALPHAS]
    r, alpha = max(scored, key=lambda t: (t[0], -t[1]))  # ties: the smaller correction
    return alpha, r


SCALES = [1, 1.5, 2, 3, 4, 5, 6, 7, 8, 10, 12, 14, 17, 20, 25, 30, 40, 60]
SEARCH_SCALE = 10.0  # ismcts's evalScale: the points that make a win 73% likely at a cut-off


def log_loss(points, win, scale):
    """Mean cross-entropy of the win chance 1 / (1 + e^(-points/scale)) against win (1, 0.5 shared, 0)."""
    import numpy as np
    z = points / scale
    # log(1 + e^-z) and log(1 + e^z), stable
    return float(np.mean(win * np.logaddexp(0, -z) + (1 - win) * np.logaddexp(0, z)))


def outcome_check(pred_t, pred_v, win_t, win_v):
    """Held-out log loss of a judge's win chance: at the search's scale and at the training rows' best scale."""
    best = min(SCALES, key=lambda c: log_loss(pred_t, win_t, c))
    return {"at_search_scale": log_loss(pred_v, win_v, SEARCH_SCALE), "fitted_scale": best,
            "at_fitted_scale": log_loss(pred_v, win_v, best)}


def centred_loss(torch, pred, y, index, count, loss_fn):
    """The loss of the values centred within their groups: siblings ordered and spaced like the targets."""
    sums_p = torch.zeros(len(count)).index_add(0, index, pred)
    sums_y = torch.zeros(len(count)).index_add(0, index, y)
    return loss_fn(pred - (sums_p / count)[index], y - (sums_y / count)[index])


def payload(net):
    """ValueNet's payload order: W1 input-major, b1, W2 [h1][h2], b2, W3, b3 (little-endian float32)."""
    import numpy as np
    parts = [net[0].weight.detach().numpy().T, net[0].bias.detach().numpy(),
             net[2].weight.detach().numpy().T, net[2].bias.detach().numpy(),
             net[4].weight.detach().numpy()[0], net[4].bias.detach().numpy()]
    return np.concatenate([np.ascontiguousarray(p, dtype="<f4").ravel() for p in parts]).astype("<f4").tobytes()


def write_weights(path, inputs, hidden, body, provenance, features, output="margin"):
    lines = [MAGIC, f"features: {features}", f"shape: {inputs} {hidden[0]} {hidden[1]} 1", "activation: relu",
             f"output: {output}"]
    for k, v in provenance.items():
        v = str(v).replace("\n", " ")
        lines.append(f"{k}: {v}")
    lines.append(f"crc32: {zlib.crc32(body) & 0xFFFFFFFF:08x}")
    lines.append("---")
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:
        f.write(("\n".join(lines) + "\n").encode("utf-8"))
        f.write(body)
    os.replace(tmp, path)


def main(argv=None):
    a = parse_args(sys.argv[1:] if argv is None else argv)
    import numpy as np
    import torch

    started = time.process_time()
    data, manifests = load(a.data)
    keep, y = targets(data, a.label, a.distill)
    x = data["features"][keep]
    if a.terms:
        if "heuristic_terms" not in data:
            raise ValueError("--terms: some chunks have no heuristic_terms column; make them again with this version")
        x = np.concatenate([x, data["heuristic_terms"][keep]], axis=1)
    y = y[keep]
    games = data["game"][keep]
    solved = data["solved"][keep].astype(bool)
    group = data["group"][keep]
    exact = np.where(solved, data["solver_margin"][keep], np.nan).astype(np.float32)
    heur = data["heuristic"][keep]
    players = manifests[0].get("players", 2)
    win = (data["outcome"][keep].astype(np.float32) + 1) / 2  # 1 alone, 0.5 a shared win, 0 a loss
    if a.residual and players != 2:
        raise ValueError(f"--residual: a net over heuristic-2p's difference is for 2 players, the data has {players}")
    if a.residual:
        if np.isnan(heur).any():
            raise ValueError("--residual: some chunks have no heuristic column; make them again with this version")
        y = y - heur  # the net's target; every figure below adds the judgement back
    if len(y) < 10:
        raise ValueError(f"--data: only {len(y)} rows with --label {a.label}; make a bigger data set")

    # split by game, seeded, the same share of every folder's games (a small folder may be the one chosen on)
    rng = np.random.default_rng(a.seed)
    val_games = set()
    for f in range(len(manifests)):
        unique = np.unique(games[data["folder"][keep] == f])
        val_games |= set(rng.permutation(unique)[:max(1, int(round(len(unique) * a.val_fraction)))].tolist())
    is_val = np.array([g in val_games for g in games.tolist()])
    xt, yt, xv, yv, sv = x[~is_val], y[~is_val], x[is_val], y[is_val], solved[is_val]
    groups_t = sibling_groups(games[~is_val], group[~is_val])
    groups_v = sibling_groups(games[is_val], group[is_val])
    chosen_folders = [a.data.index(d) for d in a.select_data] if a.select_data else list(range(len(a.data)))
    folder_v = data["folder"][keep][is_val]
    groups_s = [gr for gr in groups_v if folder_v[gr[0]] in chosen_folders]  # what --blend chooses on
    if a.blend and not groups_s:
        raise ValueError("--blend: no held-out sibling groups to choose on (data sets made with --siblings needed)")
    exact_v = exact[is_val]
    heur_r = within_r(heur[is_val], exact_v, groups_v) if groups_v else float("nan")
    base_t = heur[~is_val] if a.residual else np.zeros(len(yt), np.float32)
    base_v = heur[is_val] if a.residual else np.zeros(len(yv), np.float32)

    torch.manual_seed(a.seed)
    torch.set_num_threads(a.threads)
    torch.use_deterministic_algorithms(True)
    inputs = x.shape[1]
    net = torch.nn.Sequential(torch.nn.Linear(inputs, a.hidden[0]), torch.nn.ReLU(),
                              torch.nn.Linear(a.hidden[0], a.hidden[1]), torch.nn.ReLU(),
                              torch.nn.Linear(a.hidden[1], 1))
    opt = torch.optim.AdamW(net.parameters(), lr=a.lr, weight_decay=a.weight_decay)
    # Huber on points: margins have long tails (a rout by 40), which squared error lets dominate
    loss_fn = torch.nn.HuberLoss(delta=10.0)
    Xt, Yt = torch.from_numpy(xt), torch.from_numpy(yt)
    Xv, Yv = torch.from_numpy(xv), torch.from_numpy(yv)
    g = torch.Generator().manual_seed(a.seed)
    baseline = float(np.abs((yv + base_v) - (yt + base_t).mean()).mean())  # predicting the training mean
    ranked = a.rank_weight > 0 and len(groups_t) > 0
    steps = (len(Yt) + a.batch - 1) // a.batch
    per_step = (len(groups_t) + steps - 1) // steps if ranked else 0  # every group once an epoch
    curve = []
    best = None  # (r, epoch, alpha, weights) of the best blend so far
    for epoch in range(1, a.epochs + 1):
        net.train()
        order = torch.randperm(len(Yt), generator=g)
        group_order = torch.randperm(len(groups_t), generator=g).tolist() if ranked else []
        total = 0.0
        for step, i in enumerate(range(0, len(order), a.batch)):
            idx = order[i:i + a.batch]
            opt.zero_grad()
            loss = loss_fn(net(Xt[idx]).squeeze(1), Yt[idx])
            total += float(loss.detach()) * len(idx)
            chosen = group_order[step * per_step:(step + 1) * per_step]
            if chosen:
                rows = np.concatenate([groups_t[k] for k in chosen])
                index = torch.from_numpy(np.repeat(np.arange(len(chosen)), [len(groups_t[k]) for k in chosen]))
                count = torch.tensor([float(len(groups_t[k])) for k in chosen])
                r = torch.from_numpy(rows)
                loss = loss + a.rank_weight * centred_loss(torch, net(Xt[r]).squeeze(1), Yt[r], index, count, loss_fn)
            loss.backward()
            opt.step()
        net.eval()
        with torch.no_grad():
            pv = net(Xv).squeeze(1).numpy() + base_v
            pt = net(Xt).squeeze(1).numpy() + base_t
        err = np.abs(pv - (yv + base_v))
        curve.append({
            "epoch": epoch,
            "train_loss": total / len(Yt),
            "train_mae": float(np.abs(pt - (yt + base_t)).mean()),
            "val_mae": float(err.mean()),
            "val_mae_solved": float(err[sv].mean()) if sv.any() else float("nan"),
            "val_sign_agreement": float((np.sign(pv) == np.sign(yv + base_v))[yv + base_v != 0].mean())
            if (yv + base_v != 0).any() else float("nan"),
            "val_baseline_mae": baseline,
            "val_within_r": within_r(pv, exact_v, groups_v) if groups_v else float("nan"),
            "val_within_r_heuristic": heur_r,
        })
        if a.blend:
            alpha, r = best_blend(base_v, pv - base_v, exact_v, groups_s)
            curve[-1].update({"select_alpha": alpha, "select_r": r,
                              "select_r_heuristic": within_r(base_v, exact_v, groups_s)})
            if best is None or r > best[0]:
                best = (r, epoch, alpha, {k: v.clone() for k, v in net.state_dict().items()})
    if a.blend:
        net.load_state_dict(best[3])
        with torch.no_grad():
            net[-1].weight.mul_(best[2])
            net[-1].bias.mul_(best[2])
            pv = net(Xv).squeeze(1).numpy() + base_v
            pt = net(Xt).squeeze(1).numpy() + base_t
    seconds = time.process_time() - started

    # how well each judge predicts the held-out games' outcomes (the search turns points into a win chance)
    win_t, win_v = win[~is_val], win[is_val]
    net_check = outcome_check(pt, pv, win_t, win_v)
    heur_ok = not np.isnan(heur).any()
    heur_check = outcome_check(heur[~is_val], heur[is_val], win_t, win_v) if heur_ok else None
    prior = float(np.clip(win_t.mean(), 1e-6, 1 - 1e-6))
    prior_loss = float(-np.mean(win_v * np.log(prior) + (1 - win_v) * np.log(1 - prior)))
    final_v = data["margin"][keep][is_val].astype(np.float32)  # the game's, whatever the target blended in
    r_net = float(np.corrcoef(pv, final_v)[0, 1])
    r_heur = float(np.corrcoef(heur[is_val], final_v)[0, 1]) if heur_ok else float("nan")

    # learning curve
    prefix = a.curve
    os.makedirs(os.path.dirname(os.path.abspath(prefix)), exist_ok=True)
    keys = list(curve[0].keys())
    with open(prefix + ".csv", "w") as f:
        f.write(",".join(keys) + "\n")
        for row in curve:
            f.write(",".join(f"{row[k]:.6g}" if isinstance(row[k], float) else str(row[k]) for k in keys) + "\n")
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, axes = plt.subplots(1, 2 if a.blend else 1, figsize=(12 if a.blend else 7, 4), squeeze=False)
    ax = axes[0][0]
    ep = [r["epoch"] for r in curve]
    ax.plot(ep, [r["train_mae"] for r in curve], label="training games")
    ax.plot(ep, [r["val_mae"] for r in curve], label="held-out games")
    ax.plot(ep, [r["val_mae_solved"] for r in curve], label="held-out, solver-labelled rows")
    ax.axhline(baseline, color="grey", linestyle="--", label="held-out, predicting the mean")
    ax.set_xlabel("epoch")
    ax.set_ylabel("mean absolute error (points of final margin)")
    ax.set_title(f"learned evaluation: {len(yt):,} training rows, {len(yv):,} held out (seed {a.seed})")
    ax.legend()
    if a.blend:
        rx = axes[0][1]
        rx.plot(ep, [r["select_r"] for r in curve], label="judgement + alpha x net, best alpha")
        rx.plot(ep, [r["val_within_r"] for r in curve], label="judgement + net (alpha 1)")
        rx.axhline(curve[0]["select_r_heuristic"], color="grey", linestyle="--", label="heuristic-2p alone")
        rx.set_xlabel("epoch")
        rx.set_ylabel("held-out mean within-group r")
        rx.set_title(f"ranking siblings: {len(groups_s)} held-out groups")
        rx.legend()
    fig.tight_layout()
    fig.savefig(prefix + ".png", dpi=100, metadata={"Software": None})
    plt.close(fig)

    # weights with provenance
    command = "python3 scripts/train_eval.py " + " ".join(shlex.quote(w) for w in (sys.argv[1:] if argv is None else argv))
    date = a.date or datetime.datetime.now(datetime.timezone.utc).date().isoformat()
    provenance = {
        "command": command,
        "seed": a.seed,
        "positions": f"{len(yt)} training rows, {len(yv)} held out ({int(sv.sum())} of them solver-labelled)",
        "data": " + ".join(m["command"] for m in manifests),
        "label": a.label,
        "distill": a.distill,
        "rank-weight": a.rank_weight,
        "epochs": a.epochs,
        **({"correct-cards": a.correct_cards} if a.correct_cards is not None else {}),
        **({"blend": f"epoch {best[1]} of {a.epochs}, alpha {best[2]:g}: held-out within-group r {best[0]:.4f} "
                     f"(heuristic-2p {curve[0]['select_r_heuristic']:.4f}, {len(groups_s)} groups)"} if a.blend else {}),
        "players": players,
        "held-out-mae": f"{curve[-1]['val_mae']:.3f} points (predicting the mean: {baseline:.3f})",
        "held-out-outcome": f"log loss {net_check['at_search_scale']:.4f} at evalScale {SEARCH_SCALE:g}, "
                            f"{net_check['at_fitted_scale']:.4f} at {net_check['fitted_scale']:g}"
                            + (f" (heuristic-2p {heur_check['at_search_scale']:.4f}, {heur_check['at_fitted_scale']:.4f} "
                               f"at {heur_check['fitted_scale']:g}" if heur_check else " (") + f"; prior {prior_loss:.4f})",
        "train-cpu-seconds": f"{seconds:.0f}",
        "torch": torch.__version__,
        "date": date,
    }
    body = payload(net)
    features = manifests[0]["features"] + (" + heuristic-terms 1" if a.terms else "")
    write_weights(a.weights, inputs, a.hidden, body, provenance, features,
                  "margin-over-heuristic-2p" if a.residual else "margin")

    if a.vectors:
        os.makedirs(os.path.dirname(os.path.abspath(a.vectors)), exist_ok=True)
        rows = xv[:8]
        with torch.no_grad():
            out = net(torch.from_numpy(rows)).squeeze(1).numpy()
        with open(a.vectors, "w") as f:
            f.write("# rows of held-out features, then torch's output for the weights of the same run\n")
            for r, o in zip(rows, out):
                f.write(",".join(repr(float(v)) for v in r) + "," + repr(float(o)) + "\n")
    last = curve[-1]
    print(f"trained on {len(yt):,} rows ({len(yv):,} held out) in {seconds:.0f} CPU s: held-out MAE "
          f"{last['val_mae']:.2f} points (mean predictor {baseline:.2f}), solver-labelled {last['val_mae_solved']:.2f}, "
          f"sign agreement {last['val_sign_agreement']:.3f}; within sibling groups r {last['val_within_r']:.3f} "
          f"(heuristic-2p {heur_r:.3f}, {len(groups_v)} held-out groups)")
    print(f"held-out outcomes ({players} players, {int(is_val.sum()):,} rows of {len(val_games):,} games): r with the "
          f"final margin: net {r_net:.3f}, heuristic-2p {r_heur:.3f}; log loss of the win chance at evalScale "
          f"{SEARCH_SCALE:g}: net {net_check['at_search_scale']:.4f}, heuristic-2p "
          + (f"{heur_check['at_search_scale']:.4f}" if heur_check else "n/a")
          + f"; at the fitted scale: net {net_check['at_fitted_scale']:.4f} ({net_check['fitted_scale']:g}), heuristic-2p "
          + (f"{heur_check['at_fitted_scale']:.4f} ({heur_check['fitted_scale']:g})" if heur_check else "n/a")
          + f"; the prior {prior_loss:.4f}")
    if a.blend:
        print(f"blend: epoch {best[1]}, alpha {best[2]:g}: within-group r {best[0]:.4f} on {len(groups_s)} held-out "
              f"groups chosen on (heuristic-2p {curve[0]['select_r_heuristic']:.4f})")
    print(f"wrote {a.weights}, {prefix}.csv, {prefix}.png" + (f", {a.vectors}" if a.vectors else ""))


if __name__ == "__main__":
    main()
