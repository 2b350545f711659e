#!/usr/bin/python3
"""Independent reference for the multi-datacenter WARS model with Cassandra consistency levels.

Written from the statement of the model alone (docs/model.md, section 7, on top of section 3),
without looking at the Java engine, so that the two can be cross-checked.

Model, as implemented here (one trial = one write followed by one read):
* Topology: datacenters with RF_d replicas (N = sum RF_d).  Replica i in datacenter d(i) draws
  its own local one-way delays W_i, A_i, R_i, S_i per trial.  A message from datacenter x to a
  different datacenter y also takes D(x, y), drawn afresh for every message.
* Write coordinated in cw (the coordinator is not a replica):
    replica i in cw:                     a_i = W_i
    other datacenter e, forwarder f_e (uniform among e's replicas, per write):
                                         a_f = D(cw, e) + W_f
    every other replica j of e:          a_j = a_f + W_j
    acknowledgement reaches cw at        a_i + A_i (+ D(d(i), cw) when d(i) != cw)
  w_t = k-th acknowledgement among the replicas the level counts:
    ONE/TWO/THREE/QUORUM/ALL: all N replicas, k = 1, 2, 3, floor(N/2)+1, N;
    LOCAL_ONE/LOCAL_QUORUM:   cw's replicas, k = 1, floor(RF_cw/2)+1;
    EACH_QUORUM:              max over e of the floor(RF_e/2)+1-th acknowledgement of e.
  Write latency = w_t.
* Read coordinated in cr, starting at w_t + t, contacts:
    LOCAL_ONE/LOCAL_QUORUM:   k random replicas of cr;
    ONE/TWO/THREE/QUORUM/ALL: the first k of (cr's replicas in random order, then all the
                              other replicas in random order);
    EACH_QUORUM:              floor(RF_e/2)+1 random replicas of every datacenter e.
  Replica i gets the read at w_t + t + R_i (+ D(cr, d(i)) when remote) and its answer reaches
  cr S_i (+ D(d(i), cr) when remote) later.  Read latency = last contacted answer - (w_t + t).
  Consistent iff some contacted replica has a_i <= the read's arrival time there.

Co-located coordinators (--coordinator-replica; the profile's coordinator_replica.local delays,
0 without them, and its optional local_read_preference p):
* for each write, one replica c of cw (uniform) is the coordinator: a_c = W_local, its ack counts
  at a_c + A_local, in place of W_c and A_c; it forwards to other datacenters as above;
* independently, for each read, one replica c' of cr (uniform) is the coordinator: it gets the
  read R_local after the read starts and answers S_local later, in place of R_c' and S_c'; with p,
  c' comes first in the random order of cr's replicas with probability p and last otherwise (the
  others in random order around it), which also picks cr's quorum of EACH_QUORUM; without p every
  order stays uniform.  Every coordinating datacenter must hold replicas (it always does here).

Two estimators:
* DIRECT form (primary, "t_visibility"): for every t a fresh, independent set of trials, the
  literal predicate a_i <= (w_t + t) + (R_i + D) for the contacted replicas.
* ONE-PASS form (second check, "t_visibility_onepass"): one more independent run computing
  t* = max(0, min over contacted i of a_i - w_t - (R_i + D)); windows (p-quantiles of t*) and
  read/write latency percentiles come from this run, with distribution-free 95% intervals.

Within one run (one t of the direct form, or the one-pass run) a single draw of every delay,
forwarder and random read order serves every (write level, read level, write DC, read DC)
(common random numbers): each configuration's estimate has the right distribution, their
differences are less noisy.  Different t points use independent draws.

Strictness (P == 1 exactly) is decided by exhaustive reasoning over the possible read and write
replica sets (per-datacenter counts), independently of the simulation; the simulation must
then give exactly 1 for those pairs.

Usage:
  /usr/bin/python3 dc_reference.py --profile-file profiles/three-plus-three.json \
      --trials 2000000 --out /tmp/dcref.json
  /usr/bin/python3 dc_reference.py --selftest
"""

import argparse
import itertools
import json
import math
import multiprocessing
import os
import sys
import time

import numpy as np

try:
    from scipy.stats import binom as _binom
except Exception:  # pragma: no cover - scipy optional
    _binom = None

LEVELS = ["ONE", "TWO", "THREE", "QUORUM", "ALL", "LOCAL_ONE", "LOCAL_QUORUM", "EACH_QUORUM"]
DEFAULT_T_GRID = [0, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000]
DEFAULT_WINDOWS = [0.99, 0.999, 0.9999]
DEFAULT_PCTS = [50.0, 90.0, 99.0, 99.9]
Z95 = 1.959963984540054
PROG = "dc_reference.py"


class UsageError(Exception):
    """A bad command line or profile: one line on stderr, exit status 2."""


# ======================================================================================
# Distributions
# ======================================================================================
class Dist:
    def __init__(self, kind, params, sampler, mean):
        self.kind = kind
        self.params = params
        self._sampler = sampler
        self.mean = mean

    def sample(self, rng, shape):
        return self._sampler(rng, shape)

    def __repr__(self):
        return f"{self.kind}{self.params}"


def _number(spec, key, where, lo=None, lo_open=False):
    if key not in spec:
        raise UsageError(f"{where}.{key}: missing")
    v = spec[key]
    if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v):
        raise UsageError(f"{where}.{key}: must be a finite number, was {json.dumps(v)}")
    v = float(v)
    if lo is not None and (v < lo or (lo_open and v == lo)):
        raise UsageError(f"{where}.{key}: must be {'>' if lo_open else '>='} {lo:g}, was {v:g}")
    return v


def _keys(spec, allowed, where):
    extra = sorted(set(spec) - set(allowed) - {"type"})
    if extra:
        raise UsageError(f"{where}: unknown field '{extra[0]}' for type '{spec.get('type')}'")


