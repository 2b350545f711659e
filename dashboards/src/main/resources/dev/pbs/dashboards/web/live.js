// The live probe section. A probe configured in the service measures a Cassandra cluster and publishes its
// measurements as the profile cassandra:<name> (origin live-probe). While such a profile is chosen, this file shows
// its probe's entry of GET /api/v1/probes, asked again every 10 s: state, last refresh, samples, operations, nodes,
// and the last observed staleness against the prediction (drawn by charts.js); history.js adds, with each status,
// the probe's history: its declared SLAs now and their windows over time.
"use strict";

const LIVE_ORIGIN = "live-probe";
const LIVE_REFRESH_MILLIS = 10000;
/** Each probe's last status, by the name of the live profile it publishes. */
const liveProbes = new Map();
/** Live profiles GET /api/v1/profiles listed: published, so they can be predicted. */
const publishedLive = new Set();
let liveTimer = null;
let liveAsked = 0;
/** The observation the chart shows, as JSON text: the chart is redrawn only when it changes. */
let shownObservation = null;

function isLive(name) {
  return liveProbes.has(name) || publishedLive.has(name);
}

/** Whether the service can predict with the profile: every profile but a live one its probe has not published. */
function isPublished(name) {
  return !isLive(name) || publishedLive.has(name) || liveProbes.get(name).last_refresh_epoch_seconds > 0;
}

function rememberProbes(probes) {
  probes.forEach((probe) => {
    liveProbes.set(probe.profile, probe);
    if (probe.last_refresh_epoch_seconds > 0) {
      publishedLive.add(probe.profile);
    }
  });
}

function liveOptionLabel(name) {
  return name + (isPublished(name) ? " (live)" : " (live, no profile yet)");
}

/** The picker: built-in and uploaded profiles, then every live one (published or still awaited) in a group. */
function fillProfiles(select, profiles, probes) {
  profiles.filter((profile) => profile.origin === LIVE_ORIGIN).forEach((profile) => publishedLive.add(profile.name));
  rememberProbes(probes);
  const option = (name, text, title) => {
    const element = document.createElement("option");
    element.value = name;
    element.textContent = text;
    element.title = title || "";
    return element;
  };
  profiles.filter((profile) => profile.origin !== LIVE_ORIGIN).forEach((profile) => select.appendChild(option(
    profile.name, profile.name + (profile.origin === "built-in" ? "" : " (" + profile.origin + ")"),
    profile.description)));
  const live = [...new Set([...publishedLive, ...liveProbes.keys()])].sort();
  if (live.length > 0) {
    const group = document.createElement("optgroup");
    group.label = "Live probes";
    live.forEach((name) => group.appendChild(option(name, liveOptionLabel(name),
      "measured now by the probe " + name.replace(/^cassandra:/, "") + " configured in the service")));
    select.appendChild(group);
  }
}

/** Shows the section and keeps it fresh while a live profile is chosen; hides it for any other. */
function showLive(name) {
  const section = byId("live");
  clearTimeout(liveTimer);
  liveAsked++;
  if (!isLive(name)) {
    section.hidden = true;
    forgetObservationChart();
    forgetHistory();
    return;
  }
  if (section.dataset.profile !== name) {
    section.dataset.profile = name;
    byId("liveBody").hidden = true;
    forgetObservationChart();
    forgetHistory();
  }
  section.hidden = false;
  byId("liveTitle").textContent = "Live probe: " + name;
  refreshLive();
}

function forgetObservationChart() {
  shownObservation = null;
  if (charts.observationChart) {
    charts.observationChart.destroy();
    delete charts.observationChart;
  }
}

