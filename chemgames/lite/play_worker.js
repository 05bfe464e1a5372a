// The play page's web worker (chemgames/lite/play.py): Pyodide, the game's wheels and its widget,
// with no JupyterLab and no kernel protocol. The page sends {kind: "start", runtime, bundle, site,
// packages, code, seed, elements} once, then
// {kind: "msg", comm_id, text} for each message of the game's view; this worker posts
// {kind: "comm", text} for each message of the widget (chemgames/lite/playbridge.py), then
// {kind: "handled", began, ended} when a message of the view was answered, and
// {kind: "show", model_id} when the game's code has made its widget, or {kind: "error", text}.
// The widget's warm-up (what a first move needs, while the student reads the board) paces itself:
// once the widget is shown the worker runs one small step, posts {kind: "warmed", step, began, at}
// (step null: none left) and asks for the next step with a message to itself through a
// MessageChannel, so the step comes back as a task behind whatever arrived meanwhile: a click
// (a message of the view) is answered before the next step and waits for the one under way at most,
// and the warm-up needs nothing from the page, whose thread is busy drawing the board.
let bridge = null;
let shown = false;  // the widget is made: messages of its view are answered as they come
const waiting = [];

function now() {
  return performance.timeOrigin + performance.now();  // epoch ms, comparable with the page's
}

function stamp(what) {
  self.postMessage({ kind: "mark", what, at: now() });
}

const pace = new MessageChannel();
pace.port1.onmessage = warmStep;

function warmStep() {
  const began = now();
  let step = null;
  try { step = bridge.warm_step() ?? null; } catch (e) { step = null; }
  self.postMessage({ kind: "warmed", step, began, at: now() });
  if (step !== null) pace.port2.postMessage(null);  // the next step after what came meanwhile
}

function answer(m) {
  const began = now();
  try {
    bridge.receive(m.comm_id, m.text);
  } finally {
    self.postMessage({ kind: "handled", began, ended: now() });
    keepSaves();
  }
}

async function start(m) {
  stamp("worker");
  // the game's wheels in one stored archive (chemgames/lite/play.py: bundle), fetched while Python
  // starts; the browser checks its sha256 (integrity) as Pyodide would check each wheel's
  const archive = fetch(m.runtime + m.bundle.file, { integrity: m.bundle.integrity }).then((r) => {
    if (!r.ok) throw new Error(`${m.bundle.file}: ${r.status}`);
    return r.arrayBuffer();
  });
  archive.catch(() => {});  // reported where it is awaited
  // the lock names the site's other wheels (SymPy is installed from it on demand: ondemand.py)
  const lock = fetch(m.runtime + "pyodide-lock.json").then((r) => r.json());
  const { loadPyodide } = await import(m.runtime + "pyodide.mjs");
  const py = await loadPyodide({ indexURL: m.runtime, lockFileContents: await lock, packageBaseUrl: m.runtime });
  stamp("python");
  // the autosaves (chemgames-saves/ in Python's working folder) kept in the browser's IndexedDB, as
  // the notebook's are in JupyterLite's storage: the widget offers to go on with an unfinished game
  mountSaves(py);
  const earlier = syncSaves(true);
  unpackStored(await archive, py.FS, m.site);
  for (const name of m.packages) py.loadedPackages[name] = "chemgames play page";  // Pyodide loads none again
  py.pyimport("importlib").invalidate_caches();
  stamp("wheels");
  py.pyimport("chemgames.lite.noipython").install();
  py.pyimport("chemgames.lite.slimwidgets").install();  // ipywidgets' controls only when asked for
  // periodictable's element facts from the build's table (elementtable.py), the library when more is asked
  if (m.elements) py.pyimport("chemgames.lite.elementtable").install(m.elements);
  bridge = py.pyimport("chemgames.lite.playbridge");
  bridge.install((text) => self.postMessage({ kind: "comm", text }));
  await earlier;
  stamp("bridge");
  let id;
  if (m.profile) {  // &profile: every import of the game's start timed (bench_lite.py --play-profile)
    const found = JSON.parse(bridge.profiled(m.code, m.seed ?? undefined));
    self.postMessage({ kind: "profile", found });
    id = found.model_id;
  } else {
    id = bridge.run(m.code, m.seed ?? undefined);  // undefined is Python's None
  }
  stamp("widget");
  shown = true;
  self.postMessage({ kind: "show", model_id: id });
  for (const q of waiting.splice(0)) answer(q);
  pace.port2.postMessage(null);  // the warm-up's first step
}

// Write every member of a zip archive whose members are all stored (not compressed) into the folder
// `dest` of Pyodide's file system: its central directory read here, each file one write. Pyodide's
// loadPackage unpacks a wheel with Python's zipfile, file by file, several times slower.
function unpackStored(buffer, FS, folderPath) {
  const dest = folderPath.replace(/\/+$/, "");
  const bytes = new Uint8Array(buffer);
  const view = new DataView(buffer);
  let end = bytes.length - 22;  // the end of central directory record (signature 0x06054b50)
  while (end >= 0 && view.getUint32(end, true) !== 0x06054b50) end--;
  if (end < 0) throw new Error("the play page's archive is no zip");
  const count = view.getUint16(end + 10, true);
  const names = new TextDecoder();
  const made = new Set();
  let at = view.getUint32(end + 16, true);
  for (let i = 0; i < count; i++) {
    if (view.getUint32(at, true) !== 0x02014b50) throw new Error("the play page's archive is damaged");
    const method = view.getUint16(at + 10, true);
    const size = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const local = view.getUint32(at + 42, true);
    const name = names.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    if (name.endsWith("/")) continue;
    if (method !== 0 || name.startsWith("/") || name.split("/").includes("..")) {
      throw new Error(`the play page's archive holds ${name} compressed or outside its folder`);
    }
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const folder = name.lastIndexOf("/") > 0 ? `${dest}/${name.slice(0, name.lastIndexOf("/"))}` : dest;
    if (!made.has(folder)) {
      FS.mkdirTree(folder);
      made.add(folder);
    }
    FS.writeFile(`${dest}/${name}`, bytes.subarray(start, start + size));
  }
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
    if (shown) answer(m);
    else waiting.push(m);
  } else if (m.kind === "start") {
    start(m).catch((e) => self.postMessage({ kind: "error", text: String((e && e.message) || e) }));
  }
};
