// The SLA form: turns its fields into the requirements of POST /api/v1/recommendations (the forms of ./pbs tune:
// window@0.999<=50ms, read.p99.9<=20ms, write.p99<=50ms, w>=2, speculation<=0.05, repair@10ms<=0.01, and any other
// typed in) and its read options (read_fanout, speculative_retry, replica_choice, snitch_badness_threshold,
// read_repair) into the request's read fields, and shows the answer: the recommendation, every configuration that
// meets the requirements, and why each other one was rejected, with the speculative retry setting of each and the
// reads that speculated or repaired when the service reports them. For a profile in named datacenters the form asks
// in consistency levels instead: sla-datacenters.js.
"use strict";

let recommendationsAsked = 0;

function slaValue(id) {
  return document.getElementById(id).value.trim();
}

/** The requirement strings the form stands for, in the service's syntax; empty fields add none. */
function slaRequirements() {
  const requirements = [];
  if (slaValue("slaWindowMs") !== "") {
    requirements.push("window@" + (slaValue("slaWindowP") || "0.999") + "<=" + slaValue("slaWindowMs") + "ms");
  }
  if (slaValue("slaReadMs") !== "") {
    requirements.push("read.p" + (slaValue("slaReadPercentile") || "99.9") + "<=" + slaValue("slaReadMs") + "ms");
  }
  if (slaValue("slaWriteMs") !== "") {
    requirements.push("write.p" + (slaValue("slaWritePercentile") || "99.9") + "<=" + slaValue("slaWriteMs") + "ms");
  }
  if (slaValue("slaMinW") !== "") {
    requirements.push("w>=" + slaValue("slaMinW"));
  }
  // The read path's requirements belong to (N, R, W): in consistency levels their fields are hidden and not sent.
  if (slaDatacenters === null && slaValue("slaSpeculation") !== "") {
    requirements.push("speculation<=" + slaValue("slaSpeculation"));
  }
  if (slaDatacenters === null && slaValue("slaRepair") !== "") {
    requirements.push("repair@" + (slaValue("slaRepairMs") || "10") + "ms<=" + slaValue("slaRepair"));
  }
  slaValue("slaMore").split(/[,;\n]/).map((text) => text.trim()).filter((text) => text !== "")
    .forEach((text) => requirements.push(text));
  return requirements;
}

/**
 * The read fields of a question in N, R and W, only those set: with none, the service simulates the profile's own
 * read path (a probed cluster's), else all N asked. Speculative retry and the dynamic snitch need R asked, so with
 * Reads at its default they send read_fanout targeted; a snitch threshold that is not a number is sent as typed, for
 * the service to name the problem.
 */
function slaReadOptions() {
  const options = {};
  const fanout = slaValue("slaReadFanout");
  const retries = slaValue("slaSpeculativeRetry");
  const choice = slaValue("slaReplicaChoice");
  const badness = slaValue("slaSnitchBadness");
  const repair = slaValue("slaReadRepair");
  if (fanout !== "") {
    options.read_fanout = fanout;
  } else if (retries !== "" || choice === "snitch") {
    options.read_fanout = "targeted";
  }
  if (retries !== "") {
    options.speculative_retry = retries; // one setting or several, separated by commas outside parentheses
  }
  if (choice !== "") {
    options.replica_choice = choice;
  }
  if (badness !== "") {
    options.snitch_badness_threshold = Number.isFinite(Number(badness)) ? Number(badness) : badness;
  }
  if (repair !== "") {
    options.read_repair = repair;
  }
  return options;
}

function showRequirements() {
  const requirements = slaRequirements();
  document.getElementById("slaPreview").textContent = requirements.length > 0 ? requirements.join(", ")
    : "none: every configuration is feasible";
  const options = Object.entries(slaReadOptions());
  document.getElementById("slaReadPreview").textContent = options.length > 0
    ? options.map(([field, value]) => field + ": " + JSON.stringify(value)).join(", ")
    : "none: the profile's read path, else all N asked";
}

/** N as the service takes it: a number, or a range such as "3..5" as text. */
function slaReplicas() {
  const text = slaValue("slaN").replace(/\s+/g, "");
  return /^\d+$/.test(text) ? Number(text) : text;
}

/** A fraction of reads as a percentage, as the prediction table shows the reads that speculated. */
function percent(fraction) {
  return (100 * fraction).toFixed(2) + "%";
}

/** The fraction of a candidate's reads starting t_ms after commit that block on read repair, or undefined. */
function repairAt(candidate, tMillis) {
  const point = (candidate.metrics.read_repair || []).find((entry) => entry.t_ms === tMillis);
  return point === undefined ? undefined : point.p_repair;
}

