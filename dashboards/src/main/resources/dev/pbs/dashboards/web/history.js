// The live probe's history, below its status: the 99.9% window of each configuration the probe declares (slas: in
// its configuration) as predicted from each live profile its history kept (GET /api/v1/probes/{name}/history),
// against the time that profile was published; above the chart, whether each configuration's SLA is met now and
// which messages' delays moved against the week before. live.js asks for it with each status, every 10 s.
"use strict";

/** The window the chart draws: P(consistent) at least this. */
const HISTORY_P = 0.999;
let historyAsked = 0;
/** The last history received for the probe on show, and the chart's data as JSON text: redrawn only on change. */
let shownHistory = null;
let shownHistoryData = null;

/** A declared configuration as the probe's YAML names it: ONE/ONE, or LOCAL_QUORUM/LOCAL_ONE dc2 for a datacenter. */
function configurationLabel(configuration) {
  return configuration.write_level + "/" + configuration.read_level
    + (configuration.datacenter ? " " + configuration.datacenter : "");
}

/** Another probe, or none, on show: nothing of the last one's history stays, and its answer still on the way is dropped. */
function forgetHistory() {
  historyAsked++;
  shownHistory = null;
  shownHistoryData = null;
  if (charts.historyChart) {
    charts.historyChart.destroy();
    delete charts.historyChart;
  }
  ["slaNow", "driftNow", "historyEmpty", "historyDrawn"].forEach((id) => { byId(id).hidden = true; });
  byId("liveHistory").classList.remove("outdated");
  setStatus(byId("historyStatus"), "", false);
}

/** Shows what the probe's status says at once, then asks for its history and draws it; never throws. */
async function refreshHistory(probe) {
  const asked = ++historyAsked;
  showNow(probe, shownHistory);
  if (!shownHistory) {
    setStatus(byId("historyStatus"), "Asking for the probe's history…", false);
  }
  try {
    const history = await request("/probes/" + encodeURIComponent(probe.name) + "/history");
    if (asked !== historyAsked) {
      return;
    }
    shownHistory = history;
    showNow(probe, history);
    showWindows(history, probe);
    setStatus(byId("historyStatus"), "History of " + clock(Date.now()) + ": " + count(history.entries.length)
      + (history.entries.length === 1 ? " entry" : " entries") + " kept (the last " + count(history.capacity)
      + " at most, one every " + count(history.spacing_seconds) + " s at most).", false);
    byId("liveHistory").classList.remove("outdated");
  } catch (problem) {
    if (asked !== historyAsked) {
      return;
    }
    setStatus(byId("historyStatus"), "Could not load the probe's history at " + clock(Date.now()) + ": "
      + problem.message + ". " + (shownHistory ? "Below is the last history received; trying" : "Trying")
      + " again in " + LIVE_REFRESH_MILLIS / 1000 + " s.", true);
    byId("liveHistory").classList.add("outdated");
  }
}

function newestEntry(history) {
  return history && history.entries.length > 0 ? history.entries[history.entries.length - 1] : null;
}

/** The SLA line and the drift line: from the probe's status, else from the newest entry of its history. */
function showNow(probe, history) {
  const newest = newestEntry(history);
  const fromHistory = !probe.prediction && newest && newest.prediction;
  showSlas(probe.prediction || (newest && newest.prediction), fromHistory ? newest : null);
  showDrift(probe.drift || (newest && newest.drift), Boolean(newest) || Boolean(probe.drift));
}

/** What a prediction's t counts from, for a sentence: "t after the client's acknowledgement (...)" or "t after commit". */
const ROUND_TRIP_SOURCE = {
  measured: "measured",
  "quietest-window": "the quietest window's, shorter than this window's",
  configured: "configured",
};

