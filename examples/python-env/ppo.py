"""Masked PPO for Richelieu: a neural baseline trained through the batched vector environment.

    python ppo.py --cpu-minutes 120 --out ppo.pt --curve ppo-curve.csv     # train
    python ppo.py --plot ppo-curve.csv --chart ppo-curve.png                # the learning curve

The agent plays seat 0 in half of the games and seat 1 in the other half, against a pool of the
lab's bots (``--pool``, by default a quarter ``greedy`` and three quarters ``heuristic``), in
``richelieu.vector_env`` games stepped 256 at a time in one call into the engine. Proximal
Policy Optimization (Schulman et al. 2017) with generalized advantage estimation; the policy is
a softmax over each decision's legal actions only (the legal list the environment returns with
each observation, the compact form of its action mask).

The network sees the observation vector (``richelieu.observation``) the way it is built: 48
cards, each with its planes (region, shields, symbol, on the table, end of a row, token,
markers, taken by whom), and the global part (every seat's counts, own tokens, phase). A small
MLP shared by the 48 cards embeds each card in the context of the global part; a card's
actions (take it, pay with the marker on it, place a marker on it) are scored from its
embedding, a marker move from→to by a "from" score plus a "to" score, and the six other
actions and the value from the pooled cards and the global part. Sharing the card MLP is what
lets one game's lesson about a card apply to every position on the table.

Training stops after ``--cpu-minutes`` of this process's CPU time (torch and the JVM's threads
included), so the budget means the same on a busy machine. ``--curve`` receives one line per
update: CPU and wall minutes, agent steps, and each opponent's score in the games that ended
(the training games, actions sampled). The result plays in ``./richelieu match`` through
``ppo_bot.py`` (see README.md).
"""

import argparse
import csv
import resource
import time

import numpy as np
import torch
from torch import nn

import richelieu
from richelieu import actions
from richelieu.observation import (PLANE_REGION, PLANE_SYMBOL, PLANE_TABLE, POSITIONS, REGIONS, SEAT_FIELDS, SYMBOLS,
                                   Layout)


def cpu_seconds():
    """CPU time of this process so far (every thread: torch's, the JVM's)."""
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


class Net(nn.Module):
    """Policy (logits over the 2,454 actions) and value of the observation vector of a 2–4 player game."""

    def __init__(self, high, players=2, hidden=64):
        super().__init__()
        layout = Layout(players)
        self.players = players
        self.planes = layout.planes
        self.cards_end = layout.seats_at
        self.register_buffer("scale", torch.as_tensor(1.0 / np.maximum(high, 1.0), dtype=torch.float32))
        glob = len(high) - self.cards_end
        self.card_in = nn.Linear(self.planes + 2 * players + 2, hidden)
        self.glob_in = nn.Linear(glob, hidden, bias=False)  # the global part's share of each card's first layer
        self.card = nn.Sequential(nn.ReLU(), nn.Linear(hidden, hidden), nn.ReLU())
        self.card_heads = nn.Linear(hidden, 5)  # take, pay-marker, place, move from, move to
        self.trunk = nn.Sequential(nn.Linear(glob + hidden, hidden), nn.ReLU())
        self.singles = nn.Linear(hidden, actions.TAKE)  # use-return, end-returns, stop, pay-reserve, skip, pass
        self.value = nn.Linear(hidden, 1)

    def forward(self, obs):
        """(scores, value): the scores the action logits are made of (see ``logits``) and the value."""
        x = obs.float() * self.scale
        cards = x[:, :self.cards_end].view(-1, self.planes, POSITIONS).transpose(1, 2)  # (B, 48, planes)
        g = x[:, self.cards_end:]
        h = self.card(self.card_in(torch.cat([cards, self.majorities(obs, cards)], 2))
                      + self.glob_in(g).unsqueeze(1))  # (B, 48, hidden)
        z = self.trunk(torch.cat([g, h.mean(1)], 1))
        zero = torch.zeros(len(x), 1)
        return torch.cat([self.singles(z), self.card_heads(h).flatten(1), zero], 1), self.value(z).squeeze(1)

    def majorities(self, obs, cards):
        """What each card counts for in the majorities: every seat's shields in its region and cards of its
        symbol, and how many of each are still on the table (B, 48, 2P + 2), scaled to about 0…1."""
        raw = obs.float()
        seats = raw[:, self.cards_end:self.cards_end + self.players * len(SEAT_FIELDS)].view(-1, self.players,
                                                                                            len(SEAT_FIELDS))
        at = SEAT_FIELDS.index("shields_" + REGIONS[0])
        # per seat: shields per region, cards per symbol, and a 0 for "no symbol"
        counts = torch.cat([seats[:, :, at:at + len(REGIONS) + len(SYMBOLS)], torch.zeros(len(raw), self.players, 1)], 2)
        region = cards[:, :, PLANE_REGION:PLANE_REGION + len(REGIONS)].argmax(2)            # (B, 48)
        symbol_planes = cards[:, :, PLANE_SYMBOL:PLANE_SYMBOL + len(SYMBOLS)]
        symbol = torch.where(symbol_planes.sum(2) > 0, symbol_planes.argmax(2), len(SYMBOLS))
        symbol = symbol + len(REGIONS)                                                        # its column in counts
        table = cards[:, :, PLANE_TABLE]
        left = torch.zeros(len(raw), len(REGIONS) + len(SYMBOLS) + 1)
        left.scatter_add_(1, region, table)
        left.scatter_add_(1, symbol, table)
        per_seat = [counts[:, p].gather(1, region) for p in range(self.players)] \
            + [counts[:, p].gather(1, symbol) for p in range(self.players)]
        return torch.stack(per_seat + [left.gather(1, region), left.gather(1, symbol)], 2) / 10


