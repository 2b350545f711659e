#!/usr/bin/python3
"""Known-answer tests for dc_reference.py (run: /usr/bin/python3 dc_reference.py --selftest).

All hand-derived values below follow docs/model.md section 7 literally:
  write in cw: a_i = W_i (i in cw); a_f = D(cw, e) + W_f (forwarder of e); a_j = a_f + W_j;
               ack_i = a_i + A_i (+ D(d(i), cw) when remote)
  read in cr at w_t + t: arrival_i = w_t + t + R_i (+ D(cr, d(i)) when remote);
               answer after S_i (+ D(d(i), cr) when remote)
  t* = max(0, min over contacted i of a_i - w_t - R_i (- D(cr, d(i))))
"""

import json
import math
import os
import subprocess
import sys
import tempfile

import numpy as np

import dc_reference as ref

try:
    from scipy import integrate as _integrate
    from scipy.stats import beta as _beta
except Exception:  # pragma: no cover
    _integrate = None
    _beta = None

L = ref.LEVELS
LOCALISH = ["ONE", "TWO", "THREE", "LOCAL_ONE", "LOCAL_QUORUM"]


def const(x):
    return {"type": "constant", "value_ms": x}


def expo(mean):
    return {"type": "exponential", "mean_ms": mean}


def topo_from(names, rfs, w, a, r, s, pair_delays=None, inter=None, name="test"):
    rdc = [nm for nm, k in zip(names, rfs) for _ in range(k)]
    dcs = {"names": names, "replica_dc": rdc}
    if inter is not None:
        dcs["inter_dc_delay"] = inter
    if pair_delays:
        dcs["inter_dc_delays"] = [{"from": x, "to": y, "distribution": d}
                                  for (x, y), d in pair_delays.items()]
    return ref.parse_profile({"name": name, "default": {"w": w, "a": a, "r": r, "s": s},
                              "datacenters": dcs}, "selftest")


class Checker:
    def __init__(self):
        self.ok = True
        self.n = 0
        self.failed = 0

    def __call__(self, name, cond, detail=""):
        self.n += 1
        if not cond:
            self.ok = False
            self.failed += 1
            print(f"  FAIL {name} {detail}")
        return cond


def samples(topo, m=60000, seed=11):
    """Full one-pass t* samples and latencies for every config (all levels, all DC pairs)."""
    dcs = list(range(topo.n_dc))
    lv = [x for x in L if topo.level_size_ok(x)]
    plan = ref.Plan(topo, lv, lv, dcs, dcs)
    rng = ref.chunk_rng(seed, 0, 0)
    ts, wlat, rlat = ref.onepass_samples(topo, plan, rng, m)

    def get(wl, rl, cw, cr):
        cw, cr = topo.names.index(cw), topo.names.index(cr)
        combo = plan.combo_of((wl, rl, cw, cr))
        return ts[combo], wlat[(cw, combo[1])], rlat[(cr, combo[3])]
    return get, plan


def dist_matches(x, expected, chk, name):
    """x: samples; expected: {value: probability}.  Exact support, frequencies within 5 sigma."""
    vals, cnts = np.unique(x, return_counts=True)
    support_ok = set(vals.tolist()) <= set(float(v) for v in expected)
    chk(f"{name}: support {sorted(set(vals.tolist()))} within {sorted(expected)}", support_ok)
    m = x.size
    for v, p in expected.items():
        f = float(np.count_nonzero(x == v)) / m
        sd = math.sqrt(max(p * (1 - p), 1e-12) / m)
        chk(f"{name}: P(={v}) {f:.4f} vs {p:.4f}", abs(f - p) <= 5 * sd + 1e-12)


