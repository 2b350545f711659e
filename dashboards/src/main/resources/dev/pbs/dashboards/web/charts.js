// The dashboard's charts: t-visibility with confidence bands, a live probe's observed against predicted staleness
// and its windows over time, latency CDFs (uPlot), the trade-off (a canvas) and, for datacenters, the heat map of
// windows (a table).
"use strict";

const COLORS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b", "#e377c2", "#7f7f7f"];
const charts = {};

/** A configuration of (R, W), or of consistency levels from a write datacenter to a read datacenter. */
function configLabel(config) {
  return config.write_dc === undefined ? "R=" + config.r + " W=" + config.w
    : "write " + config.write_dc + " → read " + config.read_dc;
}

function configKey(config) {
  return config.write_dc === undefined ? config.r + "," + config.w : pairKey(config.write_dc, config.read_dc);
}

function pairKey(writeDc, readDc) {
  return writeDc + ">" + readDc;
}

function windowAt(config, p) {
  const entry = config.windows_ms.find((candidate) => candidate.p === p);
  return entry ? entry.t_ms : null;
}

function format(value, digits) {
  return value === null || value === undefined ? "beyond" : Number(value).toPrecision(digits);
}

function latencyAt(config, field, percentile) {
  const entry = config[field].find((latency) => latency.percentile === percentile);
  return entry ? entry.value : null;
}

function faded(color, alpha) {
  const value = parseInt(color.slice(1), 16);
  return "rgba(" + (value >> 16) + "," + ((value >> 8) & 255) + "," + (value & 255) + "," + alpha + ")";
}

function chartWidth(id) {
  return Math.max(200, document.getElementById(id).clientWidth || 800);
}

function replaceChart(id, options, data) {
  if (charts[id]) {
    charts[id].destroy();
  }
  charts[id] = new uPlot(options, data, document.getElementById(id));
}

/** Small numbers as 1e-4 rather than 0.0001 on a log axis. */
function logTicks(self, splits) {
  return splits.map((value) => value === null ? "" : value >= 0.01 ? String(value) : value.toExponential(0));
}

/**
 * P(consistent) against t for the chosen configurations, each with its 95% interval as a filled band, a line at
 * 99.9% and a vertical mark at each 99.9% window. With stale, P(stale) = 1 - P(consistent) on a log axis; an
 * estimate of 0 ends its curve and an interval reaching 0 fills to the bottom of the chart.
 */
function drawVisibility(prediction, chosen, log, stale) {
  const configs = prediction.configs.filter((config) => chosen.includes(configKey(config)));
  const times = prediction.configs[0].t_visibility.map((point) => point.t_ms);
  // A log axis cannot show t = 0: it starts at the first positive time.
  const first = log ? times.findIndex((t) => t > 0) : 0;
  const floor = Math.pow(10, Math.floor(Math.log10(0.5 / prediction.trials)));
  // p is null where no trial counted (with faulty replicas, a configuration never available): no point there.
  const shown = (p) => p === null ? null : stale ? (1 - p > 0 ? 1 - p : null) : p;
  const edge = (p) => p === null ? null : stale ? Math.max(1 - p, floor) : p;
  const data = [times.slice(first)];
  const series = [{label: "t (ms)"}];
  const bands = [];
  const marks = [];
  configs.forEach((config, index) => {
    const color = COLORS[index % COLORS.length];
    const points = config.t_visibility.slice(first);
    const label = configLabel(config);
    // The upper edge first: uPlot fills a band from its first series down to its second.
    const [upper, lower] = stale ? [0, 1] : [1, 0];
    data.push(points.map((point) => edge(point.ci95[upper])), points.map((point) => edge(point.ci95[lower])));
    series.push({label: label + " 95% upper", stroke: faded(color, 0.5), width: 1, class: "band-edge",
      points: {show: false}}, {label: label + " 95% lower", stroke: faded(color, 0.5), width: 1, class: "band-edge",
      points: {show: false}});
    bands.push({series: [data.length - 2, data.length - 1], fill: faded(color, 0.2)});
    data.push(points.map((point) => shown(point.p_consistent)));
    series.push({label: label, stroke: color, width: 2});
    const windowMillis = windowAt(config, 0.999);
    if (windowMillis !== null && windowMillis > 0) {
      marks.push({t: windowMillis, color: color});
    }
  });
  data.push(data[0].map(() => stale ? 0.001 : 0.999));
  series.push({label: "99.9%", stroke: "#888", dash: [6, 6], width: 1, points: {show: false}});
  replaceChart("visibility", {
    width: chartWidth("visibility"), height: 360, series: series, bands: bands,
    scales: {x: {time: false, distr: log ? 3 : 1}, y: stale ? {distr: 3, range: [floor, 1]} : {range: [0, 1.02]}},
    axes: [{label: "t after commit (ms)"}, stale ? {label: "P(stale)", values: logTicks, size: 60}
      : {label: "P(consistent)"}],
    hooks: {draw: [(self) => drawMarks(self, marks)]},
  }, data);
}

