#!/usr/bin/env python3
"""Reference values for richelieu.runner.stats tests. Python 3 standard library only.

Run:  python3 runner/src/test/python/stats_reference.py

Each section prints the numbers pasted into one Java test class. The fishtest parts are an
independent re-implementation of official-stockfish/fishtest server/fishtest/stats/
(stat_util.get_elo, LLRcalc.LLR_logistic / LLR_normalized, and the nElo +- of the results box
t_conf), with scipy replaced by the standard library: statistics.NormalDist for Phi and its
inverse, and bisection for brentq. They were also checked against a transcription of fishtest's
own code run with scipy, and against fishtest output published in Stockfish pull requests
(the Java tests cite those separately).
"""
import math
from fractions import Fraction
from statistics import NormalDist

N01 = NormalDist()
Z975 = N01.inv_cdf(0.975)


def phi(x):
    """Standard normal cdf via erfc, accurate far into the lower tail (NormalDist.cdf uses
    1 + erf and loses relative precision there)."""
    return 0.5 * math.erfc(-x / math.sqrt(2))
NELO_PER_NT = 800 / math.log(10)


# ---------------------------------------------------------------- summaries (fishtest formulas)
def elo(x):
    if x >= 1:
        return math.inf
    if x <= 0:
        return -math.inf
    return -400 * math.log10(1 / x - 1)


def summary(counts, nt_divisor, conf=0.95):
    """counts lowest score first on grid i/(k-1); nt_divisor 1 (games) or sqrt(2) (pairs)."""
    z = N01.inv_cdf(1 - (1 - conf) / 2)
    k = len(counts)
    n = sum(counts)
    a = [i / (k - 1) for i in range(k)]
    p = [c / n for c in counts]
    mu = sum(pi * ai for pi, ai in zip(p, a))
    var = sum(pi * (ai - mu) ** 2 for pi, ai in zip(p, a))
    m3 = sum(pi * (ai - mu) ** 3 for pi, ai in zip(p, a))
    m4 = sum(pi * (ai - mu) ** 4 for pi, ai in zip(p, a))
    se = math.sqrt(var / n)
    lo, hi = mu - z * se, mu + z * se
    t = (mu - 0.5) / math.sqrt(var)
    skew = m3 / var ** 1.5
    exkurt = m4 / var ** 2 - 3
    var_t = max(1 - t * skew + 0.25 * t * t * (exkurt + 2), 0)
    scale = NELO_PER_NT / nt_divisor
    half = scale * z * math.sqrt(var_t / n)
    return dict(score=mu, var=var, score_lo=lo, score_hi=hi, elo=elo(mu), elo_lo=elo(lo), elo_hi=elo(hi),
                elo_pm=(elo(hi) - elo(lo)) / 2, nelo=scale * t, nelo_lo=scale * t - half,
                nelo_hi=scale * t + half, los=phi((mu - 0.5) / se))


# ---------------------------------------------------------------- GSPRT (fishtest LLRcalc)
def secular(pdf):
    values = [a for a, _ in pdf]
    v, w = min(values), max(values)
    assert v * w < 0
    lo, hi = -1 / w, -1 / v

    def f(x):
        return sum(p * a / (1 + x * a) for a, p in pdf)

    for _ in range(3000):
        mid = lo + (hi - lo) / 2
        if mid <= lo or mid >= hi:
            break
        fm = f(mid)
        if fm > 0:
            lo = mid
        elif fm < 0:
            hi = mid
        else:
            return mid
    return lo + (hi - lo) / 2


def pdf_stats(pdf):
    s = sum(p * a for a, p in pdf)
    return s, sum(p * (a - s) ** 2 for a, p in pdf)


def mle_expected(pdfhat, s):
    x = secular([(a - s, p) for a, p in pdfhat])
    return [(a, p / (1 + x * (a - s))) for a, p in pdfhat]


def mle_t_value(pdfhat, ref, s):
    n = len(pdfhat)
    mle = [(a, 1 / n) for a, _ in pdfhat]
    for _ in range(10):
        prev = mle
        mu, var = pdf_stats(mle)
        sigma = var ** 0.5
        pdf1 = [(a - ref - s * sigma * (1 + ((mu - a) / sigma) ** 2) / 2, p) for a, p in pdfhat]
        x = secular(pdf1)
        mle = [(pdfhat[i][0], pdfhat[i][1] / (1 + x * pdf1[i][0])) for i in range(n)]
        if max(abs(prev[i][1] - mle[i][1]) for i in range(n)) < 1e-9:
            break
    return mle


def results_to_pdf(results):
    r = [c if c != 0 else 1e-3 for c in results]
    n = sum(r)
    k = len(r)
    return n, [(i / (k - 1), r[i] / n) for i in range(k)]