/** Asks for the probes' status now, shows the chosen one's, and asks again in 10 s. */
async function refreshLive() {
  const name = byId("profile").value;
  const asked = ++liveAsked;
  clearTimeout(liveTimer);
  try {
    const probes = await request("/probes");
    if (asked !== liveAsked) {
      return;
    }
    rememberProbes(probes);
    relabelLiveOptions();
    const probe = probes.find((candidate) => candidate.profile === name);
    if (!probe) {
      throw new Error("GET /api/v1/probes has no probe that publishes " + name);
    }
    showProbe(probe);
    refreshHistory(probe); // reports its own failures, below the status
    setStatus(byId("liveStatus"), "Status of " + clock(Date.now()) + "; asked again every "
      + LIVE_REFRESH_MILLIS / 1000 + " s.", false);
    byId("live").classList.remove("outdated");
    if (awaitedProfile === name && isPublished(name)) {
      predict(stateFromForm());
    }
  } catch (problem) {
    if (asked !== liveAsked) {
      return;
    }
    setStatus(byId("liveStatus"), "Could not refresh the probe's status at " + clock(Date.now()) + ": "
      + problem.message + ". " + (byId("liveBody").hidden ? "" : "Below is the last status received; ")
      + "trying again in " + LIVE_REFRESH_MILLIS / 1000 + " s.", true);
    byId("live").classList.add("outdated");
  } finally {
    if (asked === liveAsked) {
      liveTimer = setTimeout(refreshLive, LIVE_REFRESH_MILLIS);
    }
  }
}

function relabelLiveOptions() {
  document.querySelectorAll("#profile optgroup option").forEach((option) => {
    option.textContent = liveOptionLabel(option.value);
  });
}

function clock(millis) {
  return new Date(millis).toLocaleTimeString("en-GB");
}

function count(value) {
  return Number(value || 0).toLocaleString("en");
}

const STATE_TEXT = {
  running: "connected, probing the cluster",
  connecting: "connecting to the contact points",
  "warming-up": "warming up: rounds of the probe's workload, discarded, until the client's round trip settles; "
    + "nothing is published until then",
  unreachable: "cannot reach the cluster; the probe keeps retrying, waiting up to a minute between attempts",
  unassigned: "no instance of the fleet runs this probe now; one takes it within a lease",
};

function showProbe(probe) {
  byId("liveBody").hidden = false;
  const state = byId("liveState");
  state.textContent = probe.state;
  state.className = "state " + probe.state;
  byId("liveStateText").textContent = STATE_TEXT[probe.state] || "";
  const error = byId("liveError");
  error.hidden = !probe.last_error;
  error.textContent = probe.last_error ? (probe.state === "running" ? "Earlier error: " : "Last error: ")
    + probe.last_error : "";
  const refreshed = probe.last_refresh_epoch_seconds;
  const ago = Math.max(0, Math.round(Date.now() / 1000 - refreshed));
  const samples = Object.entries(probe.samples || {});
  const operations = probe.operations || {};
  const facts = [
    ["Live profile", refreshed > 0 ? probe.profile + ", published " + clock(refreshed * 1000) + " (" + ago + " s ago)"
      : probe.profile + ": not published yet"],
    ["Samples behind it", samples.length > 0 ? samples.map(([message, n]) => message + " " + count(n)).join(", ")
      : "none yet"],
    ["Operations since the service started", count(operations.succeeded) + " succeeded, " + count(operations.failed)
      + " failed, " + count(operations.skipped) + " skipped"],
  ];
  if (probe.refresh_problem) {
    facts.push(["Last refresh", probe.refresh_problem]);
  }
  if (probe.instance) {
    facts.push(["Run by", "fleet instance " + probe.instance]);
  }
  fillFacts(byId("liveFacts"), facts);
  fillNodes(probe.nodes || []);
  showObservation(probe.observation, probe.observation_coverage || [], probe.observation_problem);
}

function fillFacts(list, facts) {
  list.innerHTML = "";
  facts.forEach(([term, description]) => {
    const dt = document.createElement("dt");
    dt.textContent = term;
    const dd = document.createElement("dd");
    dd.textContent = description;
    list.append(dt, dd);
  });
}

function fillNodes(nodes) {
  const body = byId("liveNodes").tBodies[0];
  body.innerHTML = "";
  nodes.forEach((node) => {
    const row = body.insertRow();
    row.className = node.up ? "up" : "down";
    row.insertCell().textContent = node.address;
    row.insertCell().textContent = node.up ? "up" : "down";
    row.insertCell().textContent = count(node.failed);
  });
  if (nodes.length === 0) {
    const cell = body.insertRow().insertCell();
    cell.colSpan = 3;
    cell.textContent = "none seen yet: the probe has not connected";
  }
}

/**
 * The facts of the 95% prediction intervals (where an observed share should fall if the model is right, given the
 * profile's sampling and the observation's): the last window's points inside theirs, and the windows inside theirs
 * since the service started at each t counted. None when the points carry no interval.
 */