/** A dashed vertical line at each window, inside the plotting area. */
function drawMarks(self, marks) {
  const context = self.ctx;
  const box = self.bbox;
  context.save();
  context.lineWidth = devicePixelRatio;
  context.setLineDash([4 * devicePixelRatio, 4 * devicePixelRatio]);
  marks.forEach((mark) => {
    const x = self.valToPos(mark.t, "x", true);
    if (x >= box.left && x <= box.left + box.width) {
      context.strokeStyle = mark.color;
      context.beginPath();
      context.moveTo(x, box.top);
      context.lineTo(x, box.top + box.height);
      context.stroke();
    }
  });
  context.restore();
}

/** A number from the service's JSON, or null for a missing one or NaN (which Jackson writes as "NaN"). */
function finite(value) {
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}

/**
 * A live probe's observation: observed P(consistent at t) as points with their 95% Wilson intervals as error bars,
 * against the predicted curve (the model at t plus the reads' send lag and the measured client round trip) and, when
 * the points carry it, the 95% prediction interval of the observed share as two dashed lines. The time
 * axis is asinh (linear below 1 ms, logarithmic above), so that t = 0, where reads are stalest, is on it. The y axis
 * starts just below the lowest value shown.
 */
function drawObservation(observation, id) {
  const points = observation.points;
  const field = (name) => points.map((point) => finite(point[name]));
  const [observedLower, observedUpper] = [field("observed_lower"), field("observed_upper")];
  const data = [points.map((point) => point.t_ms), field("predicted"), field("observed")];
  const [predicted, observed] = [COLORS[0], COLORS[1]];
  const series = [{label: "t (ms)"},
    {label: "predicted", stroke: predicted, width: 2, points: {show: false}},
    {label: "observed", stroke: observed, fill: observed, width: 0, paths: () => null,
      points: {show: true, size: 8, space: 0, width: 1, stroke: observed, fill: observed}}];
  if (points.some((point) => typeof point.expected_lower === "number")) {
    data.push(field("expected_lower"), field("expected_upper"));
    for (const end of ["low", "high"]) {
      series.push({label: "95% prediction interval, " + end, stroke: predicted, width: 1, dash: [6, 4],
        points: {show: false}});
    }
  }
  const lowest = Math.min(...data.slice(1).concat([observedLower]).flat().filter((value) => value !== null));
  const bottom = Number.isFinite(lowest) ? Math.max(0, Math.floor(lowest * 20) / 20 - 0.05) : 0;
  replaceChart(id, {
    width: chartWidth(id), height: 320,
    series,
    // Room either side, so that the error bars at t = 0 and at the last t are whole; no label left of 0.
    scales: {x: {time: false, distr: 4, asinh: 1, range: () => [-1, Math.max(1, ...data[0]) * 1.2]},
      y: {range: [bottom, 1.005]}},
    axes: [{label: "t after the write's acknowledgement (ms)",
      values: (self, splits) => splits.map((split) => split === null || split < 0 ? "" : String(split))},
    {label: "P(consistent)", size: 60}],
    hooks: {draw: [(self) => drawErrorBars(self, data[0], observedLower, observedUpper, observed)]},
  }, data);
}

/**
 * A live probe's windows over its history: one line with points per configuration ({label, values}), x the time
 * each kept profile was published (Unix seconds, local time on the axis), y its window in ms from 0. A null value
 * (no window: beyond the simulated range, or not predicted) leaves a gap; a point alone between gaps still shows.
 * windowAxis names the y axis, with the clock the windows count from.
 */
function drawWindowHistory(id, times, lines, windowAxis) {
  const highest = Math.max(1, ...lines.flatMap((line) => line.values).filter((value) => value !== null));
  const first = Math.min(...times);
  const last = Math.max(...times);
  replaceChart(id, {
    width: chartWidth(id), height: 280,
    series: [{label: "published"}].concat(lines.map((line, index) => ({label: line.label,
      stroke: COLORS[index % COLORS.length], width: 2, spanGaps: false,
      points: {show: true, size: 6, fill: COLORS[index % COLORS.length]}}))),
    // The axis spans the entries: one entry alone gets ten minutes either side. The range comes from the times
    // themselves, because uPlot widens a single time by 86,400,000 before asking (a day in milliseconds, read as
    // seconds: almost three years).
    scales: {x: {time: true, range: () => (first === last ? [first - 600, last + 600] : [first, last])},
      y: {range: [0, highest * 1.1]}},
    axes: [{label: "published", space: 80}, {label: windowAxis, size: 60}],
    fmtDate: britishDate,
  }, [times].concat(lines.map((line) => line.values)));
}