def llr(pdf, pdf0, pdf1):
    return sum(pdf[i][1] * (math.log(pdf1[i][1]) - math.log(pdf0[i][1])) for i in range(len(pdf)))


def llr_logistic(elo0, elo1, results):
    s0, s1 = [1 / (1 + 10 ** (-e / 400)) for e in (elo0, elo1)]
    n, pdf = results_to_pdf(results)
    return n * llr(pdf, mle_expected(pdf, s0), mle_expected(pdf, s1))


def llr_normalized(nelo0, nelo1, results):
    f = 1 if len(results) == 3 else 2 ** 0.5
    t0, t1 = [e / NELO_PER_NT * f for e in (nelo0, nelo1)]
    n, pdf = results_to_pdf(results)
    return n * llr(pdf, mle_t_value(pdf, 0.5, t0), mle_t_value(pdf, 0.5, t1))


# ---------------------------------------------------------------- proportions
def wilson(k, n, conf=0.95):
    z = N01.inv_cdf(1 - (1 - conf) / 2)
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return c - h, c + h


def binom_two_sided(k, n, p):
    """Exact rational pmf; p-value = sum of pmf(i) <= pmf(k) (1 + 1e-7), as R's binom.test."""
    p = Fraction(p)
    pmf = [math.comb(n, i) * p ** i * (1 - p) ** (n - i) for i in range(n + 1)]
    limit = pmf[k] * Fraction(1 + 10 ** -7)
    return float(sum(x for x in pmf if x <= limit))


def chi2_sf(x, df):
    """Closed forms for df = 1, 2, 3 (no special-function library needed)."""
    if df == 1:
        return math.erfc(math.sqrt(x / 2))
    if df == 2:
        return math.exp(-x / 2)
    if df == 3:
        return math.erfc(math.sqrt(x / 2)) + math.sqrt(2 * x / math.pi) * math.exp(-x / 2)
    raise ValueError(df)


def chi2_equal(wins):
    e = sum(wins) / len(wins)
    x = sum((w - e) ** 2 / e for w in wins)
    return x, chi2_sf(x, len(wins) - 1)


# ---------------------------------------------------------------- Bradley-Terry by Newton
def solve(a, b):
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        piv = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[piv] = m[piv], m[c]
        for r in range(n):
            if r != c:
                f = m[r][c] / m[c][c]
                for cc in range(c, n + 1):
                    m[r][cc] -= f * m[c][cc]
    return [m[i][n] / m[i][i] for i in range(n)]


def invert(a):
    n = len(a)
    cols = [solve(a, [1.0 if r == c else 0.0 for r in range(n)]) for c in range(n)]
    return [[cols[c][r] for c in range(n)] for r in range(n)]


def bt_newton(players, matchups, prior=0.0):
    """Newton-Raphson on natural-log strengths theta. Without a prior theta_0 is fixed at 0;
    with a prior, a pseudo-player with theta = 0 gets `prior` drawn games against everyone.
    Returns mean-zero Elo ratings and the inverse information of the free parameters."""
    games, score = {}, {}
    for (i, j, penta) in matchups:
        games[(i, j)] = games.get((i, j), 0) + 2 * sum(penta)
        score[(i, j)] = score.get((i, j), 0) + sum(k * c for k, c in enumerate(penta)) / 2
    free = list(range(1, players)) if prior == 0 else list(range(players))
    theta = [0.0] * players
    for _ in range(100):
        grad = {i: 0.0 for i in free}
        hess = {(i, j): 0.0 for i in free for j in free}

        def add(i, j, n, s):  # i scored s of n against j
            pij = 1 / (1 + math.exp(theta[j] - theta[i]))
            w = n * pij * (1 - pij)
            if i in grad:
                grad[i] += s - n * pij
                hess[(i, i)] += w
            if j in grad:
                grad[j] += (n - s) - n * (1 - pij)
                hess[(j, j)] += w
            if i in grad and j in grad:
                hess[(i, j)] -= w
                hess[(j, i)] -= w

        for (i, j), n in games.items():
            add(i, j, n, score[(i, j)])
        if prior:
            for i in range(players):
                pij = 1 / (1 + math.exp(-theta[i]))
                grad[i] += prior / 2 - prior * pij
                hess[(i, i)] += prior * pij * (1 - pij)
        h = [[hess[(i, j)] for j in free] for i in free]
        step = solve(h, [grad[i] for i in free])
        for idx, i in enumerate(free):
            theta[i] += step[idx]
        if max(abs(s) for s in step) < 1e-15:
            break
    elo_ = [400 / math.log(10) * t for t in theta]
    mean = sum(elo_) / players
    cov = invert([[hess[(i, j)] for j in free] for i in free])
    return [e - mean for e in elo_], free, cov