function describe(candidate, windowP) {
  const metrics = candidate.metrics;
  const repairs = (metrics.read_repair || []).map((point) => percent(point.p_repair) + " at " + point.t_ms + " ms");
  return "N=" + candidate.n + ", R=" + candidate.r + ", W=" + candidate.w
    + (candidate.speculative_retry ? " with speculative retry " + candidate.speculative_retry : "")
    + (candidate.strict ? " (strict quorum)" : " (partial quorum)") + ": read p99.9 "
    + format(metrics.read_p999_ms, 3) + " ms, write p99.9 " + format(metrics.write_p999_ms, 3) + " ms, window@"
    + windowP + " " + format(metrics.window_ms, 3) + " ms"
    + (metrics.p_speculated != null ? ", reads that speculated " + percent(metrics.p_speculated) : "")
    + (repairs.length > 0 ? ", reads that block on read repair " + repairs.join(", ") : "");
}

/** Fills a table of candidates: one row per candidate, cells(candidate, index) its cells; inLevels marks names. */
function fillCandidates(table, head, candidates, cells, inLevels) {
  table.classList.toggle("levels", Boolean(inLevels));
  // The column of reasons is marked, wherever it is: its text wraps (style.css).
  const why = head.indexOf("why");
  table.tHead.innerHTML = "<tr>" + head.map((cell, column) => (column === why ? "<th class=\"why\">" : "<th>")
    + cell + "</th>").join("") + "</tr>";
  const body = table.tBodies[0];
  body.innerHTML = "";
  candidates.forEach((candidate, index) => {
    const row = body.insertRow();
    row.className = candidate.strict ? "strict" : "partial";
    cells(candidate, index).forEach((text, column) => {
      const cell = row.insertCell();
      cell.textContent = text;
      if (column === why) {
        cell.className = "why";
      }
    });
  });
  if (candidates.length === 0) {
    const cell = body.insertRow().insertCell();
    cell.colSpan = head.length;
    cell.textContent = "none";
  }
}

function showRecommendation(answer) {
  const windowP = answer.window_p;
  // With several speculative retry settings a candidate is an (N, R, W, setting).
  const key = (candidate) => candidate.n + "," + candidate.r + "," + candidate.w + ","
    + (candidate.speculative_retry || "");
  const onFrontier = new Set(answer.frontier.map(key));
  const best = document.getElementById("slaBest");
  if (answer.feasible.length > 0) {
    best.className = "best";
    best.textContent = "Recommended: " + describe(answer.feasible[0], windowP) + ".";
  } else {
    best.className = "best none";
    best.textContent = "No configuration meets every requirement: see why each was rejected below.";
  }
  const quorum = (candidate) => candidate.strict ? "strict" : "partial";
  // The read path's columns, when the answer has their figures: the setting, the reads that speculated, and the reads
  // that block on read repair at each time reported.
  const everyCandidate = answer.feasible.concat(answer.rejected);
  const settings = everyCandidate.some((candidate) => candidate.speculative_retry);
  const speculated = everyCandidate.some((candidate) => candidate.metrics.p_speculated != null);
  const repairTimes = [...new Set(everyCandidate.flatMap((candidate) =>
    (candidate.metrics.read_repair || []).map((point) => point.t_ms)))].sort((a, b) => a - b);
  const setting = (candidate) => settings ? [candidate.speculative_retry || ""] : [];
  const settingHead = settings ? ["speculative retry"] : [];
  const readHead = (speculated ? ["reads that speculated"] : [])
    .concat(repairTimes.map((t) => "reads that repair at " + t + " ms"));
  const metrics = (candidate) => [format(candidate.metrics.read_p999_ms, 3), format(candidate.metrics.write_p999_ms, 3),
    format(candidate.metrics.window_ms, 3)]
    .concat(speculated ? [candidate.metrics.p_speculated != null ? percent(candidate.metrics.p_speculated) : ""] : [])
    .concat(repairTimes.map((t) => repairAt(candidate, t) !== undefined ? percent(repairAt(candidate, t)) : ""));
  fillCandidates(document.getElementById("slaFeasible"), ["rank", "N", "R", "W"].concat(settingHead, ["quorum",
    "score (ms)", "read p99.9 (ms)", "write p99.9 (ms)", "window@" + windowP + " (ms)"], readHead, ["Pareto frontier"]),
    answer.feasible,
    (candidate, index) => [String(index + 1), candidate.n, candidate.r, candidate.w].concat(setting(candidate),
      [quorum(candidate), format(candidate.score, 3)], metrics(candidate),
      [onFrontier.has(key(candidate)) ? "yes" : ""]));
  fillCandidates(document.getElementById("slaRejected"),
    ["N", "R", "W"].concat(settingHead, ["quorum", "why", "read p99.9 (ms)", "write p99.9 (ms)",
      "window@" + windowP + " (ms)"], readHead),
    answer.rejected, (candidate) => [candidate.n, candidate.r, candidate.w].concat(setting(candidate),
      [quorum(candidate), candidate.violations.join("; ")], metrics(candidate)));
  document.getElementById("slaResult").hidden = false;
}

