// The SLA form: turns its fields into the requirements of POST /api/v1/recommendations (the forms of ./pbs tune:
// window@0.999<=50ms, read.p99.9<=20ms, write.p99<=50ms, w>=2, and any other typed in) and shows the answer:
// the recommendation, every configuration that meets the requirements, and why each other one was rejected. For a
// profile in named datacenters the form asks in consistency levels instead: sla-datacenters.js.
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
  slaValue("slaMore").split(/[,;\n]/).map((text) => text.trim()).filter((text) => text !== "")
    .forEach((text) => requirements.push(text));
  return requirements;
}

function showRequirements() {
  const requirements = slaRequirements();
  document.getElementById("slaPreview").textContent = requirements.length > 0 ? requirements.join(", ")
    : "none: every configuration is feasible";
}

/** N as the service takes it: a number, or a range such as "3..5" as text. */
function slaReplicas() {
  const text = slaValue("slaN").replace(/\s+/g, "");
  return /^\d+$/.test(text) ? Number(text) : text;
}

function describe(candidate, windowP) {
  const metrics = candidate.metrics;
  return "N=" + candidate.n + ", R=" + candidate.r + ", W=" + candidate.w
    + (candidate.strict ? " (strict quorum)" : " (partial quorum)") + ": read p99.9 "
    + format(metrics.read_p999_ms, 3) + " ms, write p99.9 " + format(metrics.write_p999_ms, 3) + " ms, window@"
    + windowP + " " + format(metrics.window_ms, 3) + " ms";
}

/** Fills a table of candidates: one row per candidate, cells(candidate, index) its cells; inLevels marks names. */
function fillCandidates(table, head, candidates, cells, inLevels) {
  table.classList.toggle("levels", Boolean(inLevels));
  table.tHead.innerHTML = "<tr>" + head.map((cell) => "<th>" + cell + "</th>").join("") + "</tr>";
  const body = table.tBodies[0];
  body.innerHTML = "";
  candidates.forEach((candidate, index) => {
    const row = body.insertRow();
    row.className = candidate.strict ? "strict" : "partial";
    cells(candidate, index).forEach((text) => { row.insertCell().textContent = text; });
  });
  if (candidates.length === 0) {
    const cell = body.insertRow().insertCell();
    cell.colSpan = head.length;
    cell.textContent = "none";
  }
}

function showRecommendation(answer) {
  const windowP = answer.window_p;
  const onFrontier = new Set(answer.frontier.map((candidate) => candidate.n + "," + candidate.r + "," + candidate.w));
  const best = document.getElementById("slaBest");
  if (answer.feasible.length > 0) {
    best.className = "best";
    best.textContent = "Recommended: " + describe(answer.feasible[0], windowP) + ".";
  } else {
    best.className = "best none";
    best.textContent = "No configuration meets every requirement: see why each was rejected below.";
  }
  const quorum = (candidate) => candidate.strict ? "strict" : "partial";
  const metrics = (candidate) => [format(candidate.metrics.read_p999_ms, 3), format(candidate.metrics.write_p999_ms, 3),
    format(candidate.metrics.window_ms, 3)];
  fillCandidates(document.getElementById("slaFeasible"), ["rank", "N", "R", "W", "quorum", "score (ms)",
    "read p99.9 (ms)", "write p99.9 (ms)", "window@" + windowP + " (ms)", "Pareto frontier"], answer.feasible,
    (candidate, index) => [String(index + 1), candidate.n, candidate.r, candidate.w, quorum(candidate),
      format(candidate.score, 3)].concat(metrics(candidate),
      [onFrontier.has(candidate.n + "," + candidate.r + "," + candidate.w) ? "yes" : ""]));
  fillCandidates(document.getElementById("slaRejected"),
    ["N", "R", "W", "quorum", "why", "read p99.9 (ms)", "write p99.9 (ms)", "window@" + windowP + " (ms)"],
    answer.rejected, (candidate) => [candidate.n, candidate.r, candidate.w, quorum(candidate),
      candidate.violations.join("; ")].concat(metrics(candidate)));
  document.getElementById("slaResult").hidden = false;
}

/** The question in N, R and W. */
function replicaRecommendationQuestion(profile) {
  return {profile: profile, n: slaReplicas(), require: slaRequirements(), objective: slaValue("slaObjective"),
    levels: slaValue("slaLevels"), trials: Number(byId("trials").value), seed: 42};
}

/** What a question in N, R and W simulates, for the status line while the service works. */
function replicaSimulationText(body) {
  const configurations = body.levels === "cassandra" ? "the (R, W) of Cassandra's ONE, TWO, THREE, QUORUM and ALL"
    : "every (R, W)";
  return "Simulating " + configurations + " of N=" + body.n + " for " + body.profile + ", "
    + body.trials.toLocaleString("en") + " trials…";
}

/** The status line once the answer in N, R and W is shown. */
function replicaSummary(answer) {
  return answer.profile.name + ", " + answer.feasible.length + " feasible, " + answer.rejected.length
    + " rejected, " + answer.trials.toLocaleString("en") + " trials, seed " + answer.seed + ".";
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
