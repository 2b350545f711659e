"""Writes reference-values.csv and mixture-survival.csv: closed-form values of the latency
distributions, computed with scipy.stats, independently of commons-statistics (which pbs-model
uses internally).

Run in this folder: python3 reference_values.py   (Python 3.11.7, scipy 1.17.1)
"""
import math

import scipy
from scipy import stats


def pareto(xm, alpha):
    return stats.pareto(b=alpha, scale=xm)


def exponential(rate):
    return stats.expon(scale=1.0 / rate)


def lognormal(mu, sigma):
    return stats.lognorm(s=sigma, scale=math.exp(mu))


def cell(value):
    return "" if value == "" else value if isinstance(value, str) else repr(float(value))


# Each row: family, parameter 1, parameter 2, function, argument, expected.
rows = []
for xm, alpha, xs in [(0.235, 10, [0.235, 0.3, 0.5, 1.0]), (1.05, 1.51, [1.05, 2, 10, 1000, 1e6]),
                      (3, 3.5, [3, 4, 30, 300]), (1, 0.8, [1, 10, 1e4, 1e12])]:
    d = pareto(xm, alpha)
    for x in xs:
        rows.append(("pareto", xm, alpha, "survival", x, d.sf(x)))
        rows.append(("pareto", xm, alpha, "cdf", x, d.cdf(x)))
    for v in [0.5, 1e-3, 1e-9]:
        rows.append(("pareto", xm, alpha, "inverseSurvival", v, d.isf(v)))
    if alpha > 1:
        rows.append(("pareto", xm, alpha, "mean", "", d.mean()))

for rate, xs in [(1.66, [0.1, 1, 10]), (0.183, [1, 5.464, 100]), (0.0028, [1, 357, 5000])]:
    d = exponential(rate)
    for x in xs:
        rows.append(("exponential", rate, "", "survival", x, d.sf(x)))
    for v in [0.5, 1e-6]:
        rows.append(("exponential", rate, "", "inverseSurvival", v, d.isf(v)))
    rows.append(("exponential", rate, "", "mean", "", d.mean()))

for mu, sigma in [(0.0, 1.0), (1.5, 0.25), (-2.0, 2.0)]:
    d = lognormal(mu, sigma)
    rows.append(("lognormal", mu, sigma, "inverseSurvival", 0.5, d.median()))
    rows.append(("lognormal", mu, sigma, "cdf", math.exp(mu), d.cdf(math.exp(mu))))
    for x in [0.05, 1, 4, 40]:
        rows.append(("lognormal", mu, sigma, "survival", x, d.sf(x)))
    rows.append(("lognormal", mu, sigma, "mean", "", d.mean()))

# Shifted(offset, Exponential(rate)): P(X > x) = P(Y > x - offset).
for offset, rate, xs in [(75, 0.183, [50, 75, 80, 100]), (10, 0.5, [10.5, 20])]:
    d = exponential(rate)
    for x in xs:
        rows.append(("shifted-exponential", offset, rate, "survival", x, d.sf(x - offset)))
    rows.append(("shifted-exponential", offset, rate, "mean", "", offset + d.mean()))

with open("reference-values.csv", "w") as out:
    print("# Reference values for pbs-model's latency distributions, all in milliseconds.", file=out)
    print("# Provenance: closed forms evaluated with scipy %s (scipy.stats.pareto(b=alpha, scale=xm),"
          % scipy.__version__, file=out)
    print("# expon(scale=1/lambda), lognorm(s=sigma, scale=e^mu)) by reference_values.py beside this file.",
          file=out)
    print("# Closed forms: Pareto S(x) = (xm/x)^alpha, mean alpha xm/(alpha-1); exponential S(x) = e^(-lambda x),",
          file=out)
    print("# mean 1/lambda; log-normal median e^mu, mean e^(mu + sigma^2/2); Shifted(c, Y): S(x) = S_Y(x - c).",
          file=out)
    print("# Parameters: pareto (xm_ms, alpha), exponential (lambda per ms), lognormal (mu, sigma),", file=out)
    print("# shifted-exponential (offset_ms, lambda per ms).", file=out)
    print("family,parameter1,parameter2,function,argument,expected", file=out)
    for row in rows:
        print(",".join(cell(value) for value in row), file=out)

# The paper's mixtures (design note section 4): with probability p_exp an exponential of rate
# lambda, else Pareto(xm, alpha). P(X > x) = (1 - p_exp) S_pareto(x) + p_exp S_exp(x).
mixtures = {
    "LINKEDIN_SSD": (0.9122, 0.235, 10, 0.0878, 1.66),
    "LINKEDIN_DISK_WRITE": (0.38, 1.05, 1.51, 0.62, 0.183),
    "YAMMER_WRITE": (0.939, 3, 3.5, 0.061, 0.0028),
    "YAMMER_OTHER": (0.982, 1.5, 3.8, 0.018, 0.0217),
}
with open("mixture-survival.csv", "w") as out:
    print("# P(X > x) of the built-in mixtures (BuiltInProfiles constants), x in milliseconds.", file=out)
    print("# Provenance: w_pareto * scipy.stats.pareto(b=alpha, scale=xm).sf(x)", file=out)
    print("# + w_exp * scipy.stats.expon(scale=1/lambda).sf(x), scipy %s, by reference_values.py;"
          % scipy.__version__, file=out)
    print("# parameters from Bailis et al. PVLDB 2012 Table 3 (ymmr W alpha 3.5: docs/model.md section 4).",
          file=out)
    print("constant,x,expected", file=out)
    for name, (wp, xm, alpha, we, rate) in mixtures.items():
        for x in [0.01, 0.2, xm, 0.3, 1, 2, 5, 10, 100, 1000, 10000]:
            expected = wp * pareto(xm, alpha).sf(x) + we * exponential(rate).sf(x)
            print(",".join([name, cell(x), cell(expected)]), file=out)