# --------------------------------------------------------------------------------------
# A. The brief's example: 3+3, W=A=R=S=1, D=10 every pair (constants)
# --------------------------------------------------------------------------------------
def test_constant_symmetric(chk):
    """Derivation (cw = dc1; cw = dc2 is the mirror image):
      dc1 replicas: a = W = 1, ack = 1 + 1 = 2 (local, no D)
      dc2 forwarder: a_f = D + W_f = 10 + 1 = 11; the two others a_j = 11 + 1 = 12
      dc2 acks: 11 + 1 + 10 = 22 (forwarder), 12 + 1 + 10 = 23 (x2)
      all acks sorted: 2, 2, 2, 22, 23, 23
        ONE = TWO = THREE = 2, QUORUM (k=4) = 22, ALL = 23,
        LOCAL_ONE = LOCAL_QUORUM (k=2 of dc1) = 2,
        EACH_QUORUM = max(2nd of dc1 = 2, 2nd of dc2 = 23) = 23  (= D + W_f + W_j + A + D)
      read latency: a local replica answers after R + S = 2, a remote one after R + D + S + D = 22;
        ONE/TWO/THREE/LOCAL_* contact only cr's replicas (3 of them): 2;
        QUORUM (4), ALL (6), EACH_QUORUM (2 + 2) contact a remote replica: 22.
      consistency, cw = dc1, cr = dc2, write with w_t = 2 (ONE, TWO, THREE, LOCAL_*):
        a dc2 replica is LOCAL to the read coordinator in dc2, so the read reaches it at
        w_t + t + R = 3 + t (no D; the brief's "2 + t + 1 + 10 = 13 + t" would be a read
        coordinated in dc1).  Forwarder fresh iff 11 <= 3 + t (t >= 8), the others iff t >= 9.
        A dc1 replica (a = 1) is reached at 3 + t + 10 >= 13: always fresh.
          ONE / LOCAL_ONE (1 random of dc2):      t* = 8 w.p. 1/3, 9 w.p. 2/3
          TWO / LOCAL_QUORUM (2 random of dc2):   t* = 8 w.p. 2/3, 9 w.p. 1/3
          THREE (all of dc2):                     t* = 8
          QUORUM, ALL, EACH_QUORUM (reach dc1):   t* = 0
        writes with w_t >= 22 (QUORUM, ALL, EACH_QUORUM): every a <= 12 < 22: t* = 0.
      cw == cr: every read level contacts >= 1 replica of cr, whose a = 1 <= w_t: t* = 0.
    """
    topo = topo_from(["dc1", "dc2"], [3, 3], const(1), const(1), const(1), const(1),
                     inter=const(10))
    get, _ = samples(topo)
    wexp = {"ONE": 2, "TWO": 2, "THREE": 2, "QUORUM": 22, "ALL": 23, "LOCAL_ONE": 2,
            "LOCAL_QUORUM": 2, "EACH_QUORUM": 23}
    rexp = {"ONE": 2, "TWO": 2, "THREE": 2, "LOCAL_ONE": 2, "LOCAL_QUORUM": 2, "QUORUM": 22,
            "ALL": 22, "EACH_QUORUM": 22}
    for cw, cr in (("dc1", "dc2"), ("dc2", "dc1"), ("dc1", "dc1"), ("dc2", "dc2")):
        for wl in L:
            for rl in L:
                ts, wlat, rlat = get(wl, rl, cw, cr)
                chk(f"A write latency {wl}@{cw}", np.all(wlat == wexp[wl]),
                    f"{np.unique(wlat)} != {wexp[wl]}")
                chk(f"A read latency {rl}@{cr}", np.all(rlat == rexp[rl]),
                    f"{np.unique(rlat)} != {rexp[rl]}")
                if cw == cr or wexp[wl] >= 22 or rl in ("QUORUM", "ALL", "EACH_QUORUM"):
                    chk(f"A t* {wl}@{cw}->{rl}@{cr} == 0", np.all(ts == 0))
    for cw, cr in (("dc1", "dc2"), ("dc2", "dc1")):
        for wl in LOCALISH:
            exp = {"ONE": {8: 1 / 3, 9: 2 / 3}, "LOCAL_ONE": {8: 1 / 3, 9: 2 / 3},
                   "TWO": {8: 2 / 3, 9: 1 / 3}, "LOCAL_QUORUM": {8: 2 / 3, 9: 1 / 3},
                   "THREE": {8: 1.0}}
            for rl, e in exp.items():
                dist_matches(get(wl, rl, cw, cr)[0], e, chk, f"A t* {wl}@{cw}->{rl}@{cr}")
    # EACH_QUORUM commit, spelled out: 2*D + W_f + W_j + A = 23
    chk("A EACH_QUORUM commit = 2*10+1+1+1", wexp["EACH_QUORUM"] == 2 * 10 + 1 + 1 + 1)
    # direct form: LOCAL_QUORUM@dc1 then LOCAL_ONE@dc2: 0 before 8, 1/3 on [8, 9), 1 from 9
    topo_plan = ref.Plan(topo, ["LOCAL_QUORUM"], ["LOCAL_ONE", "THREE"], [0], [1])
    for t, exp_one, exp_three in ((0, 0, 0), (7.999, 0, 0), (8, 1 / 3, 1), (8.5, 1 / 3, 1),
                                  (9, 1, 1), (50, 1, 1)):
        m = 60000
        cnt = ref.direct_chunk(topo, topo_plan, ref.chunk_rng(5, 1, int(t * 1000)), m, t)
        c1 = cnt[(0, ("local", 2), 1, ("prefix", 1))] / m
        c3 = cnt[(0, ("local", 2), 1, ("prefix", 3))] / m
        sd = math.sqrt(exp_one * (1 - exp_one) / m)
        chk(f"A direct LOCAL_QUORUM@dc1->LOCAL_ONE@dc2 t={t}: {c1:.4f} vs {exp_one:.4f}",
            abs(c1 - exp_one) <= 5 * sd + 1e-12)
        chk(f"A direct LOCAL_QUORUM@dc1->THREE@dc2 t={t}: {c3} vs {exp_three}",
            c3 == exp_three)
    print("  A. 3+3 constants (W=A=R=S=1, D=10): commit times, latencies, t* support and "
          "frequencies, direct form")


# --------------------------------------------------------------------------------------
# B. Direction matters: W=1, A=2, R=3, S=4, D(dc1->dc2)=10, D(dc2->dc1)=20
# --------------------------------------------------------------------------------------
def test_constant_asymmetric(chk):
    """cw = dc1: a(dc1) = 1, ack 1+2 = 3; a(dc2 fwd) = 10+1 = 11, others 12;
                 acks 11+2+20 = 33, 12+2+20 = 34 (x2)
       cw = dc2: a(dc2) = 1, ack 3; a(dc1 fwd) = 20+1 = 21, others 22;
                 acks 21+2+10 = 33, 22+2+10 = 34 (x2)
       both: ONE=TWO=THREE=LOCAL_ONE=LOCAL_QUORUM = 3, QUORUM (4th) = 33, ALL = 34,
             EACH_QUORUM = max(3, 2nd of (33, 34, 34) = 34) = 34
       read latency: local R+S = 7; remote R + D(cr,e) + S + D(e,cr) = 3+10+4+20 = 37 either way
       cw = dc1, cr = dc2, w_t = 3: dc2 replica reached at 3+t+3 = 6+t:
             forwarder (11) fresh iff t >= 5, others (12) iff t >= 6
       cw = dc2, cr = dc1, w_t = 3: dc1 replica reached at 6+t:
             forwarder (21) fresh iff t >= 15, others (22) iff t >= 16
       so ONE: {5: 1/3, 6: 2/3} one way and {15: 1/3, 16: 2/3} the other way; THREE: 5 / 15;
       the remote replicas of a QUORUM/ALL/EACH read: a = 1 <= 6 + t + D: t* = 0.
    """
    topo = topo_from(["dc1", "dc2"], [3, 3], const(1), const(2), const(3), const(4),
                     pair_delays={("dc1", "dc2"): const(10), ("dc2", "dc1"): const(20)})
    get, _ = samples(topo, seed=12)
    wexp = {"ONE": 3, "TWO": 3, "THREE": 3, "QUORUM": 33, "ALL": 34, "LOCAL_ONE": 3,
            "LOCAL_QUORUM": 3, "EACH_QUORUM": 34}
    rexp = {"ONE": 7, "TWO": 7, "THREE": 7, "LOCAL_ONE": 7, "LOCAL_QUORUM": 7, "QUORUM": 37,
            "ALL": 37, "EACH_QUORUM": 37}
    for cw, cr, lo in (("dc1", "dc2", 5), ("dc2", "dc1", 15)):
        for wl in L:
            for rl in L:
                ts, wlat, rlat = get(wl, rl, cw, cr)
                chk(f"B write latency {wl}@{cw}", np.all(wlat == wexp[wl]))
                chk(f"B read latency {rl}@{cr}", np.all(rlat == rexp[rl]))
                if wexp[wl] >= 33 or rl in ("QUORUM", "ALL", "EACH_QUORUM"):
                    chk(f"B t* {wl}@{cw}->{rl}@{cr} == 0", np.all(ts == 0))
                elif rl in ("ONE", "LOCAL_ONE"):
                    dist_matches(ts, {lo: 1 / 3, lo + 1: 2 / 3}, chk, f"B t* {wl}@{cw}->{rl}@{cr}")
                elif rl in ("TWO", "LOCAL_QUORUM"):
                    dist_matches(ts, {lo: 2 / 3, lo + 1: 1 / 3}, chk, f"B t* {wl}@{cw}->{rl}@{cr}")
                else:
                    chk(f"B t* {wl}@{cw}->THREE@{cr} == {lo}", np.all(ts == lo))
        for wl in L:
            for rl in L:
                chk(f"B same-DC t* {wl}@{cw}->{rl}@{cw} == 0", np.all(get(wl, rl, cw, cw)[0] == 0))
    print("  B. 3+3 constants, D(dc1->dc2)=10, D(dc2->dc1)=20: direction-dependent windows "
          "5/6 vs 15/16 ms")


