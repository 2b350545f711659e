// The SLA form for a profile whose replicas sit in named datacenters: the service then chooses Cassandra's consistency
// levels instead of N, R and W (POST /api/v1/recommendations without n or levels). This file switches the form
// between the two, builds the question in levels, and shows the answer: the recommended (write level, read level)
// pair, every pair that meets the requirements in every read datacenter, and why each other one was rejected.
"use strict";

/** The profile the form is set up for, and its datacenter names; null names: the form asks for N, R and W. */
let slaProfile = null;
let slaDatacenters = null;

/**
 * Sets the form up for a profile: in levels when datacenters holds its datacenter names, else in N, R and W. The
 * datacenter choices start at their defaults (writes coordinated in the first, reads from all), and are kept while
 * the names stay the same.
 */
function showSlaMode(profile, datacenters) {
  const levels = datacenters !== null;
  slaProfile = profile;
  document.querySelectorAll("[data-sla]").forEach((element) => {
    element.hidden = element.dataset.sla !== (levels ? "levels" : "replicas");
  });
  document.getElementById("slaTitle").textContent = "Recommend " + (levels ? "consistency levels" : "N, R and W")
    + " for a service-level agreement";
  document.getElementById("slaLink").textContent = levels
    ? "Recommend consistency levels for an SLA" : "Recommend N, R, W for an SLA";
  const same = levels && slaDatacenters !== null && datacenters.join(",") === slaDatacenters.join(",");
  slaDatacenters = datacenters;
  if (levels && !same) {
    fillDatacenterChoices(datacenters);
  }
  showRequirements(); // the read path's requirements are sent for N, R and W only
}

function fillDatacenterChoices(names) {
  document.getElementById("slaWriteDatacenter").replaceChildren(...names.map((name) => new Option(name, name)));
  const reads = document.getElementById("slaReadDatacenters");
  reads.querySelectorAll("label").forEach((label) => label.remove());
  names.forEach((name) => {
    const label = document.createElement("label");
    label.className = "choice";
    const box = document.createElement("input");
    box.type = "checkbox";
    box.name = "readDatacenter";
    box.value = name;
    box.checked = true;
    label.append(box, " " + name);
    reads.appendChild(label);
  });
}

/** The level choices: "every level" (sent as no level, so the service tries each one usable), then each level. */
function fillLevelChoices(levels) {
  ["slaWriteLevel", "slaReadLevel"].forEach((id) => document.getElementById(id).replaceChildren(
    new Option("every level", ""), ...levels.map((level) => new Option(level, level))));
}

/** The question in levels; an Error when it cannot be asked (no read datacenter chosen). */
function levelRecommendationQuestion(profile) {
  const reads = [...document.querySelectorAll("#slaReadDatacenters input:checked")].map((box) => box.value);
  if (reads.length === 0) {
    throw new Error("choose at least one datacenter to read from: each requirement must hold for reads there");
  }
  const body = {profile: profile, require: slaRequirements(), objective: slaValue("slaObjective"),
    write_dc: slaValue("slaWriteDatacenter"), read_dc: reads, trials: Number(byId("trials").value), seed: 42};
  if (slaValue("slaWriteLevel") !== "") {
    body.write_level = slaValue("slaWriteLevel");
  }
  if (slaValue("slaReadLevel") !== "") {
    body.read_level = slaValue("slaReadLevel");
  }
  return body;
}

/** What a question in levels simulates, for the status line while the service works. */
function levelSimulationText(body) {
  const pairs = body.write_level && body.read_level ? body.write_level + " writes with " + body.read_level + " reads"
    : body.write_level ? body.write_level + " writes with every read level"
      : body.read_level ? body.read_level + " reads with every write level" : "every (write level, read level) pair";
  return "Simulating " + pairs + " for " + body.profile + ", writes coordinated in " + body.write_dc
    + ", reads from " + body.read_dc.join(", ") + ", " + body.trials.toLocaleString("en") + " trials…";
}

/** The status line once the answer in levels is shown. */
function levelSummary(answer) {
  return answer.profile.name + ", N=" + answer.n_min + " in " + answer.datacenters.join(", ")
    + ": writes coordinated in " + answer.write_dc + ", requirements checked for reads from " + answer.read_dcs.join(", ") + "; "
    + answer.feasible.length + " feasible, " + answer.rejected.length + " rejected pairs, "
    + answer.trials.toLocaleString("en") + " trials, seed " + answer.seed + ".";
}

function describeLevels(candidate, windowP, readDatacenters) {
  const metrics = candidate.metrics;
  const quorum = candidate.strict ? "strict in every read datacenter" : "partial in some read datacenter";
  return "writes at " + candidate.write_level + ", reads at " + candidate.read_level + " (writes coordinated in "
    + candidate.write_dc + ", " + quorum + "): read p99.9 "
    + format(metrics.read_p999_ms, 3) + " ms, write p99.9 " + format(metrics.write_p999_ms, 3) + " ms, window@"
    + windowP + " " + format(metrics.window_ms, 3) + " ms, the worst of reads from " + readDatacenters.join(", ");
}

/** One figure of a candidate per read datacenter, in the answer's order of read datacenters; "–" where impossible. */
function byReadDatacenter(candidate, figure) {
  return candidate.read_dcs.map((read) => read.possible ? figure(read) : "–").join(", ");
}

function showLevelRecommendation(answer) {
  const windowP = answer.window_p;
  const key = (candidate) => candidate.write_level + "," + candidate.read_level + "," + candidate.write_dc;
  const onFrontier = new Set(answer.frontier.map(key));
  const best = document.getElementById("slaBest");
  if (answer.feasible.length > 0) {
    best.className = "best";
    best.textContent = "Recommended: " + describeLevels(answer.feasible[0], windowP, answer.read_dcs) + ".";
  } else {
    best.className = "best none";
    best.textContent = "No (write level, read level) pair meets every requirement in every read datacenter: see why "
      + "each was rejected below.";
  }
  const reads = " (" + answer.read_dcs.join(", ") + ")";
  const quorum = (candidate) => candidate.strict ? "strict" : "partial";
  const figures = (candidate) => [format(candidate.metrics.read_p999_ms, 3),
    format(candidate.metrics.write_p999_ms, 3), format(candidate.metrics.window_ms, 3),
    byReadDatacenter(candidate, (read) => format(read.metrics.window_ms, 3))];
  const figureHead = ["worst read p99.9 (ms)", "write p99.9 (ms)", "worst window@" + windowP + " (ms)",
    "window@" + windowP + " by read DC" + reads];
  fillCandidates(document.getElementById("slaFeasible"),
    ["rank", "write level", "read level", "write DC", "acks (W)", "R by read DC" + reads, "quorum", "score (ms)"]
      .concat(figureHead, ["Pareto frontier"]),
    answer.feasible,
    (candidate, index) => [String(index + 1), candidate.write_level, candidate.read_level, candidate.write_dc,
      candidate.w, byReadDatacenter(candidate, (read) => read.r), quorum(candidate), format(candidate.score, 3)]
      .concat(figures(candidate), [onFrontier.has(key(candidate)) ? "yes" : ""]),
    true);
  fillCandidates(document.getElementById("slaRejected"),
    ["write level", "read level", "write DC", "quorum", "why"].concat(figureHead),
    answer.rejected,
    (candidate) => [candidate.write_level, candidate.read_level, candidate.write_dc, quorum(candidate),
      candidate.violations.join("; ")].concat(figures(candidate)),
    true);
  document.getElementById("slaResult").hidden = false;
}