function intervalFacts(points, coverage) {
  const judged = points.filter((point) => typeof point.expected_lower === "number");
  if (judged.length === 0) {
    return [];
  }
  const inside = judged.filter((point) => point.observed >= point.expected_lower && point.observed <= point.expected_upper);
  const facts = [["Inside the 95% prediction interval", inside.length + " of " + judged.length + " t in this window"]];
  const counted = coverage.filter((entry) => entry.windows > 0);
  if (counted.length > 0) {
    facts.push(["Windows inside it since the service started", counted.map((entry) => "t = " + entry.t_ms + " ms: "
      + entry.within + " of " + entry.windows).join("; ") + " (about 95% if the model is right)"]);
  }
  return facts;
}

/**
 * Where the observation's coordinators were, after "coordinator ": a replica, separate, or a replica
 * for the measured shares of writes and reads (coordinator_replica_share) when some were and some not.
 */
function coordinatorPlacement(observation) {
  const share = observation.coordinator_replica_share;
  const partial = (value) => typeof value === "number" && value > 0 && value < 1;
  if (share && (partial(share.writes) || partial(share.reads) || share.writes !== share.reads)) {
    // whole percentages, or as many decimals as it takes not to show a share strictly between 0 and 1 as 0% or 100%
    const percent = (value) => {
      let shown = String(Math.round(100 * value));
      for (let decimals = 1; decimals <= 6 && value > 0 && value < 1 && (Number(shown) === 0 || Number(shown) === 100);
        decimals++) {
        shown = (100 * value).toFixed(decimals);
      }
      return shown + "%";
    };
    return "a replica for " + percent(share.writes) + " of writes and " + percent(share.reads) + " of reads";
  }
  return observation.coordinator_is_replica ? "a replica" : "separate";
}

/**
 * The observation panel: the last window's observed against predicted staleness, how many of its points fell inside
 * their 95% prediction intervals, how often the windows did since the service started (coverage, by t), and why the
 * last window has no observation when it has none.
 */
function showObservation(observation, coverage, problem) {
  byId("observationProblem").hidden = !problem;
  byId("observationProblem").textContent = problem ? "Last window: " + problem : "";
  byId("liveObservation").hidden = !observation;
  byId("noObservation").hidden = Boolean(observation);
  if (!observation) {
    forgetObservationChart();
    return;
  }
  const text = JSON.stringify([observation, coverage]);
  if (text === shownObservation && charts.observationChart) {
    return;
  }
  shownObservation = text;
  const finiteText = (value) => (typeof value === "number" && Number.isFinite(value) ? value.toFixed(2) : "?");
  const reads = observation.points.map((point) => point.reads);
  byId("observationNote").textContent = "N=" + observation.n + ", R=" + observation.r + ", W=" + observation.w + ": "
    + count(observation.writes) + " writes acknowledged (" + count(observation.failed_writes) + " failed), each read "
    + "back at every t (" + count(Math.min(...reads)) + (Math.max(...reads) > Math.min(...reads) ? " to "
    + count(Math.max(...reads)) : "") + " reads per t, "
    + count(observation.failed_reads) + " failed). Predicted from the same window's measured profile, read fan-out "
    + observation.read_fanout + ", coordinator " + coordinatorPlacement(observation)
    + ". t counts from the moment the client has the write's acknowledgement: the prediction adds the measured "
    + "client round trip (mean " + finiteText(observation.mean_client_gap_ms) + " ms) and each t's send lag to the "
    + "engine's t after commit. Error bars: the observed shares' 95% intervals; line: the prediction"
    + (observation.points.some((point) => typeof point.expected_lower === "number")
      ? "; dashed: the 95% prediction interval of the observed share, which holds the profile's own sampling and the "
        + "observation's, so that a point outside it is a miss of the model, not noise."
      : ".");
  const rmse = observation.rmse_t_visibility;
  const noise = observation.noise_floor_t_visibility;
  fillFacts(byId("observationFit"), [
    ["RMSE, observed against predicted", rmse.toFixed(4) + " (" + (100 * rmse).toFixed(2) + " percentage points)"],
    ["Noise floor", noise.toFixed(4) + ": the RMSE sampling noise alone would give if the prediction were exact"],
    ["RMSE / noise floor", noise > 0 ? (rmse / noise).toFixed(2) : "undefined (no sampling noise)"],
  ].concat(intervalFacts(observation.points, coverage)));
  drawObservation(observation, "observationChart");
}