function clockText(prediction) {
  if (prediction.clock !== "acknowledgement") {
    return "t after the write's commit at its coordinator";
  }
  const roundTrip = prediction.client_round_trip_ms;
  return "t after the client's acknowledgement of the write"
    + (typeof roundTrip === "number" ? ", a client round trip of " + millis(roundTrip) + " after commit ("
      + (ROUND_TRIP_SOURCE[prediction.client_round_trip_source] || prediction.client_round_trip_source) + ")" : "");
}

/**
 * Whether each configuration's SLA is met, missed (a requirement missed over its whole 95% interval) or uncertain (an
 * interval straddles its requirement), with what was predicted, and what could not be predicted.
 */
function showSlas(prediction, entry) {
  const line = byId("slaNow");
  line.hidden = !prediction;
  if (!prediction) {
    return;
  }
  line.replaceChildren(entry
    ? "SLAs at the newest kept entry (" + clock(entry.published_at_epoch_seconds * 1000) + "; no prediction since "
      + "the service started; " + clockText(prediction) + "): "
    : "SLAs now (predicted " + clock(prediction.predicted_at_epoch_seconds * 1000) + "; " + clockText(prediction)
      + "): ");
  const parts = prediction.configurations.map((configuration) => {
    const part = document.createElement("span");
    // entries kept before verdicts had three values name met or missed only
    const status = configuration.sla_status || (configuration.sla_met ? "met" : "missed");
    const verdict = (requirement) => requirement.status || (requirement.met ? "met" : "missed");
    const texts = (wanted) => configuration.requirements.filter((requirement) => verdict(requirement) === wanted)
      .map((requirement) => requirement.violation || requirement.requirement);
    part.className = status === "met" ? "met" : status === "uncertain" ? "uncertain" : "unmet";
    const uncertain = texts("uncertain");
    part.textContent = configurationLabel(configuration) + (status === "met"
      ? " met" + (configuration.requirements.length === 0 ? " (no requirements)" : "")
      : status === "uncertain" ? " uncertain: " + uncertain.join(", ")
        : " missed: " + texts("missed").join(", ") + (uncertain.length > 0 ? "; uncertain: " + uncertain.join(", ")
          : ""));
    return part;
  });
  prediction.problems.forEach((problem) => {
    const part = document.createElement("span");
    part.className = "unmet";
    part.textContent = "not predicted: " + problem;
    parts.push(part);
  });
  if (parts.length === 0) {
    parts.push("none predicted");
  }
  parts.forEach((part, index) => line.append(...(index > 0 ? ["; ", part] : [part])));
}

/** Which messages' delays moved in the newest entry against the week before ({message, ..., moved} each). */
function showDrift(drift, hasHistory) {
  const line = byId("driftNow");
  line.hidden = !hasHistory;
  line.classList.remove("moved");
  line.title = "";
  if (!drift) {
    line.textContent = "No drift test yet: the newest entry has no earlier entry from the week before to be "
      + "compared with.";
    return;
  }
  const moved = drift.filter((message) => message.moved);
  if (moved.length === 0) {
    line.textContent = "No message's delays moved against the week before (" + drift.map((message) =>
      message.message).join(", ") + ").";
    return;
  }
  const figure = (value) => String(Number(Number(value).toPrecision(3)));
  line.classList.add("moved");
  line.textContent = moved.map((message) => message.message + " delays moved: median "
    + figure(message.reference_median_ms) + " → " + millis(message.latest_median_ms)).join("; ")
    + " (the newest profile against the week before).";
  line.title = moved.map((message) => message.message + ": p99 " + figure(message.reference_p99_ms) + " → "
    + millis(message.latest_p99_ms) + ", Kolmogorov-Smirnov D = " + figure(message.statistic) + ", p = "
    + Number(message.p_value).toExponential(1)).join("; ");
}

/** The window of configuration at HISTORY_P in ms, or null beyond the simulated range (or not asked). */
function historyWindow(configuration) {
  const window = configuration.windows.find((candidate) => candidate.p === HISTORY_P);
  return window && typeof window.ms === "number" ? window.ms : null;
}