/** The question in N, R and W. */
function replicaRecommendationQuestion(profile) {
  return Object.assign({profile: profile, n: slaReplicas(), require: slaRequirements(),
    objective: slaValue("slaObjective"), levels: slaValue("slaLevels"), trials: Number(byId("trials").value),
    seed: 42}, slaReadOptions());
}

/**
 * The read path in words, from a question's read fields or an answer's read_path (speculative_retry a list there),
 * for the status line: "" for the service's default, all N asked with nothing else.
 */
function readPathText(path) {
  const retries = [].concat(path.speculative_retry || []);
  const parts = [];
  if (path.read_fanout === "targeted") {
    parts.push("R replicas asked");
  } else if (path.read_fanout === "all") {
    parts.push("all N asked");
  }
  if (retries.length > 1) {
    parts.push("speculative retry " + retries.join(", ") + " (each tried)");
  } else if (retries.length === 1) {
    parts.push("speculative retry " + retries[0]);
  }
  if (path.replica_choice === "snitch") {
    parts.push("the dynamic snitch's replicas" + (path.snitch_badness_threshold != null
      ? " (badness threshold " + path.snitch_badness_threshold + ")" : ""));
  }
  if (path.read_repair === "blocking") {
    parts.push("blocking read repair");
  }
  return parts.length === 0 || (parts.length === 1 && parts[0] === "all N asked") ? "" : parts.join(", ");
}

/** What a question in N, R and W simulates, for the status line while the service works. */
function replicaSimulationText(body) {
  const configurations = body.levels === "cassandra" ? "the (R, W) of Cassandra's ONE, TWO, THREE, QUORUM and ALL"
    : "every (R, W)";
  const reads = readPathText(body);
  return "Simulating " + configurations + " of N=" + body.n + " for " + body.profile + ", "
    + (reads ? "reads: " + reads + ", " : "") + body.trials.toLocaleString("en") + " trials…";
}

/** The status line once the answer in N, R and W is shown. */
function replicaSummary(answer) {
  const reads = answer.read_path ? readPathText(answer.read_path) : "";
  return answer.profile.name + ", " + answer.feasible.length + " feasible, " + answer.rejected.length
    + " rejected, " + answer.trials.toLocaleString("en") + " trials, seed " + answer.seed + "."
    + (reads ? " Reads: " + reads + "." : "");
}

/**
 * Asks the service in N, R and W, or in consistency levels for a profile in named datacenters. The form is set up
 * when the profile is chosen; a profile chosen just before is looked up first.
 */
async function recommend() {
  const profile = byId("profile").value;
  const asked = ++recommendationsAsked;
  const status = document.getElementById("slaStatus");
  const submit = document.getElementById("slaSubmit");
  const result = document.getElementById("slaResult");
  submit.disabled = true;
  result.classList.add("outdated");
  document.getElementById("sla").setAttribute("aria-busy", "true");
  try {
    if (slaProfile !== profile) {
      setStatus(status, "Looking up " + profile + "'s datacenters…", false);
      const datacenters = await namedDatacenters(profile);
      if (asked !== recommendationsAsked) {
        return;
      }
      showSlaMode(profile, datacenters);
    }
    const levels = slaDatacenters !== null;
    const body = levels ? levelRecommendationQuestion(profile) : replicaRecommendationQuestion(profile);
    setStatus(status, levels ? levelSimulationText(body) : replicaSimulationText(body), false);
    const answer = await request("/recommendations", body);
    if (asked !== recommendationsAsked) {
      return;
    }
    const inLevels = answer.levels === "datacenters";
    if (inLevels) {
      showLevelRecommendation(answer);
    } else {
      showRecommendation(answer);
    }
    setStatus(status, inLevels ? levelSummary(answer) : replicaSummary(answer), false);
  } catch (problem) {
    if (asked === recommendationsAsked) {
      result.hidden = true;
      setStatus(status, "The recommendation failed: " + problem.message, true);
    }
  } finally {
    if (asked === recommendationsAsked) {
      submit.disabled = false;
      result.classList.remove("outdated");
      document.getElementById("sla").removeAttribute("aria-busy");
    }
  }
}

function startSlaForm(n, levels) {
  document.getElementById("slaN").value = String(n);
  fillLevelChoices(levels);
  const form = document.getElementById("slaForm");
  form.addEventListener("input", showRequirements);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    recommend();
  });
  showRequirements();
}
