#!/usr/bin/python3
"""Compare the Java pbs tool's JSON output with the independent numpy reference.

Usage:
  /usr/bin/python3 compare.py PBS_JSON REFERENCE_JSON [--z 3.3] [--quiet]

Two kinds of files are understood:
* single-datacenter (wars_reference.py): configs keyed by (R, W); strict iff R + W > N;
* multi-datacenter (dc_reference.py): configs carrying "write_level", keyed by
  (write_level, read_level, write_dc, read_dc); strict as the reference says (it decides
  strictness by exhaustive reasoning over the possible replica sets), and the pbs side's
  "strict" flag must agree.  The checks below are the same in both modes; there is no
  k-staleness in multi-datacenter files.

Rules (two independent Monte Carlo estimates):
* P(consistent at t), partial quorums: PASS iff |p1 - p2| <= z * sqrt(se1^2 + se2^2) + rounding,
  where se is taken from each side's 95% interval ((hi - lo) / (2 * 1.96)), or from the
  Wilson interval on its trial count when a side gives no interval.
  Default z = 3.3 (two-sided ~0.1% per check, a Bonferroni-style widening because ~100
  quantities are checked at once; change with --z).
* P(consistent at t), strict quorums (R + W > N; multi-DC: the reference's flag): both must
  be exactly 1.0.
* Windows (p-quantiles of t*): PASS iff the two 95% intervals overlap (+ rounding).
* Read / write latency percentiles: same z rule as probabilities; se from the 95%
  order-statistic interval; if the pbs side gives no interval its se is the reference's
  scaled by sqrt(n_ref / n_pbs).
* k-staleness: closed form p_s^k, must match to rounding.
"rounding" is half a unit in the last decimal place that the pbs JSON uses for that kind
of number (inferred from the file; printed at the start).
Exit status 0 iff every check passes.

With many configurations (a full multi-DC matrix has ~5,000 z checks) a few failures at
z = 3.3 are expected by chance; the summary says how many.  Consider --z 4 there.
"""

import argparse
import json
import math
import sys
from decimal import Decimal

Z95 = 1.959963984540054
LEVELS = ["ONE", "TWO", "THREE", "QUORUM", "ALL", "LOCAL_ONE", "LOCAL_QUORUM", "EACH_QUORUM"]


def load(path):
    with open(path) as f:
        return json.load(f, parse_float=Decimal)


def decimals(x):
    if isinstance(x, Decimal):
        e = x.as_tuple().exponent
        return max(0, -e) if isinstance(e, int) else 0
    return 0


def fl(x):
    return None if x is None else float(x)


def rounding_tol(values):
    """Half a unit in the last place, from the most precise literal seen (0 if none)."""
    ds = [decimals(v) for v in values if v is not None]
    if not ds:
        return 0.0
    return 0.5 * 10.0 ** (-max(ds))


def wilson_se(p, n):
    z = Z95
    denom = 1 + z * z / n
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return half / z