# --------------------------------------------------------------------------------------
# C. Three datacenters 2+2+1, distinct D per ordered pair
# --------------------------------------------------------------------------------------
def test_constant_three_dcs(chk):
    """W=1, A=2, R=3, S=4; D(x,y) = 10*(x+1) + (y+1): D12=12 D13=13 D21=21 D23=23 D31=31 D32=32.
       dc1 = replicas 0,1; dc2 = 2,3; dc3 = 4.  N = 5, QUORUM = 3; LOCAL_QUORUM: dc1/dc2 k=2,
       dc3 k=1; EACH_QUORUM: 2 of dc1, 2 of dc2, 1 of dc3 (= every replica).
       cw=dc1: a: dc1 1,1; dc2 fwd 12+1=13, other 14; dc3 13+1=14.
               acks: 3,3; 13+2+21=36, 14+2+21=37; 14+2+31=47 -> sorted 3,3,36,37,47
               ONE 3, TWO 3, THREE 36, QUORUM 36, ALL 47, LOCAL_* 3, EACH max(3,37,47)=47
       cw=dc2: a: dc2 1,1; dc1 fwd 21+1=22, other 23; dc3 23+1=24.
               acks: 3,3; 22+2+12=36, 23+2+12=37; 24+2+32=58
               ONE 3, TWO 3, THREE 36, QUORUM 36, ALL 58, LOCAL_* 3, EACH max(37,3,58)=58
       cw=dc3: a: dc3 1; dc1 fwd 31+1=32, other 33; dc2 fwd 32+1=33, other 34.
               acks: 3; 32+2+13=47, 33+2+13=48; 33+2+23=58, 34+2+23=59
               ONE 3, TWO 47, THREE 48, QUORUM 48, ALL 59, LOCAL_* 3, EACH max(48,59,3)=59
       read latency (R + D + S + D):
         cr=dc1: local 7, dc2 3+12+4+21=40, dc3 3+13+4+31=51
           ONE, LOCAL_ONE, TWO, LOCAL_QUORUM 7; THREE = QUORUM: both dc1 + 1 of the 3 others:
           40 w.p. 2/3, 51 w.p. 1/3; ALL, EACH 51
         cr=dc2: local 7, dc1 40, dc3 3+23+4+32=62; THREE: 40 w.p. 2/3, 62 w.p. 1/3; ALL 62
         cr=dc3: local 7, dc1 51, dc2 62; ONE, LOCAL_* 7; TWO: 51 / 62 each 1/2;
           THREE = QUORUM: 2 of the 4 others are both dc1 w.p. 1/6 -> 51, else 62; ALL, EACH 62
       windows:
         LOCAL_QUORUM@dc1 (w_t=3) -> read@dc3: replica 4 reached at 3+t+3 = 6+t, a = 14: t >= 8;
           dc1 replicas reached at 6+t+31 >= a=1, dc2 at 6+t+32 >= 14: fresh.
           ONE, LOCAL_ONE, LOCAL_QUORUM: t* = 8; TWO and larger: 0
         LOCAL_ONE@dc3 (w_t=3) -> read@dc1: dc1 replicas at 6+t vs a 32 (fwd) / 33: 26 / 27;
           dc2 replicas at 6+t+12 = 18+t vs a 33 / 34: 15 / 16; replica 4 at 19+t vs 1: 0.
           ONE, LOCAL_ONE: {26, 27} 1/2 each; TWO, LOCAL_QUORUM: 26;
           THREE, QUORUM (both dc1 + one of replicas 2,3,4): {0, 15, 16} 1/3 each; ALL, EACH: 0
         ONE@dc2 (w_t=3) -> ONE@dc3: replica 4 (a = 23+1 = 24) reached at 6+t: t* = 18;
           TWO@dc3 adds a dc1 (a 22/23, reached at 6+t+31) or dc2 (a 1) replica: t* = 0
         TWO@dc3 (w_t=47) -> anything@dc1: reached at >= 50 > every a: 0
    """
    names = ["dc1", "dc2", "dc3"]
    pd = {(names[x], names[y]): const(10 * (x + 1) + (y + 1))
          for x in range(3) for y in range(3) if x != y}
    topo = topo_from(names, [2, 2, 1], const(1), const(2), const(3), const(4), pair_delays=pd)
    get, _ = samples(topo, seed=13)
    wexp = {"dc1": [3, 3, 36, 36, 47, 3, 3, 47], "dc2": [3, 3, 36, 36, 58, 3, 3, 58],
            "dc3": [3, 47, 48, 48, 59, 3, 3, 59]}
    for cw in names:
        for wl, v in zip(L, wexp[cw]):
            chk(f"C write latency {wl}@{cw} == {v}", np.all(get(wl, "ONE", cw, "dc1")[1] == v),
                f"got {np.unique(get(wl, 'ONE', cw, 'dc1')[1])}")
    rexp = {
        "dc1": {"ONE": {7: 1}, "LOCAL_ONE": {7: 1}, "TWO": {7: 1}, "LOCAL_QUORUM": {7: 1},
                "THREE": {40: 2 / 3, 51: 1 / 3}, "QUORUM": {40: 2 / 3, 51: 1 / 3},
                "ALL": {51: 1}, "EACH_QUORUM": {51: 1}},
        "dc2": {"ONE": {7: 1}, "LOCAL_ONE": {7: 1}, "TWO": {7: 1}, "LOCAL_QUORUM": {7: 1},
                "THREE": {40: 2 / 3, 62: 1 / 3}, "QUORUM": {40: 2 / 3, 62: 1 / 3},
                "ALL": {62: 1}, "EACH_QUORUM": {62: 1}},
        "dc3": {"ONE": {7: 1}, "LOCAL_ONE": {7: 1}, "LOCAL_QUORUM": {7: 1},
                "TWO": {51: 1 / 2, 62: 1 / 2}, "THREE": {51: 1 / 6, 62: 5 / 6},
                "QUORUM": {51: 1 / 6, 62: 5 / 6}, "ALL": {62: 1}, "EACH_QUORUM": {62: 1}},
    }
    for cr, d in rexp.items():
        for rl, e in d.items():
            dist_matches(get("ONE", rl, "dc1", cr)[2], e, chk, f"C read latency {rl}@{cr}")
    for rl in L:
        e = {8: 1} if rl in ("ONE", "LOCAL_ONE", "LOCAL_QUORUM") else {0: 1}
        dist_matches(get("LOCAL_QUORUM", rl, "dc1", "dc3")[0], e, chk,
                     f"C t* LOCAL_QUORUM@dc1->{rl}@dc3")
    exp = {"ONE": {26: .5, 27: .5}, "LOCAL_ONE": {26: .5, 27: .5}, "TWO": {26: 1},
           "LOCAL_QUORUM": {26: 1}, "THREE": {0: 1 / 3, 15: 1 / 3, 16: 1 / 3},
           "QUORUM": {0: 1 / 3, 15: 1 / 3, 16: 1 / 3}, "ALL": {0: 1}, "EACH_QUORUM": {0: 1}}
    for rl, e in exp.items():
        dist_matches(get("LOCAL_ONE", rl, "dc3", "dc1")[0], e, chk, f"C t* LOCAL_ONE@dc3->{rl}@dc1")
    dist_matches(get("ONE", "ONE", "dc2", "dc3")[0], {18: 1}, chk, "C t* ONE@dc2->ONE@dc3")
    dist_matches(get("ONE", "TWO", "dc2", "dc3")[0], {0: 1}, chk, "C t* ONE@dc2->TWO@dc3")
    for rl in L:
        chk(f"C t* TWO@dc3->{rl}@dc1 == 0", np.all(get("TWO", rl, "dc3", "dc1")[0] == 0))
    print("  C. 2+2+1 constants, distinct D per ordered pair: commit times, latency "
          "distributions, windows")


