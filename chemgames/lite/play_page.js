// The play page (chemgames/lite/play.py): one game's board without JupyterLab. Python runs in a web
// worker (play_worker.js); the game's own front end (widgets/, the same ES module anywidget loads
// in JupyterLab) draws it from a small model that keeps the widget's synced state and carries its
// messages: get, set, on, off, send, save_changes, the part of anywidget's model the views use.
const C = JSON.parse(document.getElementById("cg-play-config").textContent);
const params = new URLSearchParams(location.search);
const gameId = params.get("game") in C.games ? params.get("game") : Object.keys(C.games)[0];
const G = C.games[gameId];
const status = document.getElementById("cg-status");
const board = document.getElementById("cg-board");
document.title = `${G.title} \u2013 ${document.title}`;
document.getElementById("cg-title").textContent = G.title;
document.getElementById("cg-notebook").href = G.notebook;
const worker = new Worker(C.worker, { type: "module" });
// "&seed=48213": that game number is dealt (a teacher gives the class one deal); else a fresh one
const seed = /^[0-9]{1,15}$/.test(params.get("seed") || "") ? Number(params.get("seed")) : null;
const fields = { runtime: new URL(C.runtime, location.href).href, bundle: C.bundle, site: C.site, packages: C.packages,
                 elements: C.elements || "" };
worker.postMessage({ kind: "start", ...fields, code: G.code, seed, profile: params.has("profile") });
window.cgMarks = { page: performance.timeOrigin };
// the warm-up's steps as the worker ran them (names; "times": when each began and ended), and for each
// message of the view how many steps were done when it was sent, whether the warm-up was over, when it
// was sent ("at"), when the worker began and ended answering it and when the answer was drawn here
// ("answered"; epoch ms): what a click waited for (the bench and the browser test read it)
window.cgWarm = { steps: [], times: [], done: false, sent: [] };
let handled = 0;

// The game in words (GameWidget.words: the game, whose turn, the points, that it is saved), as a notebook's game
// cell keeps them: Python sends them with the board and whenever they change (playbridge.py), this page keeps the
// last ones in the browser and shows them when it is opened again, while Python starts, or beside the reason the
// game could not start; beside a live board a rule of the page hides them. They name no card and no game number.
const WORDS = `chemgames-play-words|${location.pathname}|${gameId}`;
const words = document.getElementById("cg-words");

function showWords(kept) {
  words.lang = kept.lang || "";
  words.replaceChildren(...(kept.text || "").split("\n").filter((line) => line)
    .map((line) => Object.assign(document.createElement("p"), { textContent: line })));
}

function keepWords(data) {
  const kept = { text: data["text/plain"] || "", lang: (/ lang="([a-z-]+)"/.exec(data["text/html"] || "") || [])[1] };
  showWords(kept);
  try {
    localStorage.setItem(WORDS, JSON.stringify(kept));
  } catch (e) { /* no storage (a private window may refuse it): shown, not kept */ }
}

try {
  showWords(JSON.parse(localStorage.getItem(WORDS) || "{}"));
} catch (e) { /* nothing kept, or no storage */ }

function now() {
  return performance.timeOrigin + performance.now();
}

// Python's memory for the next visit (play_worker.js: a snapshot after the games' imports): when this
// start did not come from one, a second worker makes it once the warm-up is over and the view has
// been quiet for SNAPSHOT_QUIET ms after an answer (the student reads, the bots wait for her), or
// SNAPSHOT_IDLE ms after the warm-up with no message at all: never on the way to the board, and not
// beside the first move's clicks (its Python start would compete with their drawing)
window.cgSnapshot = { restored: null, made: null };
const SNAPSHOT_QUIET = 3000;
const SNAPSHOT_IDLE = 15000;
let snapshotWanted = false;
let snapshotTimer = null;

function snapshotLater(ms) {
  clearTimeout(snapshotTimer);
  snapshotTimer = setTimeout(makeSnapshot, ms);
}

function makeSnapshot() {
  if (!snapshotWanted || window.cgSnapshot.made !== null || !window.cgWarm.done) return;
  window.cgSnapshot.made = "making";
  const maker = new Worker(C.worker, { type: "module" });
  const ended = (made) => { window.cgSnapshot.made = made; maker.terminate(); };
  maker.onmessage = (ev) => {
    if (ev.data.kind === "snapshot") ended(ev.data.failed ? `failed: ${ev.data.failed}` : ev.data.bytes);
  };
  maker.onerror = (e) => ended(`failed: ${e.message || "worker"}`);
  maker.postMessage({ kind: "snapshot", ...fields, codes: Object.values(C.games).map((g) => g.code) });
}