def compile_dist(spec, where):
    """Parses a DIST object into a sampler.  Every delay is >= 0 (negative values rejected)."""
    if not isinstance(spec, dict):
        raise UsageError(f"{where}: a distribution must be a JSON object")
    typ = spec.get("type")
    if typ == "constant":
        _keys(spec, ["value_ms"], where)
        v = _number(spec, "value_ms", where, lo=0.0)
        return Dist("constant", (v,), lambda rng, shape: np.full(shape, v), v)
    if typ == "exponential":
        _keys(spec, ["mean_ms"], where)
        mu = _number(spec, "mean_ms", where, lo=0.0, lo_open=True)
        return Dist("exponential", (mu,), lambda rng, shape: rng.exponential(mu, shape), mu)
    if typ == "lognormal":
        _keys(spec, ["mu", "sigma"], where)
        m = _number(spec, "mu", where)
        s = _number(spec, "sigma", where, lo=0.0)
        return Dist("lognormal", (m, s), lambda rng, shape: rng.lognormal(m, s, shape),
                    math.exp(m + s * s / 2))
    if typ == "pareto":
        _keys(spec, ["xm_ms", "alpha"], where)
        xm = _number(spec, "xm_ms", where, lo=0.0, lo_open=True)
        al = _number(spec, "alpha", where, lo=0.0, lo_open=True)

        def pareto(rng, shape):
            u = 1.0 - rng.random(shape)                 # U in (0, 1]
            return xm / u ** (1.0 / al)
        return Dist("pareto", (xm, al), pareto, xm * al / (al - 1) if al > 1 else math.inf)
    if typ == "mixture":
        _keys(spec, ["components"], where)
        comps = spec.get("components")
        if not isinstance(comps, list) or not comps:
            raise UsageError(f"{where}.components: must be a non-empty list")
        ws, ds = [], []
        for j, c in enumerate(comps):
            cw = f"{where}.components[{j}]"
            if not isinstance(c, dict):
                raise UsageError(f"{cw}: must be an object with 'weight' and 'distribution'")
            extra = sorted(set(c) - {"weight", "distribution"})
            if extra:
                raise UsageError(f"{cw}: unknown field '{extra[0]}'")
            ws.append(_number(c, "weight", cw, lo=0.0))
            if "distribution" not in c:
                raise UsageError(f"{cw}.distribution: missing")
            ds.append(compile_dist(c["distribution"], f"{cw}.distribution"))
        tot = sum(ws)
        if abs(tot - 1.0) > 1e-6:
            raise UsageError(f"{where}.components: weights must sum to 1, sum was {tot:g}")
        cum = np.cumsum(np.array(ws) / tot)
        cum[-1] = np.inf

        def mixture(rng, shape):
            pick = np.searchsorted(cum, rng.random(shape), side="right")
            out = np.empty(shape)
            for j, d in enumerate(ds):
                sel = pick == j
                cnt = int(np.count_nonzero(sel))
                if cnt:
                    out[sel] = d.sample(rng, cnt)
            return out
        return Dist("mixture", tuple(zip(ws, ds)), mixture,
                    sum(w * d.mean for w, d in zip(ws, ds)) / tot)
    if typ == "shifted":
        _keys(spec, ["offset_ms", "distribution"], where)
        off = _number(spec, "offset_ms", where, lo=0.0)
        if "distribution" not in spec:
            raise UsageError(f"{where}.distribution: missing")
        inner = compile_dist(spec["distribution"], f"{where}.distribution")
        return Dist("shifted", (off, inner), lambda rng, shape: off + inner.sample(rng, shape),
                    off + inner.mean)
    if typ is None:
        raise UsageError(f"{where}: missing 'type'")
    raise UsageError(f"{where}.type: unknown distribution type {json.dumps(typ)} (supported: "
                     "constant, exponential, lognormal, pareto, mixture, shifted)")