# --------------------------------------------------------------------------------------
# D. Single datacenter, exponential W, A = R = 0: closed forms; LOCAL_X == X
# --------------------------------------------------------------------------------------
def test_single_dc_closed_form(chk):
    """N = 5 in one datacenter, W ~ Exp(mean 2), A = R = 0, S ~ Exp(mean 1).
    The write set is the k smallest W (k = the level's count; LOCAL_QUORUM = EACH_QUORUM =
    QUORUM = 3 here), the read set r random replicas.  By memorylessness the N-k excesses
    W_j - W_(k) are iid Exp(mean 2), so P(stale at t) = C(N-k, r)/C(N, r) * exp(-r t / 2).
    Read latency = max of r iid Exp(1): q-quantile -ln(1 - q^(1/r)).  Write latency = W_(k):
    F(W_(k)) ~ Beta(k, N-k+1)."""
    N = 5
    topo = topo_from(["dc1"], [N], expo(2.0), const(0), const(0), expo(1.0))
    t_grid = [0, 0.5, 2]
    trials = 200_000
    out = ref.run(topo, L, L, [0], [0], t_grid, trials, seed=21, chunk=100_000,
                  windows=[0.99, 0.999], pcts=[50.0, 90.0, 99.0], log=None)
    kk = {"ONE": 1, "TWO": 2, "THREE": 3, "QUORUM": 3, "ALL": 5, "LOCAL_ONE": 1,
          "LOCAL_QUORUM": 3, "EACH_QUORUM": 3}
    z = 4.0
    for c in out["configs"]:
        k, r = kk[c["write_level"]], kk[c["read_level"]]
        cf = math.comb(N - k, r) / math.comb(N, r)
        tag = f"D {c['write_level']}->{c['read_level']}"
        chk(f"{tag} strict flag", c["strict"] == (k + r > N))
        for form in ("t_visibility", "t_visibility_onepass"):
            for e in c[form]:
                p = 1 - cf * math.exp(-r * e["t_ms"] / 2)
                if c["strict"]:
                    chk(f"{tag} {form} t={e['t_ms']} exactly 1", e["p_consistent"] == 1.0)
                else:
                    sd = math.sqrt(p * (1 - p) / trials)
                    chk(f"{tag} {form} t={e['t_ms']}: {e['p_consistent']:.5f} vs {p:.5f}",
                        abs(e["p_consistent"] - p) <= z * sd)
        for w in c["windows_ms"]:
            q = 0.0 if cf <= 1 - w["p"] else -2.0 / r * math.log((1 - w["p"]) / cf)
            lo, hi = w["ci95"]
            chk(f"{tag} window p={w['p']}: {w['t_ms']:.4f} [{lo:.4f},{hi:.4f}] vs {q:.4f}",
                lo - (hi - lo) - 1e-12 <= q <= hi + (hi - lo) + 1e-12)
        for e in c["read_latency_ms"]:
            q = -math.log(1 - (e["percentile"] / 100) ** (1 / r))
            lo, hi = e["ci95"]
            chk(f"{tag} read latency p{e['percentile']}: {e['value']:.4f} vs {q:.4f}",
                lo - (hi - lo) <= q <= hi + (hi - lo))
        if _beta is not None:
            for e in c["write_latency_ms"]:
                b = _beta.ppf(e["percentile"] / 100, k, N - k + 1)
                q = -2.0 * math.log(1 - b)
                lo, hi = e["ci95"]
                chk(f"{tag} write latency p{e['percentile']}: {e['value']:.4f} vs {q:.4f}",
                    lo - (hi - lo) <= q <= hi + (hi - lo))
    # LOCAL_X is X in a single datacenter: identical numbers on the same draws
    byk = {(c["write_level"], c["read_level"]): c for c in out["configs"]}
    same = [("LOCAL_ONE", "ONE"), ("LOCAL_QUORUM", "QUORUM"), ("EACH_QUORUM", "QUORUM")]
    for a_, b_ in same:
        for other in L:
            for x, y in (((a_, other), (b_, other)), ((other, a_), (other, b_))):
                cx, cy = byk[x], byk[y]
                chk(f"D {x} == {y}",
                    [e["consistent"] for e in cx["t_visibility"]]
                    == [e["consistent"] for e in cy["t_visibility"]]
                    and cx["windows_ms"] == cy["windows_ms"]
                    and cx["read_latency_ms"] == cy["read_latency_ms"]
                    and cx["write_latency_ms"] == cy["write_latency_ms"])
    print("  D. single DC N=5, Exp W: P = 1 - C(N-k,r)/C(N,r) e^(-rt/2), windows, "
          "latencies (order statistics); LOCAL_X == X, EACH_QUORUM == QUORUM")