function post(message) {
  window.cgWarm.sent.push({ steps: window.cgWarm.steps.length, done: window.cgWarm.done, at: now() });
  worker.postMessage(message);
}

class Model {
  constructor(id, state) {
    this.id = id;
    this.state = state || {};
    this.handlers = new Map();
  }
  get(name) { return this.state[name]; }
  set(name, value) { this.state[name] = value; this._pending = { ...(this._pending || {}), [name]: value }; }
  save_changes() {
    if (!this._pending) return;
    post({ kind: "msg", comm_id: this.id, text: JSON.stringify({ method: "update", state: this._pending, buffer_paths: [] }) });
    this._pending = null;
  }
  send(content) {
    post({ kind: "msg", comm_id: this.id, text: JSON.stringify({ method: "custom", content }) });
  }
  on(event, fn) {
    if (!this.handlers.has(event)) this.handlers.set(event, new Set());
    this.handlers.get(event).add(fn);
  }
  off(event, fn) {
    if (!event) this.handlers.clear();
    else if (!fn) this.handlers.delete(event);
    else if (this.handlers.has(event)) this.handlers.get(event).delete(fn);
  }
  fire(event, ...args) { for (const fn of [...(this.handlers.get(event) || [])]) fn(...args); }
  update(state) {
    Object.assign(this.state, state);  // every trait of one sync first, then the events
    for (const name of Object.keys(state)) this.fire(`change:${name}`, this, state[name]);
    this.fire("change", this);
  }
}

const models = new Map();

async function show(id) {
  const model = models.get(id);
  const style = document.createElement("style");
  style.textContent = model.get("_css") || "";
  document.head.append(style);
  const url = URL.createObjectURL(new Blob([model.get("_esm")], { type: "text/javascript" }));
  const mod = await import(url);
  URL.revokeObjectURL(url);
  const widget = mod.default || mod;
  const view = typeof widget === "function" ? await widget() : widget;
  status.hidden = true;
  document.getElementById("cg-play").removeAttribute("aria-busy");
  await view.render({ model, el: board });
  window.cgMarks.board = performance.timeOrigin + performance.now();
}

worker.onmessage = (ev) => {
  const m = ev.data;
  if (m.kind === "comm") {
    const msg = JSON.parse(m.text);
    if (msg.type === "comm_open") models.set(msg.comm_id, new Model(msg.comm_id, msg.data.state));
    else if (msg.type === "words") keepWords(msg.data || {});
    else if (msg.type === "comm_msg") {
      const model = models.get(msg.comm_id);
      const data = msg.data || {};
      if (!model) return;
      if (data.method === "update" || data.method === "echo_update") model.update(data.state || {});
      else if (data.method === "custom") model.fire("msg:custom", data.content, []);
    }
  } else if (m.kind === "show") {
    show(m.model_id).catch((e) => failed(String(e)));  // the worker warms up meanwhile, by itself
  } else if (m.kind === "warmed") {
    if (m.step !== null) {
      window.cgWarm.steps.push(m.step);
      window.cgWarm.times.push([m.began, m.at]);
    } else {
      window.cgWarm.done = true;
      window.cgMarks.warmed = m.at;
      snapshotLater(window.cgWarm.sent.some((x) => x.answered) ? SNAPSHOT_QUIET : SNAPSHOT_IDLE);
    }
  } else if (m.kind === "restored") {
    window.cgSnapshot.restored = m.restored;
    snapshotWanted = !m.restored && !params.has("profile");
  } else if (m.kind === "handled") {
    // its update came just before (the worker posts in order) and is drawn: the click's answer
    const sent = window.cgWarm.sent[handled++];
    if (sent) Object.assign(sent, { began: m.began, ended: m.ended, answered: now() });
    if (window.cgWarm.done) snapshotLater(SNAPSHOT_QUIET);
  } else if (m.kind === "profile") {
    window.cgProfile = m.found;  // the imports of the game's start, timed (&profile)
  } else if (m.kind === "mark") {
    window.cgMarks[m.what] = m.at;
  } else if (m.kind === "error") {
    failed(m.text);
  }
};
worker.onerror = (e) => failed(e.message || "worker");

function failed(text) {
  status.hidden = false;
  status.classList.add("cg-failed");
  status.textContent = `${C.words.failed} ${text}`;
}