# ======================================================================================
# Topology / profile
# ======================================================================================
class Topology:
    """names[d], dc_of[i], rf[d], members[d] (replica indices), local[key][i] (Dist),
    inter[(x, y)] (Dist) for x != y."""

    def __init__(self, name, names, dc_of, local, inter):
        self.name = name
        self.names = list(names)
        self.n_dc = len(names)
        self.dc_of = np.asarray(dc_of, dtype=np.int64)
        self.N = int(self.dc_of.size)
        self.members = [np.flatnonzero(self.dc_of == d) for d in range(self.n_dc)]
        self.rf = [int(m.size) for m in self.members]
        self.local = local
        self.inter = inter
        # co-located coordinators: off unless --coordinator-replica (see with_coordinator_replica)
        self.coordinator_replica = False
        self.colocal = {key: None for key in "wars"}      # Dist, or None for 0
        self.colocal_preference = None                    # p in [0, 1], or None (uniform)
        self.colocal_spec = None                          # the profile's section, if any
        self.quorum_dc = np.array([rf // 2 + 1 for rf in self.rf])        # per datacenter
        # column groups with one shared Dist object, to draw (m, group) blocks at once
        self.groups = {}
        for key in "wars":
            g = {}
            for i, d in enumerate(local[key]):
                g.setdefault(id(d), (d, []))[1].append(i)
            self.groups[key] = [(d, np.array(cols)) for d, cols in g.values()]

    def with_coordinator_replica(self):
        """Turns the co-located variant on, with the profile's coordinator_replica section."""
        self.coordinator_replica = True
        return self

    # ---- levels ---------------------------------------------------------------------
    def write_key(self, level, cw):
        """What a write level counts: ('prefix', k) over all N sorted acks,
        ('local', k) over cw's sorted acks, or ('each',)."""
        N = self.N
        if level in ("ONE", "TWO", "THREE", "QUORUM", "ALL"):
            return ("prefix", {"ONE": 1, "TWO": 2, "THREE": 3, "QUORUM": N // 2 + 1,
                               "ALL": N}[level])
        if level == "LOCAL_ONE":
            return ("local", 1)
        if level == "LOCAL_QUORUM":
            return ("local", self.rf[cw] // 2 + 1)
        if level == "EACH_QUORUM":
            return ("each",)
        raise KeyError(level)

    def read_key(self, level, cr):
        """What a read level contacts: ('prefix', k) = first k of the local-first random order
        (LOCAL_ONE/LOCAL_QUORUM are such prefixes with k <= RF_cr: k random replicas of cr), or
        ('each',)."""
        if level == "EACH_QUORUM":
            return ("each",)
        if level == "LOCAL_ONE":
            return ("prefix", 1)
        if level == "LOCAL_QUORUM":
            return ("prefix", self.rf[cr] // 2 + 1)
        return self.write_key(level, cr)

    def level_size_ok(self, level):
        """Whether the level can be met at all (TWO needs N >= 2, THREE N >= 3)."""
        return {"TWO": self.N >= 2, "THREE": self.N >= 3}.get(level, True)


def parse_profile(obj, source="profile"):
    if not isinstance(obj, dict):
        raise UsageError(f"{source}: the profile must be a JSON object")
    allowed = {"name", "description", "provenance", "default", "replicas", "datacenters",
               "coordinator_replica"}
    extra = sorted(set(obj) - allowed)
    if extra:
        raise UsageError(f"{source}: unknown or unsupported top-level field '{extra[0]}'")
    name = obj.get("name", "unnamed")
    if not isinstance(name, str):
        raise UsageError(f"{source}: name: must be a string")
    dflt = obj.get("default")
    if not isinstance(dflt, dict):
        raise UsageError(f"{source}: default: missing or not an object")
    for key in "wars":
        if key not in dflt:
            raise UsageError(f"{source}: default.{key}: missing")
    extra = sorted(set(dflt) - set("wars"))
    if extra:
        raise UsageError(f"{source}: default: unknown field '{extra[0]}'")
    dcs = obj.get("datacenters")
    if not isinstance(dcs, dict):
        raise UsageError(f"{source}: datacenters: missing or not an object")
    extra = sorted(set(dcs) - {"names", "replica_dc", "inter_dc_delay", "inter_dc_delays"})
    if extra:
        raise UsageError(f"{source}: datacenters: unknown field '{extra[0]}'")
    names = dcs.get("names")
    if (not isinstance(names, list) or not names
            or not all(isinstance(x, str) and x for x in names)):
        raise UsageError(f"{source}: datacenters.names: must be a non-empty list of names")
    if len(set(names)) != len(names):
        raise UsageError(f"{source}: datacenters.names: duplicate name")
    rdc = dcs.get("replica_dc")
    if not isinstance(rdc, list) or not rdc:
        raise UsageError(f"{source}: datacenters.replica_dc: must be a non-empty list")
    dc_of = []
    for i, x in enumerate(rdc):
        if isinstance(x, str) and x in names:
            dc_of.append(names.index(x))
        elif isinstance(x, int) and not isinstance(x, bool) and 0 <= x < len(names):
            dc_of.append(x)
        else:
            raise UsageError(f"{source}: datacenters.replica_dc[{i}]: unknown datacenter "
                             f"{json.dumps(x)} (names: {', '.join(names)})")
    N = len(dc_of)
    for d, nm in enumerate(names):
        if d not in dc_of:
            raise UsageError(f"{source}: datacenters: datacenter '{nm}' holds no replica "
                             "(every named datacenter needs RF >= 1)")
    cache = {}

    def dist(spec, where):
        k = json.dumps(spec, sort_keys=True)
        if k not in cache:
            cache[k] = compile_dist(spec, where)
        return cache[k]

    base = {key: dist(dflt[key], f"{source}: default.{key}") for key in "wars"}
    local = {key: [base[key]] * N for key in "wars"}
    reps = obj.get("replicas")
    if reps is not None:
        if not isinstance(reps, list) or len(reps) != N:
            raise UsageError(f"{source}: replicas: must be a list of length N = {N} "
                             "(the length of datacenters.replica_dc)")
        for i, ov in enumerate(reps):
            if not isinstance(ov, dict):
                raise UsageError(f"{source}: replicas[{i}]: must be an object")
            extra = sorted(set(ov) - set("wars"))
            if extra:
                raise UsageError(f"{source}: replicas[{i}]: unknown field '{extra[0]}'")
            for key, spec in ov.items():
                local[key][i] = dist(spec, f"{source}: replicas[{i}].{key}")
    inter = {}
    if "inter_dc_delay" in dcs:
        d_all = dist(dcs["inter_dc_delay"], f"{source}: datacenters.inter_dc_delay")
        for x in range(len(names)):
            for y in range(len(names)):
                if x != y:
                    inter[(x, y)] = d_all
    seen = set()
    pairs = dcs.get("inter_dc_delays", [])
    if not isinstance(pairs, list):
        raise UsageError(f"{source}: datacenters.inter_dc_delays: must be a list")
    for j, e in enumerate(pairs):
        where = f"{source}: datacenters.inter_dc_delays[{j}]"
        if not isinstance(e, dict) or set(e) != {"from", "to", "distribution"}:
            raise UsageError(f"{where}: must be {{\"from\", \"to\", \"distribution\"}}")
        if e["from"] not in names or e["to"] not in names:
            bad = e["from"] if e["from"] not in names else e["to"]
            raise UsageError(f"{where}: unknown datacenter {json.dumps(bad)}")
        x, y = names.index(e["from"]), names.index(e["to"])
        if x == y:
            raise UsageError(f"{where}: from and to are the same datacenter")
        if (x, y) in seen:
            raise UsageError(f"{where}: pair {e['from']}->{e['to']} given twice")
        seen.add((x, y))
        inter[(x, y)] = dist(e["distribution"], f"{where}.distribution")
    for x in range(len(names)):
        for y in range(len(names)):
            if x != y and (x, y) not in inter:
                raise UsageError(f"{source}: datacenters: no inter-datacenter delay for "
                                 f"{names[x]}->{names[y]} (give inter_dc_delay or an "
                                 "inter_dc_delays entry)")
    topo = Topology(name, names, dc_of, local, inter)
    cor = obj.get("coordinator_replica")
    if cor is not None:
        where = f"{source}: coordinator_replica"
        if not isinstance(cor, dict):
            raise UsageError(f"{where}: must be an object")
        extra = sorted(set(cor) - {"local", "local_read_preference"})
        if extra:
            raise UsageError(f"{where}: unknown field '{extra[0]}'")
        loc = cor.get("local", {})
        if not isinstance(loc, dict):
            raise UsageError(f"{where}.local: must be an object")
        extra = sorted(set(loc) - set("wars"))
        if extra:
            raise UsageError(f"{where}.local: unknown field '{extra[0]}'")
        for key, spec in loc.items():
            topo.colocal[key] = dist(spec, f"{where}.local.{key}")
        if "local_read_preference" in cor:
            p = cor["local_read_preference"]
            if (not isinstance(p, (int, float)) or isinstance(p, bool) or not math.isfinite(p)
                    or p < 0 or p > 1):
                raise UsageError(f"{where}.local_read_preference: must be a number in [0, 1]")
            topo.colocal_preference = float(p)
    return topo


def load_profile(path):
    try:
        with open(path) as f:
            obj = json.load(f)
    except OSError as e:
        raise UsageError(f"profile file {path}: {e.strerror}")
    except json.JSONDecodeError as e:
        raise UsageError(f"profile file {path}: not valid JSON: {e}")
    return parse_profile(obj, f"profile file {path}")


# ======================================================================================
# Strictness, by exhaustive reasoning over the possible replica sets
# ======================================================================================
def write_groups(topo, level, cw):
    """Possible acknowledging write sets as disjoint groups (set of DCs, count): a write set
    is any union of `count` replicas of each group."""
    kind = topo.write_key(level, cw)
    if kind[0] == "prefix":
        return [(frozenset(range(topo.n_dc)), kind[1])]
    if kind[0] == "local":
        return [(frozenset([cw]), kind[1])]
    return [(frozenset([e]), int(topo.quorum_dc[e])) for e in range(topo.n_dc)]


def read_groups(topo, level, cr):
    """Possible contacted read sets, same representation."""
    kind = topo.read_key(level, cr)
    if kind[0] == "each":
        return [(frozenset([e]), int(topo.quorum_dc[e])) for e in range(topo.n_dc)]
    k = kind[1]
    if k <= topo.rf[cr]:
        return [(frozenset([cr]), k)]
    others = frozenset(range(topo.n_dc)) - {cr}
    return [(frozenset([cr]), topo.rf[cr]), (others, k - topo.rf[cr])]


def _count_vectors(topo, groups):
    """Every achievable vector of per-DC counts of a set drawn from `groups`."""
    per_group = []
    for dcs, k in groups:
        dcs = sorted(dcs)
        opts = []
        for c in itertools.product(*[range(topo.rf[d] + 1) for d in dcs]):
            if sum(c) == k:
                opts.append(dict(zip(dcs, c)))
        per_group.append(opts)
    for combo in itertools.product(*per_group):
        v = [0] * topo.n_dc
        for part in combo:
            for d, c in part.items():
                v[d] += c
        yield v


def is_strict(topo, wl, rl, cw, cr):
    """Strict iff no possible read set can miss every possible write set: for a read set with
    per-DC counts c, a disjoint write set exists iff every write group (G, k) still has
    sum_{d in G} (RF_d - c_d) >= k replicas outside the read set (replicas within a DC are
    exchangeable, write groups are disjoint unions of DCs)."""
    wg = write_groups(topo, wl, cw)
    for c in _count_vectors(topo, read_groups(topo, rl, cr)):
        if all(sum(topo.rf[d] - c[d] for d in G) >= k for G, k in wg):
            return False
    return True


def is_strict_bruteforce(topo, wl, rl, cw, cr):
    """Same question by listing every actual replica subset (small N only; for the self-test)."""
    def sets(groups):
        per = []
        for dcs, k in groups:
            pool = [i for i in range(topo.N) if topo.dc_of[i] in dcs]
            per.append([frozenset(s) for s in itertools.combinations(pool, k)])
        return [frozenset().union(*combo) for combo in itertools.product(*per)]
    ws = sets(write_groups(topo, wl, cw))
    rs = sets(read_groups(topo, rl, cr))
    return all(r & w for r in rs for w in ws)


# ======================================================================================
# One chunk of trials
# ======================================================================================
def chunk_rng(seed, stream, chunk):
    """Independent PCG64 stream per (seed, stream, chunk); stream 0 = one-pass run,
    stream k >= 1 = direct-form run for the k-th t value."""
    return np.random.Generator(np.random.PCG64(np.random.SeedSequence([seed, stream, chunk])))


def chunk_sizes(trials, chunk):
    out, left = [], trials
    while left > 0:
        out.append(min(chunk, left))
        left -= out[-1]
    return out


def draw_matrix(topo, key, rng, m):
    out = np.empty((m, topo.N))
    for d, cols in topo.groups[key]:
        out[:, cols] = d.sample(rng, (m, cols.size))
    return out


def draw_chunk(topo, rng, m):
    """Draws everything one trial needs, for every datacenter as write and as read coordinator
    (always all of them, in a fixed order, so that a configuration's numbers do not depend on
    which others were asked for).  Returns per-cw write state and per-cr read state."""
    N, nd = topo.N, topo.n_dc
    dc_of = topo.dc_of
    W = draw_matrix(topo, "w", rng, m)
    A = draw_matrix(topo, "a", rng, m)
    R = draw_matrix(topo, "r", rng, m)
    S = draw_matrix(topo, "s", rng, m)
    u = rng.random((m, N))                                   # random read orders
    fwd = [rng.integers(0, topo.rf[e], size=m) for e in range(nd)]   # forwarder of e per write
    rows = np.arange(m)

    colo = topo.coordinator_replica
    if colo:
        def local_delay(key):
            d = topo.colocal[key]
            return np.zeros(m) if d is None else d.sample(rng, m)
        # per coordinating datacenter: the write's and the read's co-located replica and delays,
        # drawn for every datacenter in a fixed order (a config's numbers do not depend on others)
        wco = []
        for cw in range(nd):
            c = topo.members[cw][rng.integers(0, topo.rf[cw], size=m)]
            wco.append((c, local_delay("w"), local_delay("a")))
        rco = []
        for cr in range(nd):
            c = topo.members[cr][rng.integers(0, topo.rf[cr], size=m)]
            first = (rng.random(m) < topo.colocal_preference
                     if topo.colocal_preference is not None else None)
            rco.append((c, local_delay("r"), local_delay("s"), first))

    writes = []
    for cw in range(nd):
        a = np.empty((m, N))
        dack = np.zeros((m, N))
        for e in range(nd):
            cols = topo.members[e]
            if e == cw:
                a[:, cols] = W[:, cols]                      # a_i = W_i
                continue
            d_fwd = topo.inter[(cw, e)].sample(rng, m)       # one message cw -> forwarder of e
            f = cols[fwd[e]]                                 # forwarder's replica index
            a_f = d_fwd + W[rows, f]                         # a_f = D(cw, e) + W_f
            blk = a_f[:, None] + W[:, cols]                  # a_j = a_f + W_j
            is_f = cols[None, :] == f[:, None]
            a[:, cols] = np.where(is_f, a_f[:, None], blk)
            dack[:, cols] = topo.inter[(e, cw)].sample(rng, (m, cols.size))  # D(d(i), cw)
        ack = (a + A) + dack
        if colo:
            c, wl, al = wco[cw]
            a[rows, c] = wl                                  # a_c = W_local
            ack[rows, c] = wl + al                           # in cw: no D
        writes.append((a, ack))

    reads = []
    remote_of = [(dc_of[None, :] != cr) for cr in range(nd)]
    for cr in range(nd):
        din = np.zeros((m, N))
        dout = np.zeros((m, N))
        for e in range(nd):
            if e == cr:
                continue
            cols = topo.members[e]
            din[:, cols] = topo.inter[(cr, e)].sample(rng, (m, cols.size))   # D(cr, d(i))
            dout[:, cols] = topo.inter[(e, cr)].sample(rng, (m, cols.size))  # D(d(i), cr)
        RD = R + din                               # read arrives at (w_t + t) + RD
        RT = ((R + din) + S) + dout                # answer arrives RT after w_t + t
        key = u + 2.0 * remote_of[cr]
        if colo:
            c, rl, sl, first = rco[cr]
            RD = RD.copy()
            RD[rows, c] = rl                       # the coordinator's own replica: R_local
            RT[rows, c] = rl + sl                  # answers S_local later
            if first is not None:
                key = key.copy()
                key[rows, c] = np.where(first, -1.0, 1.5)   # first or last among cr's
        # contact order: cr's replicas first (random order), then all others (random order)
        order = np.argsort(key, axis=1)
        # EACH_QUORUM read: the q_e replicas of e that come first in this order (a uniform
        # random subset of e, but for cr's co-located replica's preference)
        each_mask = np.zeros((m, N), dtype=bool)
        for e in range(nd):
            cols = topo.members[e]
            q = int(topo.quorum_dc[e])
            rank = np.argsort(np.argsort(key[:, cols], axis=1), axis=1)
            each_mask[:, cols] = rank < q
        reads.append((RD, RT, order, each_mask))
    return writes, reads


def commit_times(topo, ack, cw, wkeys):
    """w_t for every write key needed (dict key -> (m,))."""
    out = {}
    srt = None
    for key in wkeys:
        if key[0] == "prefix":
            if srt is None:
                srt = np.sort(ack, axis=1)
            out[key] = srt[:, key[1] - 1]
        elif key[0] == "local":
            cols = topo.members[cw]
            out[key] = np.sort(ack[:, cols], axis=1)[:, key[1] - 1]
        else:
            per = [np.sort(ack[:, topo.members[e]], axis=1)[:, int(topo.quorum_dc[e]) - 1]
                   for e in range(topo.n_dc)]
            out[key] = np.maximum.reduce(per)
    return out


class Plan:
    """Which (cw, wkey) x (cr, rkey) combinations a run needs, and which configs map to them."""

    def __init__(self, topo, wlevels, rlevels, wdcs, rdcs):
        self.topo = topo
        self.configs = []          # (wl, rl, cw, cr)
        self.wkeys = {cw: [] for cw in wdcs}
        self.rkeys = {cr: [] for cr in rdcs}
        for cw in wdcs:
            for cr in rdcs:
                for wl in wlevels:
                    for rl in rlevels:
                        self.configs.append((wl, rl, cw, cr))
        for cw in wdcs:
            for wl in wlevels:
                k = topo.write_key(wl, cw)
                if k not in self.wkeys[cw]:
                    self.wkeys[cw].append(k)
        for cr in rdcs:
            for rl in rlevels:
                k = topo.read_key(rl, cr)
                if k not in self.rkeys[cr]:
                    self.rkeys[cr].append(k)
        self.prefix_ks = {cr: sorted({k[1] for k in self.rkeys[cr] if k[0] == "prefix"})
                          for cr in rdcs}
        # combos (cw, wkey, cr, rkey) -> strict?
        self.strict_combo = {}
        for (wl, rl, cw, cr) in self.configs:
            combo = (cw, topo.write_key(wl, cw), cr, topo.read_key(rl, cr))
            s = is_strict(topo, wl, rl, cw, cr)
            if combo in self.strict_combo:
                assert self.strict_combo[combo] == s
            self.strict_combo[combo] = s

    def combo_of(self, cfg):
        wl, rl, cw, cr = cfg
        return (cw, self.topo.write_key(wl, cw), cr, self.topo.read_key(rl, cr))


def direct_chunk(topo, plan, rng, m, t):
    """Direct form at one t: number of consistent trials per combo, literal predicate
    a_i <= (w_t + t) + (R_i + D(cr, d(i)))."""
    writes, reads = draw_chunk(topo, rng, m)
    counts = {}
    for cw, wkeys in plan.wkeys.items():
        a, ack = writes[cw]
        wts = commit_times(topo, ack, cw, wkeys)
        for wk in wkeys:
            start = wts[wk] + t                                   # read leaves at w_t + t
            for cr, rkeys in plan.rkeys.items():
                RD, _, order, each_mask = reads[cr]
                fresh = a <= start[:, None] + RD                  # write there before the read
                ks = plan.prefix_ks[cr]
                if ks:
                    pref = np.logical_or.accumulate(
                        np.take_along_axis(fresh, order, axis=1)[:, :ks[-1]], axis=1)
                for rk in rkeys:
                    if rk[0] == "prefix":
                        hit = pref[:, rk[1] - 1]
                    else:
                        hit = np.any(fresh & each_mask, axis=1)
                    counts[(cw, wk, cr, rk)] = int(np.count_nonzero(hit))
    return counts


def onepass_chunk(topo, plan, rng, m, t_grid, keep):
    """One-pass form: per combo the count of t* <= t for the grid, the `keep` largest t*
    values (for the upper quantiles), max t* (for strict checks); latencies per
    (cw, wkey) and (cr, rkey)."""
    writes, reads = draw_chunk(topo, rng, m)
    res = {"counts": {}, "top": {}, "max": {}, "wlat": {}, "rlat": {}}
    for cr, rkeys in plan.rkeys.items():
        _, RT, order, each_mask = reads[cr]
        ks = plan.prefix_ks[cr]
        if ks:
            cmax = np.maximum.accumulate(np.take_along_axis(RT, order, axis=1)[:, :ks[-1]],
                                         axis=1)
        for rk in rkeys:
            if rk[0] == "prefix":
                res["rlat"][(cr, rk)] = cmax[:, rk[1] - 1].copy()
            else:
                res["rlat"][(cr, rk)] = np.where(each_mask, RT, -np.inf).max(axis=1)
    for cw, wkeys in plan.wkeys.items():
        a, ack = writes[cw]
        wts = commit_times(topo, ack, cw, wkeys)
        for wk in wkeys:
            res["wlat"][(cw, wk)] = wts[wk].copy()
            amw = a - wts[wk][:, None]
            for cr, rkeys in plan.rkeys.items():
                RD, _, order, each_mask = reads[cr]
                d = amw - RD                                   # replica i fresh iff t >= d_i
                ks = plan.prefix_ks[cr]
                if ks:
                    cmin = np.minimum.accumulate(
                        np.take_along_axis(d, order, axis=1)[:, :ks[-1]], axis=1)
                for rk in rkeys:
                    if rk[0] == "prefix":
                        ts = cmin[:, rk[1] - 1]
                    else:
                        ts = np.where(each_mask, d, np.inf).min(axis=1)
                    ts = np.maximum(0.0, ts)
                    combo = (cw, wk, cr, rk)
                    res["counts"][combo] = np.array([np.count_nonzero(ts <= t) for t in t_grid],
                                                    dtype=np.int64)
                    res["max"][combo] = float(ts.max())
                    if keep >= m:
                        res["top"][combo] = ts.copy()
                    elif keep > 0:
                        res["top"][combo] = np.partition(ts, m - keep)[m - keep:].copy()
                    else:
                        res["top"][combo] = np.empty(0)
    return res


def onepass_samples(topo, plan, rng, m):
    """Full t* samples per combo (small runs; self-test)."""
    writes, reads = draw_chunk(topo, rng, m)
    out, wlat, rlat = {}, {}, {}
    for cw, wkeys in plan.wkeys.items():
        a, ack = writes[cw]
        wts = commit_times(topo, ack, cw, wkeys)
        for wk in wkeys:
            wlat[(cw, wk)] = wts[wk]
            for cr, rkeys in plan.rkeys.items():
                RD, RT, order, each_mask = reads[cr]
                d = (a - wts[wk][:, None]) - RD
                for rk in rkeys:
                    if rk[0] == "prefix":
                        mask = np.zeros_like(d, dtype=bool)
                        np.put_along_axis(mask, order[:, :rk[1]], True, axis=1)
                    else:
                        mask = each_mask
                    out[(cw, wk, cr, rk)] = np.maximum(0.0, np.where(mask, d, np.inf).min(1))
                    rlat[(cr, rk)] = np.where(mask, RT, -np.inf).max(axis=1)
    return out, wlat, rlat


# ======================================================================================
# Statistics (as wars_reference.py)
# ======================================================================================
def wilson(k, n, z=Z95):
    p = k / n
    denom = 1.0 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def quantile_ranks(n, p, conf=0.95):
    """1-based ranks (point, lo, hi) for the p-quantile of n iid samples: point = ceil(n p);
    [X_(lo), X_(hi)] is a distribution-free interval (binomial order statistics)."""
    a = (1 - conf) / 2
    point = max(1, min(n, int(math.ceil(n * p - 1e-9))))
    if _binom is not None:
        lo = int(_binom.ppf(a, n, p))
        hi = int(_binom.ppf(1 - a, n, p)) + 1
    else:
        sd = math.sqrt(n * p * (1 - p))
        lo = int(math.floor(n * p - Z95 * sd))
        hi = int(math.ceil(n * p + Z95 * sd)) + 1
    return point, max(1, min(n, lo)), max(1, min(n, hi))


def quantile_with_ci(x, p):
    n = x.size
    point, lo, hi = quantile_ranks(n, p)
    idx = sorted({point - 1, lo - 1, hi - 1})
    part = np.partition(x, idx)
    return float(part[point - 1]), float(part[lo - 1]), float(part[hi - 1])


def top_quantile_with_ci(top_sorted, n, p):
    """Quantile of n samples from the K = len(top_sorted) largest (sorted ascending)."""
    K = top_sorted.size
    point, lo, hi = quantile_ranks(n, p)
    base = n - K                       # rank base+1 is top_sorted[0]
    if min(point, lo, hi) <= base:
        raise RuntimeError("internal: kept too few upper order statistics")
    return tuple(float(top_sorted[r - base - 1]) for r in (point, lo, hi))


def keep_count(n, windows):
    """How many of the largest t* a run must keep to read every window's ranks."""
    if not windows:
        return 0
    lo_min = min(min(quantile_ranks(n, p)) for p in windows)
    return n - lo_min + 1


# ======================================================================================
# Driver
# ======================================================================================
_G = {}


def _task(args):
    kind, stream, ci, m, t = args
    topo, plan, seed = _G["topo"], _G["plan"], _G["seed"]
    rng = chunk_rng(seed, stream, ci)
    if kind == "direct":
        return direct_chunk(topo, plan, rng, m, t)
    return onepass_chunk(topo, plan, rng, m, _G["t_grid"], _G["keep"])


def run(topo, wlevels, rlevels, wdcs, rdcs, t_grid, trials, seed, chunk=500_000,
        onepass_trials=None, windows=DEFAULT_WINDOWS, pcts=DEFAULT_PCTS, jobs=1,
        log=sys.stderr):
    onepass_trials = onepass_trials or trials
    plan = Plan(topo, wlevels, rlevels, wdcs, rdcs)
    keep = keep_count(onepass_trials, windows)
    _G.update(topo=topo, plan=plan, seed=seed, t_grid=[float(t) for t in t_grid], keep=keep)
    tasks = []
    for k, t in enumerate(t_grid):
        for ci, m in enumerate(chunk_sizes(trials, chunk)):
            tasks.append(("direct", k + 1, ci, m, float(t)))
    for ci, m in enumerate(chunk_sizes(onepass_trials, chunk)):
        tasks.append(("onepass", 0, ci, m, None))

    t0 = time.time()
    direct = {k: {} for k in range(len(t_grid))}
    op_counts, op_top, op_max, wlat, rlat = {}, {}, {}, {}, {}
    times = {"direct": 0.0, "onepass": 0.0}

    def absorb(task, res, dt):
        kind, stream, ci, m, t = task
        times[kind] += dt
        if kind == "direct":
            dd = direct[stream - 1]
            for c, v in res.items():
                dd[c] = dd.get(c, 0) + v
            return
        for c, v in res["counts"].items():
            op_counts[c] = op_counts.get(c, 0) + v
            op_top.setdefault(c, []).append(res["top"][c])
            op_max[c] = max(op_max.get(c, 0.0), res["max"][c])
        for c, v in res["wlat"].items():
            wlat.setdefault(c, []).append(v)
        for c, v in res["rlat"].items():
            rlat.setdefault(c, []).append(v)

    def timed(task):
        ts = time.time()
        r = _task(task)
        return r, time.time() - ts

    if jobs > 1:
        ctx = multiprocessing.get_context("fork")
        with ctx.Pool(jobs) as pool:
            for task, (res, dt) in zip(tasks, pool.imap(_timed_task, tasks)):
                absorb(task, res, dt)
                _progress(task, log)
    else:
        for task in tasks:
            res, dt = timed(task)
            absorb(task, res, dt)
            _progress(task, log)
    t_sim = time.time() - t0

    # ---- assemble -----------------------------------------------------------------
    ts = time.time()
    tops = {}
    for c, parts in op_top.items():
        x = np.concatenate(parts)
        if x.size > keep:
            x = np.partition(x, x.size - keep)[x.size - keep:]
        tops[c] = np.sort(x)
    wl_arr = {c: np.concatenate(v) for c, v in wlat.items()}
    rl_arr = {c: np.concatenate(v) for c, v in rlat.items()}
    wl_q, rl_q = {}, {}
    for c, x in wl_arr.items():
        wl_q[c] = [quantile_with_ci(x, q / 100) for q in pcts]
    for c, x in rl_arr.items():
        rl_q[c] = [quantile_with_ci(x, q / 100) for q in pcts]

    configs = []
    strict_violations = []
    for cfg in plan.configs:
        wl, rl, cw, cr = cfg
        combo = plan.combo_of(cfg)
        strict = plan.strict_combo[combo]
        tv, tv1 = [], []
        for k, t in enumerate(t_grid):
            cnt = direct[k][combo]
            lo, hi = wilson(cnt, trials)
            tv.append({"t_ms": t, "p_consistent": cnt / trials, "ci95": [lo, hi],
                       "consistent": cnt, "trials": trials})
            c1 = int(op_counts[combo][k])
            lo, hi = wilson(c1, onepass_trials)
            tv1.append({"t_ms": t, "p_consistent": c1 / onepass_trials, "ci95": [lo, hi],
                        "consistent": c1})
        if strict and (op_max[combo] > 0 or any(e["consistent"] != trials for e in tv)):
            strict_violations.append(cfg)
        win = []
        for p in windows:
            v, lo, hi = top_quantile_with_ci(tops[combo], onepass_trials, p)
            win.append({"p": p, "t_ms": v, "ci95": [lo, hi], "beyond_range": False})
        rlv = [{"percentile": q, "value": v, "ci95": [lo, hi]}
               for q, (v, lo, hi) in zip(pcts, rl_q[(cr, combo[3])])]
        wlv = [{"percentile": q, "value": v, "ci95": [lo, hi]}
               for q, (v, lo, hi) in zip(pcts, wl_q[(cw, combo[1])])]
        configs.append({"write_level": wl, "read_level": rl,
                        "write_dc": topo.names[cw], "read_dc": topo.names[cr],
                        "strict": strict, "t_visibility": tv, "t_visibility_onepass": tv1,
                        "windows_ms": win, "read_latency_ms": rlv, "write_latency_ms": wlv})
    t_asm = time.time() - ts
    return {
        "generator": "tools/independent-check/dc_reference.py (numpy, independent of Java)",
        "model": "multi-datacenter WARS with Cassandra consistency levels (docs/model.md s.7)",
        "profile": {"name": topo.name},
        "n": topo.N, "trials": trials, "trials_onepass": onepass_trials, "seed": seed,
        "read_fanout": "targeted",
        "coordinator_replica": topo.coordinator_replica,
        "datacenters": topo.names,
        "replication_factors": {nm: rf for nm, rf in zip(topo.names, topo.rf)},
        "write_levels": list(wlevels), "read_levels": list(rlevels),
        "method": "t_visibility: direct form, fresh independent trials per t; "
                  "t_visibility_onepass, windows, latencies: one-pass t* run; one draw per run "
                  "shared by all (level, level, dc, dc) configs (common random numbers)",
        "chunk": chunk, "jobs": jobs,
        "runtime_s": {"direct_cpu": round(times["direct"], 2),
                      "onepass_cpu": round(times["onepass"], 2),
                      "simulation_wall": round(t_sim, 2), "assembly": round(t_asm, 2)},
        "strict_violations": [list(c[:2]) + [topo.names[c[2]], topo.names[c[3]]]
                              for c in strict_violations],
        "configs": configs,
    }


def _timed_task(task):
    ts = time.time()
    r = _task(task)
    return r, time.time() - ts


def _progress(task, log):
    kind, stream, ci, m, t = task
    if log is not None:
        what = f"direct t={t:g} ms" if kind == "direct" else "one-pass"
        print(f"  {what} chunk {ci}: {m} trials done", file=log, flush=True)


def self_consistency(out, z=3.3, log=sys.stderr):
    """Direct vs one-pass (independent draws) must agree at z; strict configs exactly 1."""
    checks = bad = bad_hard = 0
    strict_bad = 0
    partial_checks = 0
    for c in out["configs"]:
        tag = f"{c['write_level']}@{c['write_dc']} -> {c['read_level']}@{c['read_dc']}"
        for a, b in zip(c["t_visibility"], c["t_visibility_onepass"]):
            checks += 1
            if c["strict"]:
                ok = a["p_consistent"] == 1.0 and b["p_consistent"] == 1.0
                if not ok:
                    strict_bad += 1
                    bad_hard += 1
            else:
                partial_checks += 1
                se1 = (a["ci95"][1] - a["ci95"][0]) / (2 * Z95)
                se2 = (b["ci95"][1] - b["ci95"][0]) / (2 * Z95)
                diff = abs(a["p_consistent"] - b["p_consistent"])
                ok = diff <= z * math.hypot(se1, se2)
                if diff > 5.0 * math.hypot(se1, se2):
                    bad_hard += 1
            if not ok:
                bad += 1
                print(f"  SELF-CHECK {'FAIL' if c['strict'] else 'outside z'} {tag} "
                      f"t={a['t_ms']}: direct={a['p_consistent']:.6f} "
                      f"onepass={b['p_consistent']:.6f}", file=log)
    return {"direct_vs_onepass_z": z, "checks": checks, "outside_z": bad,
            "expected_outside_z_by_chance_at_most": round(partial_checks * math.erfc(z / math.sqrt(2)),
                                                          2),
            "beyond_5_sigma_or_strict_not_1": bad_hard, "strict_not_exactly_1": strict_bad}


def strictness_table(topo, wlevels, rlevels, wdcs, rdcs):
    lines = []
    for cw in wdcs:
        for cr in rdcs:
            lines.append(f"write dc={topo.names[cw]} read dc={topo.names[cr]}  "
                         "(rows: write level, columns: read level; S = strict)")
            lines.append(f"{'':>13}" + "".join(f"{r[:12]:>13}" for r in rlevels))
            for wl in wlevels:
                lines.append(f"{wl:>13}" + "".join(
                    f"{'S' if is_strict(topo, wl, rl, cw, cr) else '.':>13}" for rl in rlevels))
    return "\n".join(lines)


def print_summary(out, f=sys.stderr):
    print(f"profile={out['profile']['name']} N={out['n']} datacenters="
          f"{out['replication_factors']} trials/t={out['trials']} "
          f"onepass={out['trials_onepass']} seed={out['seed']}", file=f)
    pw = out["configs"][0]["windows_ms"] if out["configs"] else []
    print(f"{'write':>18} {'read':>18} {'S':>1} {'P(t=0) dir':>10} {'P(t=0) 1p':>10} "
          + " ".join(f"{'win p=' + str(w['p']):>10}" for w in pw)
          + f" {'rd p50':>8} {'wr p50':>8}", file=f)
    for c in out["configs"]:
        a, b = c["t_visibility"][0], c["t_visibility_onepass"][0]
        print(f"{c['write_level'] + '@' + c['write_dc']:>18} "
              f"{c['read_level'] + '@' + c['read_dc']:>18} {'S' if c['strict'] else '.':>1} "
              f"{a['p_consistent']:10.6f} {b['p_consistent']:10.6f} "
              + " ".join(f"{w['t_ms']:10.3f}" for w in c["windows_ms"])
              + f" {c['read_latency_ms'][0]['value']:8.3f} "
                f"{c['write_latency_ms'][0]['value']:8.3f}", file=f)


# ======================================================================================
# Command line
# ======================================================================================
def parse_levels(text, topo, what):
    if text.strip().lower() == "all":
        lv = [x for x in LEVELS if topo.level_size_ok(x)]
        skipped = [x for x in LEVELS if x not in lv]
        return lv, skipped
    out = []
    for s in text.split(","):
        s = s.strip().upper()
        if not s:
            continue
        if s not in LEVELS:
            raise UsageError(f"--{what}: unknown consistency level '{s}' "
                             f"(known: {', '.join(LEVELS)}, or all)")
        if not topo.level_size_ok(s):
            raise UsageError(f"--{what}: {s} needs {'2' if s == 'TWO' else '3'} replicas, "
                             f"the topology has N = {topo.N}")
        if s not in out:
            out.append(s)
    if not out:
        raise UsageError(f"--{what}: no level given")
    return out, []


def parse_dcs(text, topo, what):
    if text.strip().lower() == "all":
        return list(range(topo.n_dc))
    out = []
    for s in text.split(","):
        s = s.strip()
        if not s:
            continue
        if s not in topo.names:
            raise UsageError(f"--{what}: unknown datacenter '{s}' "
                             f"(known: {', '.join(topo.names)})")
        if topo.names.index(s) not in out:
            out.append(topo.names.index(s))
    if not out:
        raise UsageError(f"--{what}: no datacenter given")
    return out


def parse_floats(text, what, lo=None, hi=None, open_ends=False, keep_int=False):
    out = []
    for s in text.split(","):
        s = s.strip()
        if not s:
            continue
        try:
            v = float(s)
        except ValueError:
            raise UsageError(f"--{what}: not a number: '{s}'")
        if not math.isfinite(v) or (lo is not None and (v < lo or (open_ends and v == lo))) \
                or (hi is not None and (v > hi or (open_ends and v == hi))):
            raise UsageError(f"--{what}: value out of range: '{s}'")
        out.append(int(v) if keep_int and v == int(v) and "." not in s else v)
    if not out:
        raise UsageError(f"--{what}: empty list")
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--profile-file", help="multi-datacenter profile (JSON)")
    ap.add_argument("--write-levels", default="all")
    ap.add_argument("--read-levels", default="all")
    ap.add_argument("--write-dcs", default="all")
    ap.add_argument("--read-dcs", default="all")
    ap.add_argument("--t", default=",".join(str(t) for t in DEFAULT_T_GRID),
                    help="comma-separated t grid in ms (default %(default)s)")
    ap.add_argument("--trials", type=int, default=2_000_000,
                    help="trials per t point of the direct form (default 2,000,000)")
    ap.add_argument("--onepass-trials", type=int, default=None,
                    help="trials of the one-pass run (windows, latencies); default = --trials")
    ap.add_argument("--coordinator-replica", action="store_true",
                    help="co-located coordinators: each operation's coordinator is a replica of "
                         "its datacenter (the profile's coordinator_replica delays, 0 without)")
    ap.add_argument("--seed", type=int, default=42)
    ap.add_argument("--windows", default=",".join(str(p) for p in DEFAULT_WINDOWS))
    ap.add_argument("--percentiles", default=",".join(f"{q:g}" for q in DEFAULT_PCTS))
    ap.add_argument("--chunk", type=int, default=500_000)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                    help="worker processes (never changes the numbers; default all cores)")
    ap.add_argument("--out", default="-", help="output JSON file (default stdout)")
    ap.add_argument("--strictness", action="store_true",
                    help="print the strictness table of the profile and exit")
    ap.add_argument("--selftest", action="store_true", help="run known-answer tests and exit")
    a = ap.parse_args(argv)
    if a.selftest:
        import dc_selftest
        sys.exit(0 if dc_selftest.selftest() else 1)
    try:
        if not a.profile_file:
            raise UsageError("--profile-file is required")
        topo = load_profile(a.profile_file)
        if a.coordinator_replica:
            topo.with_coordinator_replica()
        wlevels, skip_w = parse_levels(a.write_levels, topo, "write-levels")
        rlevels, skip_r = parse_levels(a.read_levels, topo, "read-levels")
        wdcs = parse_dcs(a.write_dcs, topo, "write-dcs")
        rdcs = parse_dcs(a.read_dcs, topo, "read-dcs")
        t_grid = parse_floats(a.t, "t", lo=0.0, keep_int=True)
        windows = parse_floats(a.windows, "windows", lo=0.0, hi=1.0, open_ends=True)
        pcts = parse_floats(a.percentiles, "percentiles", lo=0.0, hi=100.0, open_ends=True)
        for opt, v in (("trials", a.trials), ("chunk", a.chunk), ("jobs", a.jobs),
                       ("onepass-trials", a.onepass_trials or 1)):
            if v < 1:
                raise UsageError(f"--{opt}: must be >= 1")
    except UsageError as e:
        print(f"{PROG}: error: {e}", file=sys.stderr)
        sys.exit(2)
    for s in sorted(set(skip_w) | set(skip_r)):
        print(f"note: {s} skipped (needs more than N = {topo.N} replicas)", file=sys.stderr)
    if a.strictness:
        print(strictness_table(topo, wlevels, rlevels, wdcs, rdcs))
        return
    ts = time.time()
    out = run(topo, wlevels, rlevels, wdcs, rdcs, t_grid, a.trials, a.seed, a.chunk,
              a.onepass_trials, windows, pcts, a.jobs)
    out["runtime_s"]["total_wall"] = round(time.time() - ts, 2)
    out["skipped_levels"] = sorted(set(skip_w) | set(skip_r))
    out["self_check"] = self_consistency(out)
    print_summary(out)
    sc = out["self_check"]
    print(f"self-check direct vs one-pass (z=3.3): {sc['checks'] - sc['outside_z']}/"
          f"{sc['checks']} agree ({sc['outside_z']} outside, up to "
          f"{sc['expected_outside_z_by_chance_at_most']} expected by chance); "
          f"beyond 5 sigma or strict != 1: {sc['beyond_5_sigma_or_strict_not_1']}; "
          f"strict violations in simulation: {len(out['strict_violations'])}; "
          f"runtime {out['runtime_s']}", file=sys.stderr)
    text = json.dumps(out, indent=1)
    if a.out == "-":
        print(text)
    else:
        with open(a.out, "w") as f:
            f.write(text + "\n")
    if sc["beyond_5_sigma_or_strict_not_1"] or out["strict_violations"]:
        sys.exit(1)


if __name__ == "__main__":
    main()
