// The play page's web worker (chemgames/lite/play.py): Pyodide, the game's wheels and its widget,
// with no JupyterLab and no kernel protocol. The page sends {kind: "start", runtime, code} once, then
// {kind: "msg", comm_id, text} for each message of the game's view; this worker posts
// {kind: "comm", text} for each message of the widget (chemgames/lite/playbridge.py), then
// {kind: "show", model_id} when the game's code has made its widget, or {kind: "error", text}.
let bridge = null;
const waiting = [];

function stamp(what) {
  self.postMessage({ kind: "mark", what, at: performance.timeOrigin + performance.now() });
}

async function start(m) {
  stamp("worker");
  const { loadPyodide } = await import(m.runtime + "pyodide.mjs");
  // the game's wheel and what it depends on come from the site's lock, loaded while Python starts
  const py = await loadPyodide({ indexURL: m.runtime, packages: ["chemgames"] });
  stamp("python");
  bridge = py.pyimport("chemgames.lite.playbridge");
  bridge.install((text) => self.postMessage({ kind: "comm", text }));
  const id = bridge.run(m.code);
  self.postMessage({ kind: "show", model_id: id });
  for (const q of waiting.splice(0)) bridge.receive(q.comm_id, q.text);
}

self.onmessage = (ev) => {
  const m = ev.data;
  if (m.kind === "msg") {
    if (bridge) bridge.receive(m.comm_id, m.text);
    else waiting.push(m);
  } else if (m.kind === "start") {
    start(m).catch((e) => self.postMessage({ kind: "error", text: String((e && e.message) || e) }));
  }
};