# Where each action's logit comes from in the scores: FIRST[i] + SECOND[i] (SECOND is the zero
# column but for moves: from score + to score).
_SCORES = actions.TAKE + 5 * POSITIONS  # the singles, then 5 per card, then a zero
_card = lambda p, head: actions.TAKE + 5 * p + head  # noqa: E731
FIRST = torch.tensor([i if i < actions.TAKE else
                      _card(i - actions.TAKE, 0) if i < actions.PAY_MARKER else
                      _card(i - actions.PAY_MARKER, 1) if i < actions.PLACE else
                      _card(i - actions.PLACE, 2) if i < actions.MOVE else
                      _card((i - actions.MOVE) // POSITIONS, 3) for i in range(actions.COUNT)])
SECOND = torch.tensor([_card((i - actions.MOVE) % POSITIONS, 4) if i >= actions.MOVE else _SCORES
                       for i in range(actions.COUNT)])


def logits(scores, legal):
    """The logits of the actions ``legal`` (indices) from the network's scores: a card's actions are
    scored from its embedding, a marker move f→t by f's "from" score plus t's "to" score."""
    return scores.gather(1, FIRST[legal]) + scores.gather(1, SECOND[legal])


def policy(scores, legal, count):
    """The policy over each observation's legal actions: the logits of its legal list (the compact list
    the environment returns beside the mask, padded to 160), the padding at a large negative value.
    A softmax over 160 entries instead of 2,454 is what makes the updates cheap."""
    g = logits(scores, legal)
    pad = torch.arange(legal.shape[1]).unsqueeze(0) >= count.unsqueeze(1)
    return torch.distributions.Categorical(logits=g.masked_fill(pad, -1e9))


def train(a):
    torch.manual_seed(a.seed)
    torch.set_num_threads(a.torch_threads)
    n = a.envs
    pool = [spec for spec, share in a.pool for _ in range(round(share * n))][:n]
    if len(pool) != n:
        raise SystemExit(f"--pool shares must add up to 1 over {n} environments")
    env = richelieu.vector_env(n, opponent=pool, seat=[i % 2 for i in range(n)], observation_dtype="uint8",
                               autoreset_mode="SameStep", copy=False, threads=a.env_threads)
    high = env.single_observation_space["observation"].high
    net = Net(high)
    opt = torch.optim.Adam(net.parameters(), lr=a.lr, eps=1e-5)
    obs, _ = env.reset(seed=a.seed)
    T, D = a.steps, len(high)
    K = env.legal_actions()[0].shape[1]  # the longest legal list (160)
    b_obs = torch.zeros((T, n, D), dtype=torch.uint8)
    b_legal = torch.zeros((T, n, K), dtype=torch.long)
    b_count = torch.zeros((T, n), dtype=torch.long)
    b_act = torch.zeros((T, n), dtype=torch.long)  # the chosen action's place in its legal list
    b_logp = torch.zeros((T, n))
    b_val = torch.zeros((T, n))
    b_rew = torch.zeros((T, n))
    b_done = torch.zeros((T, n))
    opponents = sorted(set(pool))
    which = np.array([opponents.index(p) for p in pool])
    seat = np.array([i % 2 for i in range(n)])
    start_cpu, start_wall = cpu_seconds(), time.time()
    steps = 0
    curve = open(a.curve, "w", newline="") if a.curve else None
    out = csv.writer(curve) if curve else None
    if out:
        out.writerow(["cpu_minutes", "wall_minutes", "agent_steps", "update"]
                     + [f"{o} {k}" for o in opponents for k in ("games", "score")])
    update = 0
    while cpu_seconds() - start_cpu < 60 * a.cpu_minutes and (a.updates is None or update < a.updates):
        results = [[0, 0.0] for _ in opponents]  # per opponent: games ended, points (1, ½, 0)
        rows = torch.arange(n)
        for t in range(T):
            legal, count = env.legal_actions()
            b_obs[t].numpy()[:] = obs["observation"]  # the environment's arrays are read-only views
            b_legal[t].numpy()[:] = legal
            b_count[t].numpy()[:] = count
            with torch.no_grad():
                logits, v = net(b_obs[t])
                dist = policy(logits, b_legal[t], b_count[t])
                k = dist.sample()
            b_act[t], b_logp[t], b_val[t] = k, dist.log_prob(k), v
            obs, reward, terminated, _, info = env.step(b_legal[t][rows, k].numpy())
            b_done[t] = torch.from_numpy(terminated.astype(np.float32))
            b_rew[t] = 0
            for i in np.flatnonzero(terminated):
                results[which[i]][0] += 1
                results[which[i]][1] += (reward[i] + 1) / 2
                # trained on the result and the score margin, squashed: every point counts (a loss by
                # 2 is better than by 20, which gives a signal long before the first win), a big win
                # not much more than a small one
                scores = info["final_info"]["scores"][i]
                margin = scores[seat[i]] - scores[1 - seat[i]]
                b_rew[t, i] = float(0.5 * reward[i] + 0.5 * np.tanh(margin / 8))
        steps += T * n
        # generalized advantage estimation (γ = 1: a game's only reward is its result)
        with torch.no_grad():
            next_value = net(torch.from_numpy(obs["observation"].copy()))[1]
        adv = torch.zeros((T, n))
        last = torch.zeros(n)
        for t in reversed(range(T)):
            nv = next_value if t == T - 1 else b_val[t + 1]
            live = 1.0 - b_done[t]
            delta = b_rew[t] + nv * live - b_val[t]
            last = delta + a.lam * live * last
            adv[t] = last
        ret = adv + b_val
        flat = lambda z: z.reshape(T * n, *z.shape[2:])  # noqa: E731
        f_obs, f_legal, f_count, f_act, f_logp, f_adv, f_ret = map(flat, (b_obs, b_legal, b_count, b_act, b_logp,
                                                                          adv, ret))
        for _ in range(a.epochs):
            for idx in torch.randperm(T * n).split(a.minibatch):
                logits, v = net(f_obs[idx])
                dist = policy(logits, f_legal[idx], f_count[idx])
                logp = dist.log_prob(f_act[idx])
                ratio = (logp - f_logp[idx]).exp()
                g = f_adv[idx]
                g = (g - g.mean()) / (g.std() + 1e-8)
                policy_loss = -torch.min(ratio * g, ratio.clamp(1 - a.clip, 1 + a.clip) * g).mean()
                value_loss = 0.5 * (v - f_ret[idx]).pow(2).mean()
                loss = policy_loss + a.value_coef * value_loss - a.entropy * dist.entropy().mean()
                opt.zero_grad()
                loss.backward()
                nn.utils.clip_grad_norm_(net.parameters(), 0.5)
                opt.step()
        update += 1
        cpu_min = (cpu_seconds() - start_cpu) / 60
        row = [f"{cpu_min:.2f}", f"{(time.time() - start_wall) / 60:.2f}", steps, update]
        text = []
        for o, (games, points) in zip(opponents, results):
            row += [games, f"{points / games:.4f}" if games else ""]
            text.append(f"{o} {points / games:.3f} of {games}" if games else f"{o} -")
        if out:
            out.writerow(row)
            curve.flush()
        print(f"update {update}: {cpu_min:.1f} CPU-min, {steps:,} steps; score vs " + ", ".join(text), flush=True)
        if update % 10 == 0:
            save(net, high, a.out)
    save(net, high, a.out)
    env.close()
    print(f"saved {a.out}: {update} updates, {steps:,} agent steps, {(cpu_seconds() - start_cpu) / 60:.1f} CPU-min, "
          f"{(time.time() - start_wall) / 60:.1f} min")


def save(net, high, path):
    """Tensors only (no pickled objects): ``load`` reads it with ``weights_only=True``, which runs no
    code from the file, and it does not depend on the numpy version that wrote it."""
    torch.save({"net": net.state_dict(), "high": torch.as_tensor(np.asarray(high, dtype=np.float32)),
                "players": torch.tensor(2)}, path)


def load(path):
    """The trained network, ready to play (inference mode)."""
    saved = torch.load(path, weights_only=True)
    net = Net(saved["high"].numpy(), int(saved["players"]))
    net.load_state_dict(saved["net"])
    net.eval()
    return net


def plot(curve_csv, chart):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    with open(curve_csv, newline="") as f:
        rows = list(csv.DictReader(f))
    x = [float(r["cpu_minutes"]) for r in rows]
    fig, ax = plt.subplots(figsize=(7, 4))
    for key in rows[0]:
        if key.endswith(" score"):
            games = key[:-len(" score")] + " games"
            pts = [(xi, float(r[key])) for xi, r in zip(x, rows) if r[key] and int(r[games]) > 0]
            ax.plot([p[0] for p in pts], [p[1] for p in pts], label="against " + key[:-len(" score")])
    ax.axhline(0.5, color="grey", lw=0.8, ls=":")
    ax.axhline(0.9, color="grey", lw=0.8, ls=":")
    ax.set_xlabel("CPU minutes of training (the process's, every thread: 120 = an hour of 2 cores)")
    ax.set_ylabel("score in the training games (win 1, draw ½)")
    ax.set_ylim(0, 1)
    ax.set_title("Masked PPO through richelieu.vector_env (actions sampled, as trained)")
    ax.legend(loc="lower right")
    fig.tight_layout()
    fig.savefig(chart, dpi=120)
    print(f"wrote {chart}")


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--cpu-minutes", type=float, default=120, help="training budget in process CPU minutes")
    p.add_argument("--updates", type=int, default=None, help="stop after this many updates (the CPU budget still holds)")
    p.add_argument("--envs", type=int, default=256)
    p.add_argument("--steps", type=int, default=64, help="steps per environment per update")
    p.add_argument("--pool", default="greedy:0.25,heuristic:0.75",
                   help="opponents and their shares of the environments, e.g. greedy:0.25,heuristic:0.75")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--lr", type=float, default=3e-4)
    p.add_argument("--lam", type=float, default=0.95)
    p.add_argument("--clip", type=float, default=0.2)
    p.add_argument("--epochs", type=int, default=3)
    p.add_argument("--minibatch", type=int, default=2048)
    p.add_argument("--entropy", type=float, default=0.01)
    p.add_argument("--value-coef", type=float, default=0.5)
    p.add_argument("--env-threads", type=int, default=2)
    p.add_argument("--torch-threads", type=int, default=1,
                   help="torch threads (on a shared machine one beats two: busy-waiting threads)")
    p.add_argument("--out", default="ppo.pt")
    p.add_argument("--curve", default=None, help="write the learning curve (CSV) here")
    p.add_argument("--plot", default=None, metavar="CURVE_CSV", help="draw a curve written by --curve, then stop")
    p.add_argument("--chart", default="ppo-curve.png")
    a = p.parse_args()
    if a.plot:
        plot(a.plot, a.chart)
        return
    a.pool = [(part.rsplit(":", 1)[0], float(part.rsplit(":", 1)[1])) for part in a.pool.split(",")]
    train(a)


if __name__ == "__main__":
    main()