# ---------------------------------------------------------------- score interval (needs scipy)
def score_interval(counts, conf=0.95):
    """Score-test interval of the mean of a multinomial on the grid i/(k-1): the mu0 where
    N (mu - mu0)^2 / V(mu0) <= z^2, V the variance under the distribution of mean mu0 that maximizes
    the likelihood, found here by scipy's SLSQP over the whole simplex (the Java code uses closed
    forms and a 1-D root instead), ends by brentq."""
    import numpy as np
    from scipy.optimize import minimize, brentq
    z = N01.inv_cdf(1 - (1 - conf) / 2)
    c = np.array(counts, float)
    k = len(c)
    a = np.arange(k) / (k - 1)
    n = c.sum()
    mu = (c * a).sum() / n

    def restricted(m0):
        # feasible start: the empirical distribution mixed with the grid end on m0's side
        end = np.zeros(k)
        end[0 if m0 < mu else k - 1] = 1.0
        t = (m0 - mu) / ((0.0 if m0 < mu else 1.0) - mu)
        x0 = (1 - t) * c / n + t * end
        obs = c > 0
        res = minimize(lambda p: -np.sum(c[obs] * np.log(np.maximum(p[obs], 1e-300))), x0, method="SLSQP",
                       bounds=[(0, 1)] * k, constraints=[{"type": "eq", "fun": lambda p: p.sum() - 1},
                                                         {"type": "eq", "fun": lambda p: (p * a).sum() - m0}],
                       options={"ftol": 1e-15, "maxiter": 1000})
        return res.x

    def excess(m0):
        p = restricted(m0)
        v = (p * (a - m0) ** 2).sum()
        return n * (mu - m0) ** 2 / v - z * z

    lo = 0.0 if mu <= 0 else brentq(excess, 1e-12, mu - 1e-12, xtol=1e-14)
    hi = 1.0 if mu >= 1 else brentq(excess, mu + 1e-12, 1 - 1e-12, xtol=1e-14)
    return lo, hi


def fmt(x):
    return repr(float(x))


