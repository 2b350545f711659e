// The pbs dashboard: asks the service for a prediction of every (R, W) and draws it. No build step, no CDN.
// charts.js draws, sla.js runs the recommendation form, live.js the live probe section; this file holds the state,
// kept in the URL.
"use strict";

const TIMES = [0, 0.5, 1, 2, 3, 5, 7, 10, 15, 20, 30, 50, 70, 100, 150, 200, 300, 500, 700, 1000];
const PERCENTILES = [1, 5, 10, 20, 30, 40, 50, 60, 70, 80, 90, 95, 99, 99.9];
const TABLE_TIMES = [0, 10, 100];

const byId = (id) => document.getElementById(id);
let shownPrediction = null;
let predictionsAsked = 0;
/** A live profile chosen before its probe published it: live.js predicts as soon as it is. */
let awaitedProfile = null;

function setStatus(element, text, isError) {
  element.textContent = text;
  element.classList.toggle("error", Boolean(isError));
}

/** The service's JSON; a failure is an Error naming the request and carrying the service's message. */
async function request(path, body) {
  let response;
  try {
    response = await fetch("/api/v1" + path, body === undefined ? {} : {
      method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)});
  } catch (unreachable) {
    throw new Error(path + ": the service did not answer (" + unreachable.message + ")");
  }
  const text = await response.text();
  let json = null;
  try { json = JSON.parse(text); } catch (notJson) { /* reported below */ }
  if (!response.ok) {
    throw new Error("HTTP " + response.status + " from " + path + ": "
      + ((json && json.message) ? json.message : text.slice(0, 200) || response.statusText));
  }
  return json;
}

/** The first up to three configurations that are not strict quorums: the curves worth comparing. */
function defaultChosen(n) {
  const partial = [];
  for (let r = 1; r <= n; r++) {
    for (let w = 1; w <= n && r + w <= n; w++) {
      partial.push(r + "," + w);
    }
  }
  return (partial.length > 0 ? partial : ["1,1"]).slice(0, 3);
}

function stateFromUrl() {
  const query = new URLSearchParams(location.search);
  const n = Number(query.get("n") || 3);
  const quorum = query.get("quorum");
  let chosen = query.has("show") ? query.get("show").split(";").filter((key) => key !== "") : defaultChosen(n);
  if (quorum && quorum !== "all") {
    chosen = [quorum];
  }
  return {profile: query.get("profile") || "lnkd-disk", n: n, trials: query.get("trials") || "1000000",
    chosen: chosen, log: query.get("log") !== "0", stale: query.get("y") === "stale"};
}

function stateFromForm() {
  return {profile: byId("profile").value, n: Number(byId("n").value), trials: byId("trials").value,
    chosen: [...document.querySelectorAll("#chosen input:checked")].map((box) => box.value),
    log: byId("logTime").checked, stale: byId("yAxis").value === "stale"};
}

function showState(state) {
  byId("profile").value = state.profile;
  byId("n").value = state.n;
  byId("trials").value = state.trials;
  byId("logTime").checked = state.log;
  byId("yAxis").value = state.stale ? "stale" : "consistent";
  fillChoices(state.n, state.chosen);
}

function keepInUrl(state) {
  const query = new URLSearchParams({profile: state.profile, n: state.n, trials: state.trials,
    show: state.chosen.join(";"), log: state.log ? "1" : "0", y: state.stale ? "stale" : "consistent"});
  history.replaceState(null, "", "?" + query.toString() + location.hash);
}

/** One checkbox per (R, W) of N: which curves the t-visibility chart draws. */
function fillChoices(n, chosen) {
  const fieldset = byId("chosen");
  fieldset.querySelectorAll("label").forEach((label) => label.remove());
  for (let r = 1; r <= n; r++) {
    for (let w = 1; w <= n; w++) {
      const label = document.createElement("label");
      label.className = "choice";
      const box = document.createElement("input");
      box.type = "checkbox";
      box.name = "show";
      box.value = r + "," + w;
      box.checked = chosen.includes(box.value);
      label.append(box, " R=" + r + " W=" + w + (r + w > n ? " (strict)" : ""));
      fieldset.appendChild(label);
    }
  }
}

function format(value, digits) {
  return value === null || value === undefined ? "beyond" : Number(value).toPrecision(digits);
}

function fillTable(prediction) {
  const head = ["R, W"].concat(TABLE_TIMES.map((t) => "P(cons.) t=" + t + "ms"),
    ["window 99%", "window 99.9%", "read p99.9", "write p99.9"]);
  byId("table").tHead.innerHTML = "<tr>" + head.map((cell) => "<th>" + cell + "</th>").join("") + "</tr>";
  const body = byId("table").tBodies[0];
  body.innerHTML = "";
  prediction.configs.forEach((config) => {
    const row = body.insertRow();
    row.className = config.strict ? "strict" : "partial";
    const name = row.insertCell();
    name.textContent = configLabel(config);
    if (config.strict) {
      const tag = document.createElement("span");
      tag.className = "tag";
      tag.textContent = "strict";
      tag.title = "R + W > N: every read overlaps the write's replicas";
      name.append(" ", tag);
    }
    const cells = TABLE_TIMES.map((t) => {
      const point = config.t_visibility.find((entry) => entry.t_ms === t);
      return point ? point.p_consistent.toFixed(4) : "";
    }).concat([format(windowAt(config, 0.99), 3) + " ms", format(windowAt(config, 0.999), 3) + " ms",
      format(latencyAt(config, "read_latency_ms", 99.9), 3) + " ms",
      format(latencyAt(config, "write_latency_ms", 99.9), 3) + " ms"]);
    cells.forEach((text) => { row.insertCell().textContent = text; });
  });
}