# --------------------------------------------------------------------------------------
# E. Two datacenters, closed form by numerical integration (forwarder chain)
# --------------------------------------------------------------------------------------
def test_two_dc_integral(chk):
    """dc1: 3, dc2: 2; W ~ Exp(mean 2) (lambda 0.5), A = R = S = 0, D(dc1->dc2) = 5,
    D(dc2->dc1) = 7 (constants).  LOCAL_ONE write in dc1: w_t = M = min of dc1's three W
    ~ Exp(rate 1.5).  dc2's forwarder has a_f = 5 + X1, the other a_j = 5 + X1 + X2
    (X ~ Exp(0.5) iid, independent of M).  A read in dc2 reaches a dc2 replica at M + t.
      LOCAL_ONE@dc2 (one random of two): P = 1/2 P(X1 - M <= t-5) + 1/2 P(X1+X2 - M <= t-5)
      LOCAL_QUORUM@dc2 = TWO@dc2 (both; the forwarder is the first to have it): P(X1 - M <= t-5)
    P(Y - M <= s) = integral over m >= max(0, -s) of F_Y(m + s) * 1.5 e^(-1.5 m) dm,
    F_X1(y) = 1 - e^(-y/2), F_{X1+X2}(y) = 1 - e^(-y/2)(1 + y/2)."""
    if _integrate is None:
        print("  E. skipped (no scipy)")
        return
    topo = topo_from(["dc1", "dc2"], [3, 2], expo(2.0), const(0), const(0), const(0),
                     pair_delays={("dc1", "dc2"): const(5), ("dc2", "dc1"): const(7)})
    mu = 1.5

    def p_le(F, s):
        lo = max(0.0, -s)
        v, _ = _integrate.quad(lambda m: F(m + s) * mu * math.exp(-mu * m), lo, np.inf,
                               epsabs=1e-12, epsrel=1e-10)
        return v
    F1 = lambda y: 1 - math.exp(-y / 2) if y > 0 else 0.0
    F2 = lambda y: 1 - math.exp(-y / 2) * (1 + y / 2) if y > 0 else 0.0
    t_grid = [0, 4, 5, 6, 8, 12, 20]
    trials = 200_000
    out = ref.run(topo, ["LOCAL_ONE"], ["LOCAL_ONE", "LOCAL_QUORUM", "TWO"], [0], [1], t_grid,
                  trials, seed=31, chunk=100_000, windows=[0.99], pcts=[50.0], log=None)
    for c in out["configs"]:
        for form in ("t_visibility", "t_visibility_onepass"):
            for e in c[form]:
                s = e["t_ms"] - 5
                if c["read_level"] == "LOCAL_ONE":
                    p = 0.5 * p_le(F1, s) + 0.5 * p_le(F2, s)
                else:
                    p = p_le(F1, s)
                sd = math.sqrt(max(p * (1 - p), 1e-12) / trials)
                chk(f"E LOCAL_ONE@dc1->{c['read_level']}@dc2 {form} t={e['t_ms']}: "
                    f"{e['p_consistent']:.5f} vs {p:.5f}",
                    abs(e["p_consistent"] - p) <= 4 * sd + 1e-9)
    print("  E. 3+2, Exp W, constant D: forwarder chain against numerical integration")


