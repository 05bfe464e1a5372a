// The play page's web worker (chemgames/lite/play.py): Pyodide, the game's wheels and its widget,
// with no JupyterLab and no kernel protocol. The page sends {kind: "start", runtime, packages, code, seed} once, then
// {kind: "msg", comm_id, text} for each message of the game's view; this worker posts
// {kind: "comm", text} for each message of the widget (chemgames/lite/playbridge.py), then
// {kind: "show", model_id} when the game's code has made its widget, or {kind: "error", text}.
// The widget's warm-up (what a first move needs, while the student reads the board) runs one step
// for each {kind: "warm"} the page sends, answered by {kind: "warmed", step} (null: none left): a
// worker takes its messages in the order they were sent, so a click the page sent before its next
// "warm" is answered first and waits for the one step under way at most.
let bridge = null;
const waiting = [];

function stamp(what) {
  self.postMessage({ kind: "mark", what, at: performance.timeOrigin + performance.now() });
}

async function start(m) {
  stamp("worker");
  const { loadPyodide } = await import(m.runtime + "pyodide.mjs");
  // the game's wheel and what it depends on come from the site's lock, loaded while Python starts
  // IPython and what only it needs are left out (chemgames/lite/noipython.py stands in): the lock's
  // entries of the page's wheels name no other wheel, or Pyodide would load IPython's 13 with them
  const lock = await (await fetch(m.runtime + "pyodide-lock.json")).json();
  for (const name of m.packages) {
    const entry = lock.packages[name];
    entry.depends = (entry.depends || []).filter((d) => m.packages.includes(d));
  }
  const py = await loadPyodide({ indexURL: m.runtime, lockFileContents: lock, packageBaseUrl: m.runtime });
  stamp("python");
  // the autosaves (chemgames-saves/ in Python's working folder) kept in the browser's IndexedDB, as
  // the notebook's are in JupyterLite's storage: the widget offers to go on with an unfinished game
  mountSaves(py);
  const earlier = syncSaves(true);
  await py.loadPackage(m.packages, { messageCallback: () => {} });
  stamp("wheels");
  py.pyimport("chemgames.lite.noipython").install();
  bridge = py.pyimport("chemgames.lite.playbridge");
  bridge.install((text) => self.postMessage({ kind: "comm", text }));
  await earlier;
  stamp("bridge");
  const id = bridge.run(m.code, m.seed ?? undefined);  // undefined is Python's None
  stamp("widget");
  self.postMessage({ kind: "show", model_id: id });
  for (const q of waiting.splice(0)) bridge.receive(q.comm_id, q.text);
}

const SAVES = "/home/pyodide/chemgames-saves";
let fs = null;
let syncing = null;
let again = false;
let timer = null;

function mountSaves(py) {
  try {
    py.FS.mkdirTree(SAVES);
    py.FS.mount(py.FS.filesystems.IDBFS, {}, SAVES);
    fs = py.FS;
  } catch (e) {
    fs = null;  // no IndexedDB (a private window may refuse it): the game is played, not kept
  }
}

// IDBFS copies between the folder and IndexedDB only when asked: from it once at the start, to it
// after the messages that may have saved (the save runs just after a message's answer: ondemand.later)
function syncSaves(load) {
  if (!fs) return Promise.resolve();
  if (syncing) { again = true; return syncing; }
  syncing = new Promise((ok) => fs.syncfs(load, () => ok())).then(() => {
    syncing = null;
    if (again) { again = false; return syncSaves(false); }
  });
  return syncing;
}

function keepSaves() {
  clearTimeout(timer);
  timer = setTimeout(() => syncSaves(false), 300);
}

self.onmessage = (ev) => {
  const m = ev.data;
  if (m.kind === "msg") {
    if (bridge) { bridge.receive(m.comm_id, m.text); keepSaves(); }
    else waiting.push(m);
  } else if (m.kind === "warm") {
    let step = null;
    try { step = bridge ? bridge.warm_step() ?? null : null; } catch (e) { step = null; }
    self.postMessage({ kind: "warmed", step, at: performance.timeOrigin + performance.now() });
  } else if (m.kind === "start") {
    start(m).catch((e) => self.postMessage({ kind: "error", text: String((e && e.message) || e) }));
  }
};