def se_from(entry, p, n):
    ci = entry.get("ci95")
    if ci and len(ci) == 2 and ci[0] is not None and ci[1] is not None:
        return (float(ci[1]) - float(ci[0])) / (2 * Z95)
    return wilson_se(p, n)


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("pbs_json")
    ap.add_argument("reference_json")
    ap.add_argument("--z", type=float, default=3.3,
                    help="z for probability and latency comparisons (default 3.3)")
    ap.add_argument("--quiet", action="store_true", help="print only failures and summary")
    a = ap.parse_args()

    pbs = load(a.pbs_json)
    ref = load(a.reference_json)
    z = a.z
    passed = 0
    failed = 0
    skipped = 0

    ctx = {"cfg": ""}

    def out(line, ok=None):
        if not a.quiet:
            print(line)
        elif ok is False:
            print(f"{ctx['cfg']}{line}")

    def record(ok):
        nonlocal passed, failed
        if ok:
            passed += 1
        else:
            failed += 1
        return "PASS" if ok else "FAIL"

    multi = any("write_level" in c for c in list(ref.get("configs", []))
                + list(pbs.get("configs", [])))
    n_pbs_trials = int(pbs.get("trials", 0)) or None
    n_ref_trials = int(ref.get("trials", 0))
    n_ref_onepass = int(ref.get("trials_onepass", n_ref_trials))

    # header / metadata checks
    pname = (pbs.get("profile") or {}).get("name")
    rname = (ref.get("profile") or {}).get("name")
    print(f"pbs:       {a.pbs_json}  profile={pname} n={pbs.get('n')} trials={n_pbs_trials} "
          f"seed={pbs.get('seed')} fanout={pbs.get('read_fanout')}")
    print(f"reference: {a.reference_json}  profile={rname} n={ref.get('n')} "
          f"trials/t={n_ref_trials} onepass={n_ref_onepass} seed={ref.get('seed')} "
          f"fanout={ref.get('read_fanout')}")
    ok = pname == rname
    print(f"profile name match: {record(ok)}")
    ok = int(pbs.get("n", -1)) == int(ref.get("n", -2))
    print(f"n match: {record(ok)}")
    if multi:
        print(f"mode: multi-datacenter, configs keyed by (write_level, read_level, write_dc, "
              f"read_dc); datacenters pbs={pbs.get('datacenters')} ref={ref.get('datacenters')}")
        if pbs.get("datacenters") is not None:
            ok = list(pbs.get("datacenters")) == list(ref.get("datacenters") or [])
            print(f"datacenters match: {record(ok)}")
        if pbs.get("read_fanout") not in (None, ref.get("read_fanout")):
            print(f"WARNING: pbs read_fanout={pbs.get('read_fanout')}; the multi-DC model's "
                  f"reads are targeted (not counted as a failure)")
    elif pbs.get("read_fanout") is not None and ref.get("read_fanout") is not None:
        ok = pbs.get("read_fanout") == ref.get("read_fanout")
        print(f"read_fanout match: {record(ok)}")
    if n_pbs_trials is None:
        print("WARNING: pbs JSON has no 'trials'; assuming same as reference")
        n_pbs_trials = n_ref_trials

    if multi:
        def keyf(c):
            return (str(c["write_level"]).upper(), str(c["read_level"]).upper(),
                    str(c["write_dc"]), str(c["read_dc"]))

        def order(key):
            lv = lambda x: LEVELS.index(x) if x in LEVELS else len(LEVELS)
            return (key[2], key[3], lv(key[0]), lv(key[1]), key)

        def cfg_label(key):
            return f"{key[0]}@{key[2]} -> {key[1]}@{key[3]}"
    else:
        def keyf(c):
            return (int(c["r"]), int(c["w"]))

        def order(key):
            return key

        def cfg_label(key):
            return f"R={key[0]} W={key[1]}"
    pcfg = {keyf(c): c for c in pbs.get("configs", [])}
    rcfg = {keyf(c): c for c in ref.get("configs", [])}

    # rounding tolerances inferred from the pbs file
    vals_p, vals_win, vals_lat, vals_k = [], [], [], []
    for c in pcfg.values():
        for e in c.get("t_visibility", []):
            vals_p.append(e.get("p_consistent"))
            vals_p.extend(e.get("ci95") or [])
        for e in c.get("windows_ms", []):
            vals_win.append(e.get("t_ms"))
            vals_win.extend(e.get("ci95") or [])
        for key in ("read_latency_ms", "write_latency_ms"):
            for e in c.get(key, []):
                vals_lat.append(e.get("value"))
        for e in c.get("k_staleness", []):
            vals_k.append(e.get("p_stale"))
    tol_p = rounding_tol(vals_p)
    tol_win = rounding_tol(vals_win)
    tol_lat = rounding_tol(vals_lat)
    tol_k = rounding_tol(vals_k) + 1e-12
    print(f"z = {z} for probabilities and latencies (two-sided {math.erfc(z / math.sqrt(2)):.2g}"
          f" per check); windows: 95% interval overlap")
    print(f"rounding tolerance inferred from pbs JSON: p={tol_p:g} window_ms={tol_win:g} "
          f"latency_ms={tol_lat:g} p_stale={tol_k:g}")

    n_z_checks = 0
    for key in sorted(set(pcfg) | set(rcfg), key=order):
        if key not in pcfg:
            print(f"\n== {cfg_label(key)}: missing from pbs output: {record(False)}")
            continue
        if key not in rcfg:
            print(f"\n== {cfg_label(key)}: not in reference (skipped)")
            skipped += 1
            continue
        pc, rc = pcfg[key], rcfg[key]
        ctx["cfg"] = f"[{cfg_label(key)}]"
        if multi:
            strict = bool(rc.get("strict"))          # the reference's exhaustive reasoning
        else:
            r, w = key
            n = int(ref["n"])
            strict = r + w > n
        out(f"\n== {cfg_label(key)} ({'strict' if strict else 'partial'})")
        if "strict" in pc:
            ok = bool(pc["strict"]) == strict
            out(f"  strict flag: pbs={pc['strict']} expected={strict}  {record(ok)}", ok)

        # t-visibility
        out(f"  {'t_ms':>8} {'pbs P':>10} {'ref P':>10} {'diff':>10} {'allowed':>10}")
        rtv = {float(e["t_ms"]): e for e in rc.get("t_visibility", [])}
        for e in pc.get("t_visibility", []):
            t = float(e["t_ms"])
            if t not in rtv:
                out(f"  {t:8g} {float(e['p_consistent']):10.6f} {'-':>10}  (no reference point)")
                skipped += 1
                continue
            p1 = float(e["p_consistent"])
            p2 = float(rtv[t]["p_consistent"])
            if strict:
                ok = p1 == 1.0 and p2 == 1.0
                allowed = 0.0
            else:
                n_z_checks += 1
                se1 = se_from(e, p1, n_pbs_trials)
                se2 = se_from(rtv[t], p2, n_ref_trials)
                allowed = z * math.hypot(se1, se2) + tol_p
                ok = abs(p1 - p2) <= allowed
            out(f"  {t:8g} {p1:10.6f} {p2:10.6f} {p1 - p2:10.2e} {allowed:10.2e}  "
                f"{record(ok)}", ok)

        # windows
        rwin = {round(float(e["p"]), 9): e for e in rc.get("windows_ms", [])}
        out(f"  {'window p':>8} {'pbs t_ms [95% CI]':>28} {'ref t_ms [95% CI]':>28}")
        for e in pc.get("windows_ms", []):
            p = round(float(e["p"]), 9)
            if p not in rwin:
                out(f"  {p:8g} {fl(e.get('t_ms'))!s:>28}  (no reference quantile)")
                skipped += 1
                continue
            re_ = rwin[p]
            t1, t2 = fl(e.get("t_ms")), fl(re_.get("t_ms"))
            c1 = [fl(x) for x in (e.get("ci95") or [t1, t1])]
            c2 = [fl(x) for x in re_["ci95"]]
            if t1 is None or None in c1:
                ok = False
            else:
                ok = c1[0] - tol_win <= c2[1] and c2[0] <= c1[1] + tol_win
                if strict:
                    ok = ok and t1 == 0.0
            s1 = f"{t1} [{c1[0]}, {c1[1]}]" if t1 is not None else "null"
            s2 = f"{t2:.3f} [{c2[0]:.3f}, {c2[1]:.3f}]"
            out(f"  {p:8g} {s1:>28} {s2:>28}  {record(ok)}", ok)

        # latencies
        for lkey, label in (("read_latency_ms", "read"), ("write_latency_ms", "write")):
            rl = {round(float(x["percentile"]), 6): x for x in rc.get(lkey, [])}
            for e in pc.get(lkey, []):
                q = round(float(e["percentile"]), 6)
                if q not in rl:
                    skipped += 1
                    continue
                v1, v2 = float(e["value"]), float(rl[q]["value"])
                se2 = (float(rl[q]["ci95"][1]) - float(rl[q]["ci95"][0])) / (2 * Z95)
                if e.get("ci95"):
                    se1 = (float(e["ci95"][1]) - float(e["ci95"][0])) / (2 * Z95)
                else:
                    se1 = se2 * math.sqrt(n_ref_onepass / n_pbs_trials)
                n_z_checks += 1
                allowed = z * math.hypot(se1, se2) + tol_lat
                ok = abs(v1 - v2) <= allowed
                out(f"  {label:>5} latency p{q:<5g} pbs={v1:10.4f} ref={v2:10.4f} "
                    f"diff={v1 - v2:+.4f} allowed={allowed:.4f}  {record(ok)}", ok)

        # k-staleness (closed form)
        rk = {int(x["k"]): x for x in rc.get("k_staleness", [])}
        for e in pc.get("k_staleness", []):
            k = int(e["k"])
            if k not in rk:
                skipped += 1
                continue
            v1, v2 = float(e["p_stale"]), float(rk[k]["p_stale"])
            ok = abs(v1 - v2) <= tol_k
            out(f"  k-staleness k={k}: pbs={v1:.6g} ref={v2:.6g}  {record(ok)}", ok)

    print(f"\n(z={z}; {skipped} pbs entries without a reference counterpart were skipped)")
    if multi:
        print(f"({n_z_checks} z checks; about {n_z_checks * math.erfc(z / math.sqrt(2)):.1f} "
              f"would fail by chance at z={z} if the two sides agree)")
    print(f"{passed} passed, {failed} failed")
    sys.exit(0 if failed == 0 else 1)


if __name__ == "__main__":
    main()