# --------------------------------------------------------------------------------------
# F. Strictness: reasoning vs brute force over replica subsets; expected entries
# --------------------------------------------------------------------------------------
def test_strictness(chk):
    c = const(1)
    tops = {
        "3+3": topo_from(["dc1", "dc2"], [3, 3], c, c, c, c, inter=c),
        "3+2": topo_from(["dc1", "dc2"], [3, 2], c, c, c, c, inter=c),
        "2+2+1": topo_from(["dc1", "dc2", "dc3"], [2, 2, 1], c, c, c, c, inter=c),
        "1+1": topo_from(["dc1", "dc2"], [1, 1], c, c, c, c, inter=c),
        "1+2": topo_from(["dc1", "dc2"], [1, 2], c, c, c, c, inter=c),
        "3+3+3": topo_from(["a", "b", "c"], [3, 3, 3], c, c, c, c, inter=c),
        "5": topo_from(["dc1"], [5], c, c, c, c),
        "4+1": topo_from(["dc1", "dc2"], [4, 1], c, c, c, c, inter=c),
    }
    pairs = 0
    for nm, topo in tops.items():
        lv = [x for x in L if topo.level_size_ok(x)]
        for cw in range(topo.n_dc):
            for cr in range(topo.n_dc):
                for wl in lv:
                    for rl in lv:
                        a = ref.is_strict(topo, wl, rl, cw, cr)
                        b = ref.is_strict_bruteforce(topo, wl, rl, cw, cr)
                        pairs += 1
                        chk(f"F {nm} {wl}@{cw}->{rl}@{cr}: reasoning {a} == brute force {b}",
                            a == b)
    t = tops["5"]
    kk = {"ONE": 1, "TWO": 2, "THREE": 3, "QUORUM": 3, "ALL": 5, "LOCAL_ONE": 1,
          "LOCAL_QUORUM": 3, "EACH_QUORUM": 3}
    for wl in L:
        for rl in L:
            chk(f"F single DC {wl}/{rl}: strict iff k_w + k_r > N",
                ref.is_strict(t, wl, rl, 0, 0) == (kk[wl] + kk[rl] > 5))
    t = tops["3+3"]
    S = lambda wl, rl, cw, cr: ref.is_strict(t, wl, rl, cw, cr)
    expect = [
        ("LOCAL_QUORUM", "LOCAL_QUORUM", 0, 0, True), ("LOCAL_QUORUM", "LOCAL_QUORUM", 0, 1, False),
        ("QUORUM", "QUORUM", 0, 1, True), ("QUORUM", "QUORUM", 0, 0, True),
        ("EACH_QUORUM", "LOCAL_QUORUM", 0, 0, True), ("EACH_QUORUM", "LOCAL_QUORUM", 0, 1, True),
        ("EACH_QUORUM", "LOCAL_QUORUM", 1, 0, True), ("EACH_QUORUM", "LOCAL_QUORUM", 1, 1, True),
        ("ALL", "ONE", 0, 1, True), ("ONE", "ALL", 1, 0, True),
        ("ALL", "LOCAL_ONE", 1, 0, True), ("LOCAL_ONE", "ALL", 0, 1, True),
        ("ONE", "ONE", 0, 0, False), ("EACH_QUORUM", "ONE", 0, 0, False),
        ("EACH_QUORUM", "TWO", 0, 1, True), ("LOCAL_QUORUM", "EACH_QUORUM", 0, 1, True),
        ("LOCAL_ONE", "THREE", 0, 0, True), ("LOCAL_ONE", "THREE", 0, 1, False),
        ("LOCAL_QUORUM", "QUORUM", 0, 0, True), ("LOCAL_QUORUM", "QUORUM", 0, 1, False),
        ("TWO", "QUORUM", 0, 0, False), ("THREE", "QUORUM", 0, 1, True),
        ("THREE", "THREE", 0, 0, False), ("EACH_QUORUM", "EACH_QUORUM", 0, 1, True),
        ("QUORUM", "LOCAL_QUORUM", 0, 0, False), ("QUORUM", "EACH_QUORUM", 0, 1, True),
    ]
    for wl, rl, cw, cr, e in expect:
        chk(f"F 3+3 {wl}@dc{cw + 1}->{rl}@dc{cr + 1} strict == {e}", S(wl, rl, cw, cr) == e)
    print(f"  F. strictness: reasoning == brute force on {pairs} (topology, level pair, DC pair) "
          f"cases; single DC strict iff k_w + k_r > N; {len(expect)} expected 3+3 entries")


# --------------------------------------------------------------------------------------
# G. Random delays on the 3+3 fixture shape: strict pairs exactly 1, direct == one-pass
# --------------------------------------------------------------------------------------
def test_random_fixture(chk):
    here = os.path.dirname(os.path.abspath(__file__))
    for fx in ("three-plus-three.json", "three-plus-two.json"):
        topo = ref.load_profile(os.path.join(here, "profiles", fx))
        lv = [x for x in L if topo.level_size_ok(x)]
        dcs = list(range(topo.n_dc))
        out = ref.run(topo, lv, lv, dcs, dcs, [0, 5, 20, 50], 100_000, seed=41,
                      chunk=50_000, log=None)
        chk(f"G {fx}: no strict violation in simulation", not out["strict_violations"],
            str(out["strict_violations"][:3]))
        sc = ref.self_consistency(out, z=3.3, log=open(os.devnull, "w"))
        chk(f"G {fx}: direct vs one-pass, none beyond 5 sigma, strict exactly 1",
            sc["beyond_5_sigma_or_strict_not_1"] == 0, str(sc))
        # monotone in t (one-pass, same draws) and strict configs have window 0
        for c in out["configs"]:
            ps = [e["p_consistent"] for e in c["t_visibility_onepass"]]
            chk(f"G {fx} monotone in t", all(x <= y for x, y in zip(ps, ps[1:])))
            if c["strict"]:
                chk(f"G {fx} strict window 0", all(w["t_ms"] == 0 for w in c["windows_ms"]))
        n_strict = sum(c["strict"] for c in out["configs"])
        print(f"  G. {fx}: {len(out['configs'])} configs, {n_strict} strict all exactly 1; "
              f"direct vs one-pass {sc['checks'] - sc['outside_z']}/{sc['checks']} within "
              f"z=3.3 ({sc['outside_z']} outside, up to "
              f"{sc['expected_outside_z_by_chance_at_most']} expected by chance)")