/** uPlot's date stamps as the page's clocks write times: 24 hours (14:30, not 2:30pm), the day before the month. */
function britishDate(template) {
  return uPlot.fmtDate(template.replace("{h}{aa}", "{HH}:{mm}").replace(/\{h\}/g, "{HH}").replace(/\{aa\}/g, "")
    .replace("{M}/{D}/{YY}", "{D} {MMM} {YYYY}").replace("{M}/{D}", "{D} {MMM}"));
}

/** A vertical bar with caps from lower to upper at each x. */
function drawErrorBars(self, xs, lower, upper, color) {
  const context = self.ctx;
  const cap = 4 * devicePixelRatio;
  context.save();
  context.strokeStyle = color;
  context.lineWidth = 1.5 * devicePixelRatio;
  xs.forEach((t, index) => {
    if (lower[index] === null || upper[index] === null) {
      return;
    }
    const x = self.valToPos(t, "x", true);
    const top = self.valToPos(upper[index], "y", true);
    const bottom = self.valToPos(lower[index], "y", true);
    context.beginPath();
    context.moveTo(x, top);
    context.lineTo(x, bottom);
    context.moveTo(x - cap, top);
    context.lineTo(x + cap, top);
    context.moveTo(x - cap, bottom);
    context.lineTo(x + cap, bottom);
    context.stroke();
  });
  context.restore();
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

/** Window against p99.9 read + write latency, one point per (R, W), the Pareto frontier filled. */
function drawTradeoff(prediction) {
  const canvas = document.getElementById("tradeoff");
  const width = Math.max(200, canvas.parentElement.clientWidth || 900);
  const height = width < 600 ? 280 : 360;
  canvas.width = Math.round(width * devicePixelRatio);
  canvas.height = Math.round(height * devicePixelRatio);
  canvas.style.width = width + "px";
  canvas.style.height = height + "px";
  const context = canvas.getContext("2d");
  context.setTransform(devicePixelRatio, 0, 0, devicePixelRatio, 0, 0);
  context.clearRect(0, 0, width, height);
  // A latency is null beyond the recorded range, or where no operation counted (a configuration never available).
  const sum = (read, write) => read === null || write === null ? NaN : read + write;
  const points = prediction.configs.map((config) => ({config: config, x: windowAt(config, 0.999),
    y: sum(latencyAt(config, "read_latency_ms", 99.9), latencyAt(config, "write_latency_ms", 99.9))}))
    .filter((point) => point.x !== null && Number.isFinite(point.y));
  if (points.length === 0) {
    return;
  }
  const frontier = points.filter((point) => !points.some((other) => other !== point && other.x <= point.x
    && other.y <= point.y && (other.x < point.x || other.y < point.y)));
  const margin = 40;
  const maxX = Math.max(...points.map((point) => point.x), 1);
  const maxY = Math.max(...points.map((point) => point.y), 1);
  const sx = (x) => margin + (x / maxX) * (width - 2 * margin);
  const sy = (y) => height - margin - (y / maxY) * (height - 2 * margin);
  context.strokeStyle = "#888";
  context.beginPath();
  context.moveTo(margin, margin / 2);
  context.lineTo(margin, height - margin);
  context.lineTo(width - margin / 2, height - margin);
  context.stroke();
  context.fillStyle = "#1d2330";
  context.font = "12px sans-serif";
  const titles = [{text: "window 99.9% (ms), 0 to " + maxX.toPrecision(3), x: width / 2, y: height - 12},
    {text: "p99.9 read + write (ms), 0 to " + maxY.toPrecision(3), x: 5, y: 14}];
  titles[0].x -= context.measureText(titles[0].text).width / 2;
  titles.forEach((title) => context.fillText(title.text, title.x, title.y));
  // Titles and points first, so that no label covers one; then each label where it overlaps nothing placed before.
  const taken = titles.map((title) => ({left: title.x, right: title.x + context.measureText(title.text).width,
    top: title.y - 12, bottom: title.y + 3})).concat(points.map((point) => ({left: sx(point.x) - 7,
    right: sx(point.x) + 7, top: sy(point.y) - 7, bottom: sy(point.y) + 7})));
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
  });
  context.fillStyle = "#1d2330";
  context.textAlign = "left";
  points.forEach((point) => {
    const text = configLabel(point.config);
    const box = labelPlace(taken, sx(point.x), sy(point.y), context.measureText(text).width, width, height);
    taken.push(box);
    context.fillText(text, box.left, box.bottom - 3);
  });
}

