// The pbs dashboard: asks the service for a prediction of every (R, W) and draws it; for a profile whose replicas are
// in named datacenters, a prediction in consistency levels of every (write datacenter, read datacenter) pair, drawn
// as a heat map of windows and the curve of a chosen pair. No build step, no CDN. charts.js draws, sla.js runs the
// recommendation form (sla-datacenters.js its questions in consistency levels), live.js the live probe section
// (history.js its history), faults.js the faulty replicas of the prediction form and what they did; this file
// holds the state, kept in the URL.
"use strict";

const TIMES = [0, 0.5, 1, 2, 3, 5, 7, 10, 15, 20, 30, 50, 70, 100, 150, 200, 300, 500, 700, 1000];
const PERCENTILES = [1, 5, 10, 20, 30, 40, 50, 60, 70, 80, 90, 95, 99, 99.9];
const TABLE_TIMES = [0, 10, 100];
/** Times for datacenters: the delays between them are tens of ms, so the grid is finer from 20 to 300 ms. */
const LEVEL_TIMES = [0, 1, 2, 5, 10, 20, 30, 40, 45, 50, 55, 60, 70, 80, 90, 100, 120, 150, 200, 250, 300, 400, 500,
  700, 1000];
/** The consistency levels the service accepts. */
const LEVELS = ["ONE", "TWO", "THREE", "QUORUM", "ALL", "LOCAL_ONE", "LOCAL_QUORUM", "EACH_QUORUM"];

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
    chosen: chosen, log: query.get("log") !== "0", stale: query.get("y") === "stale",
    writeLevel: query.get("wl") || "LOCAL_QUORUM", readLevel: query.get("rl") || "LOCAL_QUORUM",
    pair: query.get("pair") || "", p: query.get("p") || "0.999", reads: query.get("reads") || "profile",
    faults: faultsFromQuery(query)};
}

function stateFromForm() {
  return {profile: byId("profile").value, n: Number(byId("n").value), trials: byId("trials").value,
    chosen: [...document.querySelectorAll("#chosen input:checked")].map((box) => box.value),
    log: byId("logTime").checked, stale: byId("yAxis").value === "stale",
    writeLevel: byId("writeLevel").value, readLevel: byId("readLevel").value,
    pair: byId("pairWrite").value ? pairKey(byId("pairWrite").value, byId("pairRead").value) : "",
    p: byId("heatP").value, reads: byId("reads").value, faults: faultsFromForm()};
}

function showState(state) {
  byId("profile").value = state.profile;
  byId("n").value = state.n;
  byId("trials").value = state.trials;
  byId("reads").value = state.reads;
  if (!byId("reads").value) {
    byId("reads").value = "profile";
  }
  showFaults(state.faults);
  byId("logTime").checked = state.log;
  byId("yAxis").value = state.stale ? "stale" : "consistent";
  fillChoices(state.n, state.chosen);
  byId("writeLevel").value = state.writeLevel;
  byId("readLevel").value = state.readLevel;
  byId("heatP").value = state.p;
  if (!byId("heatP").value) {
    byId("heatP").value = "0.999";
  }
  if (state.pair.includes(">")) {
    fillPairChoice([...new Set(state.pair.split(">"))], state.pair);
  }
}

function keepInUrl(state) {
  const query = new URLSearchParams({profile: state.profile, n: state.n, trials: state.trials,
    show: state.chosen.join(";"), log: state.log ? "1" : "0", y: state.stale ? "stale" : "consistent"});
  if (!levelControlsShown() && state.reads !== "profile") {
    query.set("reads", state.reads);
  }
  if (!levelControlsShown()) {
    keepFaultsInUrl(query, state.faults);
  }
  if (levelControlsShown()) {
    query.set("wl", state.writeLevel);
    query.set("rl", state.readLevel);
    query.set("p", state.p);
    if (state.pair) {
      query.set("pair", state.pair);
    }
  }
  history.replaceState(null, "", "?" + query.toString() + location.hash);
}

/** The write and read levels instead of N at the top, for a profile whose datacenters are named. */
function showLevelControls(named) {
  byId("nField").hidden = named;
  byId("readsField").hidden = named;
  byId("faultsField").hidden = named; // faults are simulated for (R, W) only
  document.querySelectorAll(".levelField").forEach((label) => { label.hidden = !named; });
}

function levelControlsShown() {
  return byId("nField").hidden;
}