# --------------------------------------------------------------------------------------
# H. Samplers
# --------------------------------------------------------------------------------------
def test_samplers(chk):
    rng = np.random.Generator(np.random.PCG64(3))
    n = 2_000_000
    cases = [
        ({"type": "constant", "value_ms": 2.5}, 2.5, 0.0),
        ({"type": "exponential", "mean_ms": 1.5}, 1.5, 1.5),
        ({"type": "lognormal", "mu": 3.0, "sigma": 0.25}, math.exp(3.0 + 0.25 ** 2 / 2),
         math.exp(3.0 + 0.25 ** 2 / 2) * math.sqrt(math.exp(0.25 ** 2) - 1)),
        ({"type": "pareto", "xm_ms": 0.235, "alpha": 10}, 0.235 * 10 / 9,
         0.235 / 9 * math.sqrt(10 / 8)),
        ({"type": "mixture", "components": [
            {"weight": 0.25, "distribution": {"type": "constant", "value_ms": 4}},
            {"weight": 0.75, "distribution": {"type": "exponential", "mean_ms": 2}}]},
         0.25 * 4 + 0.75 * 2, 3.0),
        ({"type": "shifted", "offset_ms": 10,
          "distribution": {"type": "exponential", "mean_ms": 1}}, 11.0, 1.0),
    ]
    for spec, mean, sd in cases:
        d = ref.compile_dist(spec, "t")
        x = d.sample(rng, n)
        good = abs(x.mean() - mean) <= 5 * sd / math.sqrt(n) + 1e-12 and abs(d.mean - mean) < 1e-9
        chk(f"H sampler {spec['type']}: mean {x.mean():.5f} vs {mean:.5f}", good)
    x = ref.compile_dist({"type": "pareto", "xm_ms": 1.05, "alpha": 1.51}, "t").sample(rng, n)
    chk("H pareto support >= xm and tail P(X > 2 xm) = 2^-alpha",
        x.min() >= 1.05 and abs((x > 2.1).mean() - 2 ** -1.51) < 5 * math.sqrt(0.35 * 0.65 / n))
    x = ref.compile_dist({"type": "shifted", "offset_ms": 10, "distribution": {
        "type": "constant", "value_ms": 0}}, "t").sample(rng, 10)
    chk("H shifted constant", np.all(x == 10))
    print("  H. samplers: constant, exponential, lognormal, pareto, mixture, shifted")


# --------------------------------------------------------------------------------------
# I. Command-line and profile errors: one line, exit status 2
# --------------------------------------------------------------------------------------
def test_errors(chk):
    here = os.path.dirname(os.path.abspath(__file__))
    script = os.path.join(here, "dc_reference.py")
    fx = os.path.join(here, "profiles", "three-plus-three.json")
    good = json.load(open(fx))
    tiny = json.loads(json.dumps(good))
    tiny["datacenters"]["replica_dc"] = ["dc1", "dc2"]
    bad_type = json.loads(json.dumps(good))
    bad_type["default"]["w"] = {"type": "weibull", "k": 1}
    uncovered = json.loads(json.dumps(good))
    del uncovered["datacenters"]["inter_dc_delay"]
    bad_dc = json.loads(json.dumps(good))
    bad_dc["datacenters"]["replica_dc"][0] = "dc9"
    with tempfile.TemporaryDirectory() as td:
        def write(obj, name):
            p = os.path.join(td, name)
            json.dump(obj, open(p, "w"))
            return p
        pt, pb, pu, pd = (write(tiny, "tiny.json"), write(bad_type, "bt.json"),
                          write(uncovered, "unc.json"), write(bad_dc, "bdc.json"))
        cases = [
            ([fx, "--write-levels", "SERIAL"], "unknown consistency level"),
            ([fx, "--read-dcs", "dc3"], "unknown datacenter"),
            ([pt, "--read-levels", "THREE"], "THREE needs 3 replicas"),
            ([pt, "--write-levels", "TWO", "--read-levels", "LOCAL_QUORUM", "--strictness"],
             None),
            ([pb], "unknown distribution type"),
            ([pu], "no inter-datacenter delay for"),
            ([pd], "unknown datacenter"),
            ([fx, "--t", "abc"], "not a number"),
        ]
        for args, needle in cases:
            p = subprocess.run([sys.executable, script, "--profile-file"] + args,
                               capture_output=True, text=True)
            if needle is None:
                chk(f"I {args[1:]} accepted (LOCAL_QUORUM with RF 1 is fine)", p.returncode == 0,
                    p.stderr)
                continue
            lines = [x for x in p.stderr.splitlines() if x.strip()]
            chk(f"I {args[1:] or args}: exit 2 with one line containing '{needle}'",
                p.returncode == 2 and len(lines) == 1 and needle in lines[0],
                f"rc={p.returncode} stderr={p.stderr!r}")
        # 'all' with N = 2 skips THREE with a note, and runs
        p = subprocess.run([sys.executable, script, "--profile-file", pt, "--trials", "2000",
                            "--t", "0,10", "--out", os.devnull], capture_output=True, text=True)
        chk("I 'all' on N = 2 skips THREE and runs",
            p.returncode == 0 and "THREE skipped" in p.stderr, p.stderr[-500:])
    print("  I. errors: unknown level / datacenter / distribution, THREE with N = 2, uncovered "
          "pair -> exit 2, one line")


# --------------------------------------------------------------------------------------
# J. Co-located coordinators (--coordinator-replica), constants by hand
# --------------------------------------------------------------------------------------
def colocated(names, rfs, w, a, r, s, inter=None, local=None, preference=None):
    topo = topo_from(names, rfs, w, a, r, s, inter=inter)
    if local is not None:
        for key, spec in local.items():
            topo.colocal[key] = ref.compile_dist(spec, "selftest")
    topo.colocal_preference = preference
    return topo.with_coordinator_replica()


