// The pbs dashboard: asks the service for a prediction and draws it. No build step, no CDN.
"use strict";

const TIMES = [0, 0.5, 1, 2, 3, 5, 7, 10, 15, 20, 30, 50, 70, 100, 150, 200, 300, 500, 700, 1000];
const PERCENTILES = [1, 5, 10, 20, 30, 40, 50, 60, 70, 80, 90, 95, 99, 99.9];
const TABLE_TIMES = [0, 10, 100];
const COLORS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b", "#e377c2", "#7f7f7f"];

const byId = (id) => document.getElementById(id);
const charts = {};

function setStatus(text, isError) {
  const status = byId("status");
  status.textContent = text;
  status.className = isError ? "error" : "";
}

async function request(path, body) {
  const response = await fetch("/api/v1" + path, body === undefined ? {} : {
    method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)});
  const text = await response.text();
  let json = null;
  try { json = JSON.parse(text); } catch (notJson) { /* reported below */ }
  if (!response.ok) {
    throw new Error((json && json.message) ? json.message : "HTTP " + response.status + " from " + path);
  }
  return json;
}

function stateFromUrl() {
  const query = new URLSearchParams(location.search);
  return {profile: query.get("profile") || "lnkd-disk", n: Number(query.get("n") || 3),
    quorum: query.get("quorum") || "all", trials: query.get("trials") || "1000000", log: query.get("log") !== "0"};
}

function stateFromForm() {
  return {profile: byId("profile").value, n: Number(byId("n").value), quorum: byId("quorum").value,
    trials: byId("trials").value, log: byId("logTime").checked};
}

function showState(state) {
  byId("profile").value = state.profile;
  byId("n").value = state.n;
  fillQuorums(state.n, state.quorum);
  byId("trials").value = state.trials;
  byId("logTime").checked = state.log;
}

function fillQuorums(n, selected) {
  const select = byId("quorum");
  select.innerHTML = '<option value="all">every (R, W)</option>';
  for (let r = 1; r <= n; r++) {
    for (let w = 1; w <= n; w++) {
      const option = document.createElement("option");
      option.value = r + "," + w;
      option.textContent = "R=" + r + ", W=" + w + (r + w > n ? " (strict)" : "");
      select.appendChild(option);
    }
  }
  select.value = [...select.options].some((option) => option.value === selected) ? selected : "all";
}

function label(config) {
  return "R=" + config.r + " W=" + config.w;
}

function format(value, digits) {
  return value === null || value === undefined ? "beyond" : Number(value).toPrecision(digits);
}

function drawVisibility(prediction, log) {
  const configs = prediction.configs;
  const times = configs[0].t_visibility.map((point) => point.t_ms);
  // A log axis cannot show t = 0: it starts at the first positive time.
  const first = log ? times.findIndex((t) => t > 0) : 0;
  const data = [times.slice(first)];
  const series = [{label: "t (ms)"}];
  configs.forEach((config, index) => {
    const color = COLORS[index % COLORS.length];
    data.push(config.t_visibility.slice(first).map((point) => point.p_consistent));
    series.push({label: label(config), stroke: color, width: 2});
    if (configs.length <= 3) {
      data.push(config.t_visibility.slice(first).map((point) => point.ci95[0]));
      series.push({label: label(config) + " 95% low", stroke: color, width: 1, dash: [2, 3]});
    }
  });
  data.push(data[0].map(() => 0.999));
  series.push({label: "99.9%", stroke: "#888", dash: [6, 6], width: 1});
  replaceChart("visibility", {
    width: chartWidth("visibility"), height: 360, series: series,
    scales: {x: {time: false, distr: log ? 3 : 1}, y: {range: [0, 1.02]}},
    axes: [{label: "t after commit (ms)"}, {label: "P(consistent)"}],
  }, data);
}

function drawLatency(prediction, field, id) {
  // One curve per distinct R (read) or W (write): the CDF through the requested percentiles.
  const seen = new Map();
  prediction.configs.forEach((config) => {
    const key = field === "read_latency_ms" ? "R=" + config.r : "W=" + config.w;
    if (!seen.has(key)) {
      seen.set(key, config[field].filter((entry) => entry.value !== null));
    }
  });
  const xs = [...new Set([...seen.values()].flat().map((entry) => entry.value))].sort((a, b) => a - b);
  const data = [xs];
  const series = [{label: "ms"}];
  [...seen.entries()].forEach(([key, entries], index) => {
    const at = new Map(entries.map((entry) => [entry.value, entry.percentile / 100]));
    data.push(xs.map((x) => at.has(x) ? at.get(x) : null));
    series.push({label: key, stroke: COLORS[index % COLORS.length], width: 2, spanGaps: true});
  });
  replaceChart(id, {
    width: chartWidth(id), height: 240, series: series,
    scales: {x: {time: false, distr: 3}, y: {range: [0, 1]}}, axes: [{label: "latency (ms)"}, {label: "CDF"}],
  }, data);
}

function chartWidth(id) {
  return Math.max(280, byId(id).clientWidth || 800);
}

function replaceChart(id, options, data) {
  if (charts[id]) {
    charts[id].destroy();
  }
  charts[id] = new uPlot(options, data, byId(id));
}

function windowAt(config, p) {
  const entry = config.windows_ms.find((window) => window.p === p);
  return entry ? entry.t_ms : null;
}