/** The sections of a prediction in levels across datacenters (.dc) or of every (R, W) (.rw). */
function showView(levels) {
  document.querySelectorAll(".rw").forEach((element) => { element.hidden = levels; });
  document.querySelectorAll(".dc").forEach((element) => { element.hidden = !levels; });
}

/** The pair of datacenters the chart draws: two selects of the names, set to pair ("write>read") where it can be. */
function fillPairChoice(names, pair) {
  const [writeDc, readDc] = pair.split(">");
  const fallback = [names[0], names.length > 1 ? names[1] : names[0]];
  [["pairWrite", writeDc, fallback[0]], ["pairRead", readDc, fallback[1]]].forEach(([id, wanted, otherwise]) => {
    const select = byId(id);
    select.replaceChildren(...names.map((name) => new Option(name, name)));
    select.value = names.includes(wanted) ? wanted : otherwise;
  });
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

function fillTable(prediction) {
  const speculating = Boolean(prediction.speculative_retry);
  const head = [prediction.datacenters ? "write → read datacenter" : "R, W"]
    .concat(TABLE_TIMES.map((t) => "P(cons.) t=" + t + "ms"), ["window 99%", "window 99.9%", "read p99.9", "write p99.9"],
      speculating ? ["reads that speculated"] : [], faultHeads(prediction));
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
      // null when no trial counted: with faulty replicas, a configuration never available
      return !point ? "" : point.p_consistent === null ? "n/a" : point.p_consistent.toFixed(4);
    }).concat([format(windowAt(config, 0.99), 3) + " ms", format(windowAt(config, 0.999), 3) + " ms",
      format(latencyAt(config, "read_latency_ms", 99.9), 3) + " ms",
      format(latencyAt(config, "write_latency_ms", 99.9), 3) + " ms"],
      speculating ? [(100 * config.speculation.p_speculated).toFixed(2) + "%"] : [], faultCells(prediction, config));
    cells.forEach((text) => { row.insertCell().textContent = text; });
  });
}

/**
 * Redraws the t-visibility chart from the prediction on show: the view changed, not the question. Across
 * datacenters it draws the chosen pair, marked in the heat map.
 */
function redrawVisibility() {
  const state = stateFromForm();
  keepInUrl(state);
  if (!shownPrediction) {
    return;
  }
  const levels = Boolean(shownPrediction.datacenters);
  drawVisibility(shownPrediction, levels ? [state.pair] : state.chosen, state.log, state.stale);
  if (levels) {
    markPair(state.pair);
  }
}

/** Redraws the heat map at the chosen probability. */
function redrawHeatMap() {
  const state = stateFromForm();
  keepInUrl(state);
  if (shownPrediction && shownPrediction.datacenters) {
    drawHeatMap(shownPrediction, Number(state.p), choosePair);
    markPair(state.pair);
  }
}

/** A heat map cell chosen: its pair's curve in the chart. */
function choosePair(writeDc, readDc) {
  byId("pairWrite").value = writeDc;
  byId("pairRead").value = readDc;
  redrawVisibility();
}

/** The stored profile, or null for a live one or one the service cannot show (left to the prediction to report). */
async function storedProfile(name) {
  if (isLive(name)) {
    return null;
  }
  try {
    return await request("/profiles/" + encodeURIComponent(name));
  } catch (unreadable) {
    return null;
  }
}

/** The names of a profile's datacenters when it places its replicas in named ones (answered in levels), or null. */
function datacenterNames(profile) {
  const names = profile && profile.datacenters && profile.datacenters.names;
  return Array.isArray(names) && names.length > 0 ? names : null;
}

async function namedDatacenters(name) {
  return datacenterNames(await storedProfile(name));
}

/**
 * The question of every (R, W) of N, with the read path chosen: fan-out all, targeted and its speculation, or none
 * said, so that the profile's own read path (a probed cluster's) applies; and the fault fields given. Faults, the
 * question's or a faulty profile's, are simulated for R replicas asked: "all" then asks for targeted reads.
 */
function rwQuestion(state, faultyProfile) {
  const question = {profile: state.profile, n: state.n, t_ms: TIMES, percentiles: PERCENTILES,
    windows: [0.99, 0.999], trials: Number(state.trials), seed: 42};
  const faults = faultFields(state.faults);
  Object.assign(question, faults);
  const faulty = faultyProfile || Object.keys(faults).length > 0;
  if (state.reads === "all") {
    // said, so that a profile's own read path does not apply; faults are simulated for R asked only
    question.read_fanout = faulty ? "targeted" : "all";
  } else if (state.reads === "profile") {
    // nothing said: the profile's own read path (a probed cluster's) applies, else all N asked; faults
    // are simulated for R asked only
    if (faulty) {
      question.read_fanout = "targeted";
    }
  } else {
    question.read_fanout = "targeted";
    if (state.reads !== "targeted") {
      question.speculative_retry = state.reads;
    }
  }
  return question;
}

