#!/usr/bin/env python3
"""Reference values for richelieu.runner.stats.WeightedTrendTest, computed independently of the
Java code: the weighted line and its unscaled covariance by numpy.polyfit (w = 1/s, cov='unscaled'),
Student t and chi-square by scipy.stats.

Run:  python3 runner/src/test/python/trend_reference.py   (numpy 2.4.6, scipy 1.17.1 gave the values in the test)
"""
import numpy as np
from scipy import stats


def trend(x, xerr, y, yerr, margin, alpha=0.05, x0=None, x0err=0.0):
    x, xerr, y, yerr = map(np.asarray, (x, xerr, y, yerr))
    n = len(x)
    (b_naive, a), cov = np.polyfit(x, y, 1, w=1 / yerr, cov="unscaled")
    b_naive, a = float(b_naive), float(a)
    w = 1 / yerr ** 2
    xm = np.sum(w * x) / np.sum(w)
    sxx = np.sum(w * (x - xm) ** 2)
    err = np.sum(w * xerr ** 2) - np.sum(w ** 2 * xerr ** 2) / np.sum(w)
    lam = float((sxx - err) / sxx)
    q = float(np.sum(w * (y - (a + b_naive * x)) ** 2))
    df = n - 2
    phi = max(1.0, q / df)
    b = b_naive / lam
    se = float(np.sqrt(cov[0, 0] * phi) / lam)
    t975 = float(stats.t.ppf(0.975, df))
    print(f"  slope {b!r}  se {se!r}  interval [{b - t975 * se!r}, {b + t975 * se!r}]")
    print(f"  p {float(2 * stats.t.sf(abs(b / se), df))!r}  q {q!r}  pFit {float(stats.chi2.sf(q, df))!r}  phi {phi!r}  lambda {lam!r}")
    t95 = float(stats.t.ppf(1 - alpha, df))
    p_eq = float(max(stats.t.sf((b + margin) / se, df), stats.t.cdf((b - margin) / se, df)))
    print(f"  TOST ±{margin}: interval [{b - t95 * se!r}, {b + t95 * se!r}]  p {p_eq!r}")
    if x0 is not None:
        ym = float(np.sum(w * y) / np.sum(w))
        xm = float(xm)
        v = ym + b * (x0 - xm)
        sv = float(np.sqrt(phi / np.sum(w) + (x0 - xm) ** 2 * se ** 2 + b ** 2 * x0err ** 2))
        print(f"  at {x0}: {v!r} se {sv!r} [{v - t975 * sv!r}, {v + t975 * sv!r}]")


print("a clear trend, points on the line within their errors (phi = 1)")
trend([0, 1, 2, 3, 4], [0] * 5, [10.1, 11.9, 14.2, 15.8, 18.1], [0.5, 0.5, 1, 1, 2], margin=0.5, x0=4)
print("scatter beyond the errors (phi > 1), errors in x")
trend([-11.82, -5.91, 0.95, 2.38, 3.80], [0.24, 0.12, 0.06, 0.06, 0.06], [4.9, 2.3, 2.9, 2.7, 2.9],
      [0.255, 0.255, 0.51, 0.51, 0.51], margin=0.5, x0=3.80, x0err=0.06)
print("three points, no trend")
trend([0, 5, 10], [0] * 3, [2.0, 2.1, 1.9], [0.2, 0.2, 0.2], margin=0.1, x0=10)