/** Redraws the t-visibility chart from the prediction on show: the view changed, not the question. */
function redrawVisibility() {
  const state = stateFromForm();
  keepInUrl(state);
  if (shownPrediction) {
    drawVisibility(shownPrediction, state.chosen, state.log, state.stale);
  }
}

/**
 * The datacenter names of a profile that places its replicas in named datacenters (answered in consistency levels,
 * which this page does not draw), or null. A profile the service cannot show is left to the prediction to report.
 */
async function namedDatacenters(name) {
  if (isLive(name)) {
    return null;
  }
  try {
    const profile = await request("/profiles/" + encodeURIComponent(name));
    const names = profile && profile.datacenters && profile.datacenters.names;
    return Array.isArray(names) && names.length > 0 ? names : null;
  } catch (unreadable) {
    return null;
  }
}

/** Says why a profile answered in consistency levels gets no (R, W) charts, and where its answers are. */
function levelsOnly(name, datacenters) {
  setStatus(byId("status"), name + " places its replicas in named datacenters (" + datacenters.join(", ")
    + "), so it is answered in consistency levels (LOCAL_QUORUM, EACH_QUORUM, ...), which this page does not draw "
    + "yet: ask ./pbs predict --profile " + name + " --levels all --dc-matrix, or POST /api/v1/predictions with "
    + "write_level and read_level" + (shownPrediction ? "; the charts below are still "
    + shownPrediction.profile.name + "'s" : "") + ".", false);
}

async function predict(state) {
  keepInUrl(state);
  if (!isPublished(state.profile)) {
    awaitLiveProfile(state.profile);
    return;
  }
  awaitedProfile = null;
  document.body.classList.remove("waiting");
  const body = {profile: state.profile, n: state.n, t_ms: TIMES, percentiles: PERCENTILES, windows: [0.99, 0.999],
    trials: Number(state.trials), seed: 42};
  const asked = ++predictionsAsked;
  setStatus(byId("status"), "Simulating " + Number(state.trials).toLocaleString("en") + " trials of every (R, W) for "
    + state.profile + ", N=" + state.n + "…", false);
  document.body.classList.add("loading");
  byId("predict").disabled = true;
  try {
    const datacenters = await namedDatacenters(state.profile);
    if (asked !== predictionsAsked) {
      return;
    }
    if (datacenters) {
      levelsOnly(state.profile, datacenters);
      return;
    }
    const prediction = await request("/predictions", body);
    if (asked !== predictionsAsked) {
      return;
    }
    shownPrediction = prediction;
    const view = stateFromForm();
    drawVisibility(prediction, view.chosen, view.log, view.stale);
    fillTable(prediction);
    drawLatency(prediction, "read_latency_ms", "readLatency");
    drawLatency(prediction, "write_latency_ms", "writeLatency");
    drawTradeoff(prediction);
    setStatus(byId("status"), prediction.profile.name + ", N=" + prediction.n + ", "
      + prediction.trials.toLocaleString("en") + " trials, seed " + prediction.seed + "."
      + (isLive(state.profile) ? " A live profile: Predict again to use its latest measurements." : ""), false);
  } catch (problem) {
    if (asked === predictionsAsked) {
      setStatus(byId("status"), "The prediction failed: " + problem.message, true);
    }
  } finally {
    if (asked === predictionsAsked) {
      document.body.classList.remove("loading");
      byId("predict").disabled = false;
    }
  }
}

/** No prediction for a live profile its probe has not published yet: say so, and wait for it. */
function awaitLiveProfile(name) {
  predictionsAsked++; // an answer still on its way is for another profile
  awaitedProfile = name;
  document.body.classList.remove("loading");
  document.body.classList.add("waiting");
  byId("predict").disabled = false;
  setStatus(byId("status"), name + " has no profile yet: its probe has published no measurements. The prediction "
    + "runs as soon as it does" + (shownPrediction ? "; the charts below are still " + shownPrediction.profile.name
    + "'s" : "") + ".", false);
}

async function start() {
  try {
    // Probes as well as profiles: a live profile is listed before its probe publishes it, to show the probe's state.
    // Without the probes' status the page works on, and the live section says what failed.
    const [profiles, probes] = await Promise.all([request("/profiles"), request("/probes").catch(() => [])]);
    fillProfiles(byId("profile"), profiles, probes);
  } catch (problem) {
    setStatus(byId("status"), "Could not load the profiles: " + problem.message, true);
    return;
  }
  showState(stateFromUrl());
  showLive(byId("profile").value);
  byId("profile").addEventListener("change", () => {
    keepInUrl(stateFromForm());
    showLive(byId("profile").value);
  });
  byId("n").addEventListener("change", () => {
    const n = Number(byId("n").value);
    fillChoices(n, defaultChosen(n));
    byId("slaN").value = String(n);
    showRequirements();
  });
  byId("controls").addEventListener("submit", (event) => {
    event.preventDefault();
    predict(stateFromForm());
  });
  byId("view").addEventListener("change", redrawVisibility);
  byId("view").addEventListener("submit", (event) => event.preventDefault());
  let resizing = null;
  new ResizeObserver(() => {
    cancelAnimationFrame(resizing);
    resizing = requestAnimationFrame(() => resizeCharts(shownPrediction));
  }).observe(document.querySelector("main"));
  startSlaForm(byId("n").value);
  predict(stateFromForm());
}

start();