/** The question in consistency levels for every (write datacenter, read datacenter); N is the profile's. */
function levelsQuestion(state) {
  return {profile: state.profile, write_level: state.writeLevel, read_level: state.readLevel, dc_matrix: true,
    t_ms: LEVEL_TIMES, percentiles: PERCENTILES, trials: Number(state.trials), seed: 42,
    windows: [...new Set([0.99, 0.999, ...[...byId("heatP").options].map((option) => Number(option.value))])]};
}

function summary(prediction) {
  const trials = prediction.trials.toLocaleString("en") + " trials, seed " + prediction.seed + ".";
  if (!prediction.datacenters) {
    const reads = prediction.read_fanout === "all" ? ""
      : prediction.speculative_retry ? " Reads to R replicas, speculative retry " + prediction.speculative_retry + "."
        : " Reads to R replicas.";
    return prediction.profile.name + ", N=" + prediction.n + ", " + trials + reads
      + (prediction.faults ? " Faulty replicas: " + prediction.faults + "." : "");
  }
  const level = prediction.configs[0];
  return prediction.profile.name + ", N=" + prediction.n + " in " + prediction.datacenters.join(", ")
    + ": writes at " + level.write_level + ", reads at " + level.read_level + ", " + trials;
}

async function predict(state) {
  keepInUrl(state);
  if (!isPublished(state.profile)) {
    awaitLiveProfile(state.profile);
    return;
  }
  awaitedProfile = null;
  document.body.classList.remove("waiting");
  const asked = ++predictionsAsked;
  const trials = Number(state.trials).toLocaleString("en") + " trials";
  setStatus(byId("status"), "Simulating " + trials + " for " + state.profile + "…", false);
  document.body.classList.add("loading");
  byId("predict").disabled = true;
  try {
    const profile = await storedProfile(state.profile);
    const datacenters = datacenterNames(profile);
    if (asked !== predictionsAsked) {
      return;
    }
    showLevelControls(datacenters !== null);
    showSlaMode(state.profile, datacenters);
    keepInUrl(state);
    setStatus(byId("status"), "Simulating " + trials + (datacenters ? " of " + state.writeLevel + " writes and "
      + state.readLevel + " reads between every two of " + datacenters.join(", ")
      : " of every (R, W) for " + state.profile + ", N=" + state.n) + "…", false);
    const prediction = await request("/predictions", datacenters ? levelsQuestion(state)
      : rwQuestion(state, Boolean(profile && profile.faults)));
    if (asked !== predictionsAsked) {
      return;
    }
    shownPrediction = prediction;
    showView(Boolean(prediction.datacenters));
    if (prediction.datacenters) {
      fillPairChoice(prediction.datacenters, stateFromForm().pair);
      redrawHeatMap();
    } else {
      drawLatency(prediction, "read_latency_ms", "readLatency");
      drawLatency(prediction, "write_latency_ms", "writeLatency");
      drawTradeoff(prediction);
    }
    redrawVisibility();
    fillTable(prediction);
    showFaultEffects(prediction);
    setStatus(byId("status"), summary(prediction)
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
  ["writeLevel", "readLevel"].forEach((id) => byId(id).replaceChildren(...LEVELS.map((level) => new Option(level))));
  showState(stateFromUrl());
  showLive(byId("profile").value);
  byId("profile").addEventListener("change", async () => {
    const name = byId("profile").value;
    keepInUrl(stateFromForm());
    showLive(name);
    const datacenters = await namedDatacenters(name);
    if (byId("profile").value === name) {
      showLevelControls(datacenters !== null);
      showSlaMode(name, datacenters);
      keepInUrl(stateFromForm());
    }
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
  byId("heatView").addEventListener("change", redrawHeatMap);
  byId("heatView").addEventListener("submit", (event) => event.preventDefault());
  let resizing = null;
  new ResizeObserver(() => {
    cancelAnimationFrame(resizing);
    // The trade-off is redrawn only for (R, W): across datacenters it is hidden.
    resizing = requestAnimationFrame(() => resizeCharts(shownPrediction && !shownPrediction.datacenters
      ? shownPrediction : null));
  }).observe(document.querySelector("main"));
  startSlaForm(byId("n").value, LEVELS);
  predict(stateFromForm());
}

start();