/** A free spot for a label next to its point at (x, y): right or left, then further up or down. */
function labelPlace(taken, x, y, textWidth, width, height) {
  const boxAt = (left, top) => ({left: left, right: left + textWidth, top: top, bottom: top + 14});
  const free = (box) => box.left >= 0 && box.right <= width && box.top >= 0 && box.bottom <= height
    && !taken.some((other) => box.left < other.right && box.right > other.left && box.top < other.bottom
      && box.bottom > other.top);
  for (const shift of [0, 14, 28, 42, 56]) {
    for (const top of [y - 20 - shift, y + 6 + shift]) {
      for (const left of [x + 9, x - 9 - textWidth]) {
        const box = boxAt(left, top);
        if (free(box)) {
          return box;
        }
      }
    }
  }
  return boxAt(x + 9 + textWidth > width ? x - 9 - textWidth : x + 9, y - 20);
}

/** A window as text: whole ms from 100 ms, three figures below; "beyond range" past what the simulation recorded. */
function millis(value) {
  if (value === null || value === undefined) {
    return "beyond range";
  }
  return (value >= 100 ? Math.round(value) : Number(value.toPrecision(3))) + " ms";
}

/**
 * The heat map of a prediction across datacenters: a table, one row per write datacenter and one column per read
 * datacenter, each cell the window at p in ms as text on a shade from light (short) to dark (longest of the map);
 * strict pairs say so on green. Each cell is a button: choose(writeDc, readDc) draws that pair's curve.
 */
function drawHeatMap(prediction, p, choose) {
  const table = document.getElementById("heatMap");
  const names = prediction.datacenters;
  const byPair = new Map(prediction.configs.map((config) => [configKey(config), config]));
  const longest = Math.max(1, ...prediction.configs.map((config) => windowAt(config, p)).filter((t) => t !== null));
  const level = prediction.configs[0];
  table.caption.textContent = "Window (ms) at P(consistent) ≥ " + p + ": writes at " + level.write_level
    + ", reads at " + level.read_level + "; rows: the write's datacenter, columns: the read's.";
  table.tHead.innerHTML = "";
  const head = table.tHead.insertRow();
  head.appendChild(headerCell("write ↓ read →", "col"));
  names.forEach((name) => head.appendChild(headerCell(name, "col")));
  const body = table.tBodies[0];
  body.innerHTML = "";
  names.forEach((writeDc) => {
    const row = body.insertRow();
    row.appendChild(headerCell(writeDc, "row"));
    names.forEach((readDc) => {
      const config = byPair.get(pairKey(writeDc, readDc));
      const cell = row.insertCell();
      if (!config) {
        cell.textContent = "not asked";
        return;
      }
      const t = windowAt(config, p);
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.pair = pairKey(writeDc, readDc);
      button.textContent = millis(t);
      const when = t === null ? "the window lies beyond the range the simulation recorded"
        : "consistent with probability " + p + " from " + millis(t) + " after commit";
      button.title = "write in " + writeDc + ", read in " + readDc + ": " + when
        + (config.strict ? " (a strict quorum: every read overlaps the write)" : "") + ". Click to draw its curve.";
      if (config.strict) {
        const tag = document.createElement("span");
        tag.className = "tag";
        tag.textContent = "strict";
        button.append(" ", tag);
        cell.className = "strict";
      } else {
        const share = t === null ? 1 : Math.sqrt(t / longest);
        cell.style.background = shade(share);
        cell.classList.toggle("dark", share > 0.5);
      }
      button.addEventListener("click", () => choose(writeDc, readDc));
      cell.appendChild(button);
    });
  });
}

/** Marks the heat map's cell of the pair ("write>read") the chart draws as pressed. */
function markPair(pair) {
  document.querySelectorAll("#heatMap button").forEach((button) => {
    button.setAttribute("aria-pressed", String(button.dataset.pair === pair));
  });
}

function headerCell(text, scope) {
  const cell = document.createElement("th");
  cell.scope = scope;
  cell.textContent = text;
  return cell;
}

/** From light blue (0) to dark blue (1). */
function shade(share) {
  const [light, dark] = [[238, 244, 251], [24, 64, 120]];
  return "rgb(" + light.map((value, index) => Math.round(value + (dark[index] - value) * share)).join(",") + ")";
}

/** Fits every chart to its container's width again: after a resize, without asking the service again. */
function resizeCharts(prediction) {
  for (const [id, chart] of Object.entries(charts)) {
    const width = chartWidth(id);
    if (chart.width !== width) {
      chart.setSize({width: width, height: chart.height});
    }
  }
  if (prediction) {
    drawTradeoff(prediction);
  }
}