def test_colocated(chk):
    """One datacenter of 3, W = 3, A = S = 0, R = 5, the coordinator's own replica at W_local =
    R_local = 0 (no local delays given: 0).  A write at ONE commits at once (its coordinator's own
    ack at 0: w_t = 0; without co-location every replica acks at 3).  A read at LOCAL_ONE at t = 0
    asked of its own replica c' (R_local = 0) is fresh iff c' is the write's coordinator c (else
    that replica gets the write at 3 > 0), probability 1/3; asked of another replica (R = 5) it is
    always fresh (the write is there by 3 <= 5).  So P(t = 0) = p/3 + (1 - p) with preference p,
    and 1/3 * 1/3 + 2/3 = 7/9 without one (uniform target); P(t >= 3) = 1.  Read latency:
    0 when served locally, 5 otherwise."""
    print("  J. co-located coordinators: commit at the own ack, the read preference, forwarding, "
          "EACH_QUORUM's local quorum")
    for p, expected, local_share in ((1.0, 1 / 3, 1.0), (0.0, 1.0, 0.0), (0.5, 2 / 3, 0.5),
                                     (None, 7 / 9, 1 / 3)):
        topo = colocated(["dc1"], [3], const(3), const(0), const(5), const(0), preference=p)
        get, _ = samples(topo)
        ts, wlat, rlat = get("ONE", "LOCAL_ONE", "dc1", "dc1")
        tag = f"J colocated p={p}"
        chk(f"{tag}: ONE write commits at 0", bool(np.all(wlat == 0)))
        dist_matches(ts, {0.0: expected, 3.0: 1 - expected} if expected < 1 else {0.0: 1.0},
                     chk, f"{tag}: t* of LOCAL_ONE")
        dist_matches(rlat, {0.0: local_share, 5.0: 1 - local_share}
                     if 0 < local_share < 1 else {0.0 if local_share else 5.0: 1.0},
                     chk, f"{tag}: LOCAL_ONE read latency")
    plain = topo_from(["dc1"], [3], const(3), const(0), const(5), const(0))
    ts, wlat, _ = samples(plain)[0]("ONE", "LOCAL_ONE", "dc1", "dc1")
    chk("J without co-location: ONE write commits at 3", bool(np.all(wlat == 3)))
    chk("J without co-location: always fresh at t = 0", bool(np.all(ts == 0)))

    # Two datacenters, dc1:2 and dc2:1, W = 10, A = R = S = 0, D = 100, W_local = 0.  A ONE write
    # through dc1 commits at 0 (its coordinator's own copy); dc2's replica, the read coordinator
    # in dc2, gets it at D + W = 110 and reads at R_local = 0: t* = 110 exactly.  Read through dc1
    # at LOCAL_ONE (uniform target): fresh at 0 iff it asks the write's coordinator (1/2), else at
    # 10 (the other replica of dc1 gets the write at W = 10).
    topo = colocated(["dc1", "dc2"], [2, 1], const(10), const(0), const(0), const(0),
                     inter=const(100))
    get, _ = samples(topo)
    ts, wlat, _ = get("ONE", "LOCAL_ONE", "dc1", "dc2")
    chk("J 2 DCs: ONE write in dc1 commits at 0", bool(np.all(wlat == 0)))
    dist_matches(ts, {110.0: 1.0}, chk, "J 2 DCs: t* of LOCAL_ONE in dc2")
    ts, _, _ = get("ONE", "LOCAL_ONE", "dc1", "dc1")
    dist_matches(ts, {0.0: 0.5, 10.0: 0.5}, chk, "J 2 DCs: t* of LOCAL_ONE in dc1")
    ts, wlat, _ = get("LOCAL_QUORUM", "LOCAL_ONE", "dc2", "dc2")
    chk("J 2 DCs: LOCAL_QUORUM write in dc2 commits at 0", bool(np.all(wlat == 0)))
    dist_matches(ts, {0.0: 1.0}, chk, "J 2 DCs: dc2's own write is read at once")

    # The read coordinator's preference also picks cr's quorum of EACH_QUORUM: with RF 3 (quorum
    # 2), p = 1 always includes its own replica, p = 0 never.  Its replica is the one whose read
    # delay is R_local = 0.5 (R = 5 elsewhere).
    for p in (1.0, 0.0):
        topo = colocated(["dc1", "dc2"], [3, 1], const(1), const(1), const(5), const(1),
                         inter=const(20), local={"r": const(0.5)}, preference=p)
        _, reads = ref.draw_chunk(topo, ref.chunk_rng(5, 0, 0), 20000)
        rd, _, order, each_mask = reads[0]
        own = rd == 0.5
        chk(f"J EACH_QUORUM p={p}: one own replica per read",
            bool(np.all(own[:, :3].sum(axis=1) == 1)) and not bool(own[:, 3:].any()))
        included = each_mask[own]
        chk(f"J EACH_QUORUM p={p}: own replica {'always' if p else 'never'} in dc1's quorum",
            bool(np.all(included)) if p else not bool(np.any(included)))
        chk(f"J EACH_QUORUM p={p}: two of dc1, one of dc2",
            bool(np.all(each_mask[:, :3].sum(axis=1) == 2)) and bool(np.all(each_mask[:, 3])))
        first = order[:, 0]
        chk(f"J LOCAL_ONE p={p}: own replica {'first' if p else 'third'}",
            bool(np.all(own[np.arange(own.shape[0]), first] == bool(p)))
            and bool(np.all(own[np.arange(own.shape[0]), order[:, 2]] == (not p))))


def selftest():
    chk = Checker()
    for f in (test_constant_symmetric, test_constant_asymmetric, test_constant_three_dcs,
              test_single_dc_closed_form, test_two_dc_integral, test_strictness,
              test_random_fixture, test_samplers, test_errors, test_colocated):
        f(chk)
    print(f"{chk.n - chk.failed}/{chk.n} checks passed")
    print("SELFTEST", "PASSED" if chk.ok else "FAILED")
    return chk.ok


if __name__ == "__main__":
    sys.exit(0 if selftest() else 1)
