// The play page's web worker (chemgames/lite/play.py): Pyodide, the game's wheels and its widget,
// with no JupyterLab and no kernel protocol. The page sends {kind: "start", runtime, bundle, site,
// packages, code, seed, elements} once, then
// {kind: "msg", comm_id, text} for each message of the game's view; this worker posts
// {kind: "comm", text} for each message of the widget (chemgames/lite/playbridge.py), then
// {kind: "handled", began, ended} when a message of the view was answered, and
// {kind: "show", model_id} when the game's code has made its widget, or {kind: "error", text};
// {kind: "restored", restored} says whether Python came from a snapshot of an earlier visit.
// Sent {kind: "snapshot", ...the start's fields, codes} instead, a worker makes that snapshot and
// answers {kind: "snapshot", bytes} or {kind: "snapshot", failed}.
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

// Python's memory after the games' imports, kept in the browser (IndexedDB) for the next visit: a
// student's second start restores it (Pyodide's _loadSnapshot) instead of starting Python and
// importing the game again. Made on the first visit by a second worker of this file once the view
// is quiet after the first answers ({kind: "snapshot"}: `snapshot` below), never on the way to the board. Pyodide 314
// calls these options private; two of its quirks are handled here: a snapshot larger than its
// initial 30 MB heap is restored only into a grown heap (the option INITIAL_MEMORY is not read:
// pyodide/pyodide#6254), and `loadedPackages` must not be touched before a snapshot is made (its
// object is checked as an empty one). A snapshot that fails to restore is deleted and Python starts
// as ever. Its key names this worker (named for its content) and the wheels' archive (named for
// its content): a new build never restores an old one.
const SNAPSHOTS = { db: "chemgames-play", store: "snapshots" };

function snapshotKey(m) {
  return `${self.location.pathname}|${m.bundle.file}`;
}

function snapshotDb() {
  return new Promise((ok, no) => {
    const r = indexedDB.open(SNAPSHOTS.db, 1);
    r.onupgradeneeded = () => r.result.createObjectStore(SNAPSHOTS.store);
    r.onsuccess = () => ok(r.result);
    r.onerror = () => no(r.error);
  });
}

async function snapshotDo(mode, act) {
  const db = await snapshotDb();
  try {
    return await new Promise((ok, no) => {
      const tx = db.transaction(SNAPSHOTS.store, mode);
      const got = act(tx.objectStore(SNAPSHOTS.store));
      tx.oncomplete = () => ok(got && got.result);
      tx.onerror = () => no(tx.error);
      tx.onabort = () => no(tx.error);
    });
  } finally {
    db.close();
  }
}

async function savedSnapshot(key) {
  try {
    return (await snapshotDo("readonly", (s) => s.get(key))) || null;
  } catch (e) {
    return null;  // no IndexedDB (a private window may refuse it): Python starts as ever
  }
}

function lockAndArchive(m) {
  // the game's wheels in one stored archive (chemgames/lite/play.py: bundle), fetched while Python
  // starts; the browser checks its sha256 (integrity) as Pyodide would check each wheel's
  const archive = fetch(m.runtime + m.bundle.file, { integrity: m.bundle.integrity }).then((r) => {
    if (!r.ok) throw new Error(`${m.bundle.file}: ${r.status}`);
    return r.arrayBuffer();
  });
  archive.catch(() => {});  // reported where it is awaited
  // the lock names the site's other wheels (SymPy is installed from it on demand: ondemand.py)
  const lock = fetch(m.runtime + "pyodide-lock.json").then((r) => r.json());
  return { archive, lock };
}

async function python(m, lock, saved) {
  const runtime = import(m.runtime + "pyodide.mjs");
  const snapshot = await saved;  // read from IndexedDB while the runtime's script loads
  const { loadPyodide } = await runtime;
  const options = { indexURL: m.runtime, lockFileContents: await lock, packageBaseUrl: m.runtime };
  if (snapshot) {
    try {
      const create = (await import(m.runtime + "pyodide.asm.mjs")).default;
      const grown = async (settings) => {
        stamp("runtime");  // the runtime's modules imported: Emscripten's module is made next
        const made = await create(settings);
        stamp("module");  // the WebAssembly compiled (or taken from Chromium's code cache) and instantiated
        if (made.HEAP8.length < snapshot.byteLength) made.growMemory(snapshot.byteLength);
        return made;
      };
      return { py: await loadPyodide({ ...options, _loadSnapshot: snapshot, createPyodideModule: grown }), restored: true };
    } catch (e) {
      snapshotDo("readwrite", (s) => s.delete(snapshotKey(m))).catch(() => {});
    }
  }
  return { py: await loadPyodide({ ...options, _makeSnapshot: m.kind === "snapshot" }), restored: false };
}

// Python's side of the play page before the game's code: the wheels unpacked (Pyodide's file system
// is not in a snapshot: always), the stand-ins for what the board never needs
function prepare(py, m, archive) {
  unpackStored(archive, py.FS, m.site);
  py.pyimport("importlib").invalidate_caches();
  py.pyimport("chemgames.lite.noipython").install();
  py.pyimport("chemgames.lite.slimwidgets").install();  // ipywidgets' controls only when asked for
  // periodictable's element facts from the build's table (elementtable.py), the library when more is asked
  if (m.elements) py.pyimport("chemgames.lite.elementtable").install(m.elements);
}

function markLoaded(py, m) {
  for (const name of m.packages) py.loadedPackages[name] = "chemgames play page";  // Pyodide loads none again
}

async function snapshot(m) {
  const { archive, lock } = lockAndArchive(m);
  const { py } = await python(m, lock, null);
  prepare(py, m, await archive);
  py.pyimport("chemgames.lite.playbridge").preimport(JSON.stringify(m.codes));  // what every game's code imports
  const bytes = py.makeMemorySnapshot();
  await snapshotDo("readwrite", (s) => { s.clear(); s.put(bytes, snapshotKey(m)); });  // the newest only
  self.postMessage({ kind: "snapshot", bytes: bytes.byteLength });
}

async function start(m) {
  stamp("worker");
  const { archive, lock } = lockAndArchive(m);
  const saved = m.profile ? null : savedSnapshot(snapshotKey(m));
  const { py, restored } = await python(m, lock, saved);
  stamp("python");
  self.postMessage({ kind: "restored", restored });
  // the autosaves (chemgames-saves/ in Python's working folder) kept in the browser's IndexedDB, as
  // the notebook's are in JupyterLite's storage: the widget offers to go on with an unfinished game
  mountSaves(py);
  const earlier = syncSaves(true);
  prepare(py, m, await archive);
  markLoaded(py, m);
  if (restored) py.runPython("import random; random.seed()");  // not the numbers of the snapshot's run
  stamp("wheels");
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
  } else if (m.kind === "snapshot") {
    snapshot(m).catch((e) => self.postMessage({ kind: "snapshot", failed: String((e && e.message) || e) }));
  }
};