if __name__ == "__main__":
    print("== TrinomialSummaryTest: [L, D, W] ==")
    for c in ([8160, 23253, 8711], [2378, 64, 2558], [20, 50, 30]):
        print(c, {k: fmt(v) for k, v in summary(c, 1).items()})
    print("99% level, [20, 50, 30]:", {k: fmt(v) for k, v in summary([20, 50, 30], 1, 0.99).items()})
    print("== PentanomialSummaryTest: [LL, LD, WL+DD, WD, WW] ==")
    for c in ([39, 5335, 18992, 5622, 12], [1254, 7452, 13560, 6681, 1053], [3, 10, 20, 12, 5]):
        print(c, {k: fmt(v) for k, v in summary(c, 2 ** 0.5).items()})

    print("== MatchSummaryTest: PR 4160 run as games [L, D, W] = [16189, 27389, 16422] ==")
    tri = summary([16189, 27389, 16422], 1)
    print({k: fmt(v) for k, v in tri.items()})
    print("variance ratio", fmt(2 * summary([39, 5335, 18992, 5622, 12], 2 ** 0.5)["var"] / tri["var"]))

    print("== GsprtTest ==")
    for e0, e1, r in ((-0.25, 1.25, [253, 4282, 17604, 4431, 286]), (0.25, 1.25, [58, 3302, 33130, 3518, 84]),
                      (-1, 3, [424, 2948, 5832, 3045, 460]), (0, 2, [1284, 17437, 55536, 18085, 1292]),
                      (0, 5, [0, 10, 50, 12, 0]), (-3, 1, [65804, 56553, 65388]), (0, 5, [120, 300, 160]),
                      (0, 2, [0, 0, 0, 0, 100]), (0, 2, [0, 0, 100, 0, 0])):
        print("logistic", e0, e1, r, fmt(llr_logistic(e0, e1, r)))
    for e0, e1, r in ((0, 2, [2002, 72968, 180891, 74129, 2034]), (0.5, 2.5, [24, 7350, 23669, 7717, 28]),
                      (0.5, 2.5, [12, 2318, 9925, 2598, 3]), (-1.75, 0.25, [317, 12094, 28735, 12231, 319]),
                      (0, 5, [0, 10, 50, 12, 0]), (0, 5, [120, 300, 160]), (-3, 1, [65804, 56553, 65388]),
                      (0, 2, [0, 0, 0, 0, 100]), (0, 2, [0, 0, 100, 0, 0])):
        print("normalized", e0, e1, r, fmt(llr_normalized(e0, e1, r)))
    print("bounds a=b=0.05:", fmt(math.log(0.05 / 0.95)), fmt(math.log(0.95 / 0.05)))
    print("bounds a=0.05 b=0.10:", fmt(math.log(0.10 / 0.95)), fmt(math.log(0.90 / 0.05)))

    print("== ProportionsTest ==")
    for k, n in ((81, 263), (15, 148), (0, 20), (1, 29)):
        print("wilson 95", k, n, [fmt(v) for v in wilson(k, n)])
    print("wilson 90 81/263", [fmt(v) for v in wilson(81, 263, 0.90)])
    for k, n, p in ((682, 925, 0.75), (7, 20, 0.5), (3, 30, 0.25), (520, 1000, 0.5), (0, 12, 0.1)):
        print("binom", k, n, p, fmt(binom_two_sided(k, n, p)))

    print("== SeatWinChiSquareTest ==")
    for w in ([30, 20, 25, 25], [400, 310, 290], [1000, 1000, 1000, 1000], [2700, 2500, 2400, 2400]):
        x, pv = chi2_equal(w)
        print(w, fmt(x), fmt(pv))
    for x, df in ((3.841458820694124, 1), (5.991464547107979, 2), (7.814727903251178, 3), (11.344866730144373, 3)):
        print("table", x, df, fmt(chi2_sf(x, df)))

    print("== MeanEstimateTest ==")
    xs = [3, -2, 5, 0, 7, 1, -4, 2, 6, 4]
    n = len(xs)
    mean = Fraction(sum(xs), n)
    s2 = sum((Fraction(x) - mean) ** 2 for x in xs) / (n - 1)
    print("n", n, "sum", sum(xs), "sumsq", sum(x * x for x in xs), "mean", fmt(mean), "s2", fmt(s2),
          "se", fmt(math.sqrt(s2 / n)), "t(0.975, 9) table 2.262157163",
          "half", fmt(2.2621571627982053 * math.sqrt(s2 / n)))

    print("== BradleyTerryTest ==")
    data = [(0, 1, [10, 30, 60, 40, 20]), (1, 2, [15, 35, 50, 25, 15]), (0, 2, [5, 20, 55, 45, 35]),
            (2, 3, [12, 28, 62, 30, 8]), (0, 3, [3, 12, 40, 50, 35])]
    elo_, free, cov = bt_newton(4, data)
    print("mle mean-zero elo", [fmt(e) for e in elo_])
    elo_p, _, _ = bt_newton(4, data, prior=1.0)
    print("prior 1 draw, mean-zero elo", [fmt(e) for e in elo_p])
    shut = [(0, 1, [0, 0, 0, 0, 6]), (1, 2, [2, 5, 9, 4, 1]), (0, 2, [0, 0, 0, 0, 8])]
    elo_s, _, _ = bt_newton(3, shut, prior=1.0)
    print("player 0 won every game, prior 1 draw:", [fmt(e) for e in elo_s])
    big = [(0, 1, [9000, 20000, 42000, 20000, 9000]), (1, 2, [16000, 30000, 48000, 30000, 36000]),
           (0, 2, [4000, 30000, 32000, 30000, 64000]), (2, 3, [4000, 30000, 32000, 30000, 64000])]
    print("large counts, prior 1 draw:", [fmt(e) for e in bt_newton(4, big, prior=1.0)[0]])
    # SE of rating differences vs player 0 from the inverse information, for games with
    # independent outcomes (pentanomial built from independent games: no draws,
    # counts proportional to (q^2, 0, 2pq, 0, p^2)).
    indep = [(0, 1, [90, 0, 420, 0, 490]), (1, 2, [160, 0, 480, 0, 360]), (0, 2, [40, 0, 320, 0, 640])]
    elo_i, free_i, cov_i = bt_newton(3, indep)
    k = 400 / math.log(10)
    print("independent-games mle", [fmt(e) for e in elo_i],
          "se(elo_i - elo_0)", [fmt(k * math.sqrt(cov_i[a][a])) for a in range(len(free_i))])

    print("== ScoreIntervalTest (scipy) ==")
    for c in ([2, 3, 15], [0, 0, 20], [0, 20, 0], [20, 50, 30], [8160, 23253, 8711], [3, 10, 20, 12, 5],
              [0, 1, 4, 9, 6], [39, 5335, 18992, 5622, 12], [1254, 7452, 13560, 6681, 1053], [16189, 27389, 16422]):
        lo, hi = score_interval(c)
        print("score_interval", c, [fmt(v) for v in (lo, hi)], "elo", [fmt(elo(v)) for v in (lo, hi)],
              "elo_pm", fmt((elo(hi) - elo(lo)) / 2))
    lo, hi = score_interval([20, 50, 30], 0.99)
    print("score_interval 99% [20, 50, 30]", [fmt(v) for v in (lo, hi)], "elo", [fmt(elo(v)) for v in (lo, hi)])