/** The chart of every configuration's window over the kept entries, or one line saying why there is none. */
function showWindows(history, probe) {
  const empty = byId("historyEmpty");
  const entries = history.entries;
  const labels = [];
  entries.forEach((entry) => (entry.prediction ? entry.prediction.configurations : []).forEach((configuration) => {
    const label = configurationLabel(configuration);
    if (!labels.includes(label)) {
      labels.push(label);
    }
  }));
  let why = null;
  if (entries.length === 0) {
    why = "No history yet: the probe keeps an entry each time it publishes a live profile, one every "
      + count(history.spacing_seconds) + " s at most.";
  } else if (labels.length === 0) {
    why = probe.prediction
      ? "None of the " + count(entries.length) + " kept entries has a prediction of the declared SLAs yet: the "
        + "next entry kept will."
      : "The probe declares no SLAs (slas: in its configuration): its " + count(entries.length) + " kept "
        + (entries.length === 1 ? "entry has" : "entries have") + " no windows to draw.";
  }
  empty.hidden = why === null;
  empty.textContent = why || "";
  byId("historyDrawn").hidden = why !== null;
  if (why !== null) {
    shownHistoryData = null;
    if (charts.historyChart) {
      charts.historyChart.destroy();
      delete charts.historyChart;
    }
    return;
  }
  const beyond = new Map(labels.map((label) => [label, []]));
  let unpredicted = 0;
  const lines = labels.map((label) => ({label: label, values: entries.map((entry) => {
    const configuration = (entry.prediction ? entry.prediction.configurations : [])
      .find((candidate) => configurationLabel(candidate) === label);
    const value = configuration ? historyWindow(configuration) : null;
    if (configuration && value === null) {
      beyond.get(label).push(clock(entry.published_at_epoch_seconds * 1000));
    }
    unpredicted += configuration ? 0 : 1;
    return value;
  })}));
  const times = entries.map((entry) => entry.published_at_epoch_seconds);
  const clocks = [...new Set(entries.filter((entry) => entry.prediction).map((entry) => entry.prediction.clock))];
  // The axis is short (its label runs along the chart's height); the note says it in full.
  const windowAxis = clocks.length === 1 ? "99.9% window (ms after " + (clocks[0] === "acknowledgement" ? "ack)"
    : "commit)") : "99.9% window (ms, two clocks)";
  const commitEntries = entries.filter((entry) => entry.prediction && entry.prediction.clock === "commit");
  const gaps = [...beyond.entries()].filter(([, at]) => at.length > 0)
    .map(([label, at]) => label + " at " + at.join(", "));
  byId("historyNote").textContent = "One point per kept entry: " + count(entries.length) + ", published from "
    + clock(times[0] * 1000) + " to " + clock(times[times.length - 1] * 1000) + "."
    + (gaps.length > 0 ? " Gaps where the window lay beyond the simulated range (reads not yet consistent with "
      + "probability " + HISTORY_P + " at the longest time simulated): " + gaps.join("; ") + "." : "")
    + (unpredicted > 0 ? " Gaps where an entry has no prediction of a configuration (declared later, or not "
      + "predicted from that profile)." : "")
    + (clocks.length > 1 ? " The entries of " + commitEntries.map((entry) => clock(entry.published_at_epoch_seconds
      * 1000)).join(", ") + " count t from the write's commit, the others from the client's acknowledgement."
      : clocks.length === 1 ? " Windows count from " + (clocks[0] === "acknowledgement"
        ? "the moment the client has the write's acknowledgement." : "the write's commit at its coordinator.") : "");
  const text = JSON.stringify([times, lines, windowAxis]);
  if (text !== shownHistoryData || !charts.historyChart) {
    shownHistoryData = text;
    drawWindowHistory("historyChart", times, lines, windowAxis);
  }
}
