// The dashboard's faulty replicas: the "Faulty replicas" part of the prediction form as the fault fields of
// POST /api/v1/predictions (pause_every_ms, pause_for_ms, pause_timing, outage_every_ms, outage_for_ms,
// hint_window_ms, hint_replay_ms, faulty_replicas, recovery_outage_ms), kept in the URL under those names; the fault
// effects of each configuration for the table; and the recovery curve after one outage.
"use strict";

/** The form's fault inputs, by the JSON field each fills; all but faulty_replicas and pause_timing are ms. */
const FAULT_INPUTS = {pause_every_ms: "faultPauseEvery", pause_for_ms: "faultPauseFor",
  pause_timing: "faultPauseTiming", outage_every_ms: "faultOutageEvery", outage_for_ms: "faultOutageFor",
  hint_window_ms: "faultHintWindow", hint_replay_ms: "faultHintReplay", faulty_replicas: "faultReplicas",
  recovery_outage_ms: "faultRecoveryOutage"};

/** The fault effects of a configuration, as the table's columns show them. */
const FAULT_COLUMNS = [["p_write_unavailable", "writes unavailable"], ["p_read_unavailable", "reads unavailable"],
  ["p_read_waited_for_pause", "reads that waited for a pause"]];

/** The inputs' texts by field, trimmed; empty ones left out. Regular pauses are the default: not kept. */
function faultsFromForm() {
  const texts = {};
  Object.entries(FAULT_INPUTS).forEach(([field, id]) => {
    const text = document.getElementById(id).value.trim();
    if (text !== "" && !(field === "pause_timing" && text === "regular")) {
      texts[field] = text;
    }
  });
  return texts;
}

function faultsFromQuery(query) {
  const texts = {};
  Object.keys(FAULT_INPUTS).filter((field) => query.has(field)).forEach((field) => {
    texts[field] = query.get(field);
  });
  return texts;
}

/** Fills the inputs, and unfolds them when any is given. */
function showFaults(texts) {
  Object.entries(FAULT_INPUTS).forEach(([field, id]) => {
    document.getElementById(id).value = texts[field] || "";
  });
  const timing = document.getElementById("faultPauseTiming");
  if (!timing.value) {
    timing.value = "regular"; // none given, or one the select does not offer
  }
  if (Object.keys(texts).length > 0) {
    document.getElementById("faultsField").open = true;
  }
}

function keepFaultsInUrl(query, texts) {
  Object.entries(texts).forEach(([field, text]) => query.set(field, text));
}

/**
 * The fault fields of the question: numbers as numbers, and a text that is not one as typed, for the service to name
 * the problem (as it does for every other field); faulty_replicas is a list, "3" or "1, 3".
 */
function faultFields(texts) {
  const number = (text) => Number.isFinite(Number(text)) ? Number(text) : text;
  const fields = {};
  Object.entries(texts).forEach(([field, text]) => {
    if (field === "faulty_replicas") {
      fields[field] = text.split(/[\s,]+/).filter((part) => part !== "").map(number);
    } else {
      fields[field] = field === "pause_timing" ? text : number(text);
    }
  });
  return fields;
}

/** A fault proportion as text: a percentage, or "n/a" when no trial counted. */
function faultShare(proportion) {
  return proportion.p === null ? "n/a" : percent(proportion.p);
}

/** The table's heads for the fault effects, when the prediction has faulty replicas. */
function faultHeads(prediction) {
  return prediction.faults ? FAULT_COLUMNS.map(([, head]) => head) : [];
}

/** A configuration's fault effects, in the order of faultHeads. */
function faultCells(prediction, config) {
  return prediction.faults ? FAULT_COLUMNS.map(([field]) => faultShare(config.fault_effects[field])) : [];
}

/** The note on the faults simulated, and the recovery curve when the prediction has one. */
function showFaultEffects(prediction) {
  const note = document.getElementById("faultsNote");
  note.hidden = !prediction.faults;
  document.getElementById("faultsText").textContent = prediction.faults || "";
  const recovery = prediction.recovery;
  document.getElementById("recoverySection").hidden = !recovery;
  if (!recovery) {
    return;
  }
  const table = document.getElementById("recovery");
  document.getElementById("recoveryText").textContent = "After an outage of " + recovery.outage_ms.toLocaleString("en") + " ms: "
    + percent(recovery.hinted_fraction) + " of its writes were hinted.";
  table.tHead.innerHTML = "<tr><th>since the return (ms)</th><th>P(consistent)</th></tr>";
  const body = table.tBodies[0];
  body.innerHTML = "";
  recovery.points.forEach((point) => {
    const row = body.insertRow();
    row.insertCell().textContent = point.since_return_ms.toLocaleString("en");
    row.insertCell().textContent = point.p_consistent.toFixed(4);
  });
}