function latencyAt(config, field, percentile) {
  const entry = config[field].find((latency) => latency.percentile === percentile);
  return entry ? entry.value : null;
}

function fillTable(prediction) {
  const head = ["R, W"].concat(TABLE_TIMES.map((t) => "P(cons.) t=" + t + "ms"),
    ["window 99%", "window 99.9%", "read p99.9", "write p99.9"]);
  byId("table").tHead.innerHTML = "<tr>" + head.map((cell) => "<th>" + cell + "</th>").join("") + "</tr>";
  const body = byId("table").tBodies[0];
  body.innerHTML = "";
  prediction.configs.forEach((config) => {
    const row = body.insertRow();
    row.className = config.strict ? "strict" : "";
    const cells = [label(config)].concat(TABLE_TIMES.map((t) => {
      const point = config.t_visibility.find((entry) => entry.t_ms === t);
      return point ? point.p_consistent.toFixed(4) : "";
    }), [format(windowAt(config, 0.99), 3) + " ms", format(windowAt(config, 0.999), 3) + " ms",
      format(latencyAt(config, "read_latency_ms", 99.9), 3) + " ms",
      format(latencyAt(config, "write_latency_ms", 99.9), 3) + " ms"]);
    cells.forEach((text) => { row.insertCell().textContent = text; });
  });
}

function drawTradeoff(prediction) {
  const canvas = byId("tradeoff");
  const context = canvas.getContext("2d");
  context.clearRect(0, 0, canvas.width, canvas.height);
  const points = prediction.configs.map((config) => ({config: config, x: windowAt(config, 0.999),
    y: latencyAt(config, "read_latency_ms", 99.9) + latencyAt(config, "write_latency_ms", 99.9)}))
    .filter((point) => point.x !== null);
  if (points.length === 0) {
    return;
  }
  const frontier = points.filter((point) => !points.some((other) => other !== point && other.x <= point.x
    && other.y <= point.y && (other.x < point.x || other.y < point.y)));
  const margin = 50;
  const maxX = Math.max(...points.map((point) => point.x), 1);
  const maxY = Math.max(...points.map((point) => point.y), 1);
  const sx = (x) => margin + (x / maxX) * (canvas.width - 2 * margin);
  const sy = (y) => canvas.height - margin - (y / maxY) * (canvas.height - 2 * margin);
  context.strokeStyle = "#888";
  context.beginPath();
  context.moveTo(margin, margin / 2);
  context.lineTo(margin, canvas.height - margin);
  context.lineTo(canvas.width - margin / 2, canvas.height - margin);
  context.stroke();
  context.fillStyle = "#1d2330";
  context.font = "12px sans-serif";
  context.fillText("window 99.9% (ms), 0 to " + maxX.toPrecision(3), canvas.width / 2 - 80, canvas.height - 15);
  context.fillText("p99.9 read + write (ms), to " + maxY.toPrecision(3), 5, 15);
  points.forEach((point) => {
    const onFrontier = frontier.includes(point);
    context.beginPath();
    context.arc(sx(point.x), sy(point.y), 6, 0, 2 * Math.PI);
    context.fillStyle = onFrontier ? "#d62728" : "#fff";
    context.strokeStyle = "#d62728";
    if (onFrontier) {
      context.fill();
    }
    context.stroke();
    context.fillStyle = "#1d2330";
    context.fillText(label(point.config), sx(point.x) + 8, sy(point.y) - 8);
  });
}

async function predict(state) {
  const query = new URLSearchParams({profile: state.profile, n: state.n, quorum: state.quorum,
    trials: state.trials, log: state.log ? "1" : "0"});
  history.replaceState(null, "", "?" + query.toString());
  const body = {profile: state.profile, n: state.n, t_ms: TIMES, percentiles: PERCENTILES, windows: [0.99, 0.999],
    trials: Number(state.trials), seed: 42};
  if (state.quorum !== "all") {
    const [r, w] = state.quorum.split(",").map(Number);
    body.r = r;
    body.w = w;
  }
  setStatus("Simulating " + Number(state.trials).toLocaleString() + " trials for " + state.profile + ", N=" + state.n
    + "…", false);
  try {
    const prediction = await request("/predictions", body);
    drawVisibility(prediction, state.log);
    fillTable(prediction);
    drawLatency(prediction, "read_latency_ms", "readLatency");
    drawLatency(prediction, "write_latency_ms", "writeLatency");
    drawTradeoff(prediction);
    setStatus(prediction.profile.name + ", N=" + prediction.n + ", " + prediction.trials.toLocaleString()
      + " trials, seed " + prediction.seed + ".", false);
  } catch (problem) {
    setStatus("The prediction failed: " + problem.message, true);
  }
}

async function start() {
  try {
    const profiles = await request("/profiles");
    const select = byId("profile");
    profiles.forEach((profile) => {
      const option = document.createElement("option");
      option.value = profile.name;
      option.textContent = profile.name + (profile.origin === "built-in" ? "" : " (" + profile.origin + ")");
      option.title = profile.description;
      select.appendChild(option);
    });
  } catch (problem) {
    setStatus("Could not load the profiles: " + problem.message, true);
    return;
  }
  const state = stateFromUrl();
  showState(state);
  byId("n").addEventListener("change", () => fillQuorums(Number(byId("n").value), "all"));
  byId("controls").addEventListener("submit", (event) => {
    event.preventDefault();
    predict(stateFromForm());
  });
  predict(stateFromForm());
}

start();
