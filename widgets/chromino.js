// Chromino in JupyterLab: an open grid (SVG) that grows, pans, zooms and fits the projector; the hand;
// tiles rotated and placed by click, drag or keyboard; legal places highlighted on request.
// Python (chemgames/widgets/chromino.py) syncs only what the viewer may see and checks every move.
import { finalAccount, gameHeader, seatBar, statusLine } from "./shared/frame.js";
import { mountGame } from "./shared/mount.js";
import { h, button, gameKey, touchScreen, translator } from "./shared/dom.js";
import { renderExplanation } from "./shared/explanation.js";
import { dragSource, dropTarget } from "./shared/drag.js";
import { renderPlayerBar, renderLog, renderHints, playerName } from "./shared/board.js";

const SVG_NS = "http://www.w3.org/2000/svg";
const C = 40;                          // one square in SVG units
const BASE_PX = 26;                    // a square on screen at zoom 1, in CSS pixels
const TOUCH_PX = 44;                   // the smallest square on a touch screen (WCAG 2.5.5)
const STEP = [[1, 0], [0, 1]];         // across, upright
const GRID_LEAST = 180;                // the grid's least height, in CSS pixels (four squares of 44 px and a margin)

function s(tag, attrs, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
    else if (k === "dataset") for (const [dk, dv] of Object.entries(v)) el.setAttribute(`data-${dk}`, String(dv));
    else el.setAttribute(k, String(v));
  }
  for (const c of children.flat()) if (c !== null && c !== undefined) el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return el;
}

const cellsOf = (x, y, rot) => [0, 1, 2].map((k) => [x + k * STEP[rot % 2][0], y + k * STEP[rot % 2][1]]);
const readColours = (colours, rot) => (rot >= 2 ? colours.slice().reverse() : colours);
const textColour = (hex) => {
  const n = parseInt(hex.slice(1), 16);
  const lum = 0.299 * (n >> 16) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255);
  return lum > 150 ? "#111" : "#fff";
};

// One tile drawn as three squares, each with its colour AND its symbol.
function tileShape(colours, x, y, rot, pal, attrs) {
  const cells = cellsOf(x, y, rot);
  const g = s("g", attrs || {});
  cells.forEach(([cx, cy], k) => {
    const col = pal[colours[k]];
    g.append(s("rect", { x: cx * C, y: cy * C, width: C, height: C, fill: col.hex, stroke: "#222", "stroke-width": 1 }),
      s("text", { x: cx * C + C / 2, y: cy * C + C / 2, "text-anchor": "middle", "dominant-baseline": "central",
        "font-size": C * 0.55, fill: textColour(col.hex), "pointer-events": "none" }, col.symbol));
  });
  const [x0, y0] = cells[0];
  const horiz = rot % 2 === 0;
  g.append(s("rect", { x: x0 * C, y: y0 * C, width: horiz ? 3 * C : C, height: horiz ? C : 3 * C, fill: "none",
    stroke: "#000", "stroke-width": 3, rx: 4, class: "cg-chr-outline" }));
  return g;
}

function tileLabel(colours, pal) {
  return colours.map((c) => `${pal[c].symbol} ${pal[c].name}`).join(" \u2013 ");
}

// Mini tile in the hand (HTML): three squares with colour and symbol.
function miniTile(colours, pal) {
  return h("span", { class: "cg-chr-mini", "aria-hidden": "true" }, colours.map((c) =>
    h("span", { class: "cg-chr-sq", style: `background:${pal[c].hex};color:${textColour(pal[c].hex)}` }, pal[c].symbol)));
}

function build(S, U, send, redraw) {
  const t = translator(S.ui, S.lang);
  const v = S.view || {};
  if (!v.game) return h("div", { class: "cg-root" }, "\u2026");
  const pal = v.colours || [];
  const legal = S.legal || [];
  const places = legal.filter((a) => a.kind === "place");
  const canAct = legal.length > 0;
  const act = (kind, params) => send({ type: "act", action: { game: v.game, player: v.viewer, kind, params: params || {} } });
  const cp = v.current_player;
  const botTurn = cp !== null && cp !== undefined && S.seats[cp] !== "human";
  const hotSeat = !S.open_hands && S.seats.filter((k) => k === "human").length > 1;
  const hand = v.hand || [];
  if (U.sel !== null && !hand.some((x) => x.id === U.sel)) U.sel = null;
  if (U.sel === null && hand.length && canAct) U.sel = hand[0].id;
  const selTile = hand.find((x) => x.id === U.sel) || null;
  if (selTile && selTile.palindrome && U.rot >= 2) U.rot -= 2;
  const selPlaces = selTile ? places.filter((a) => a.params.tile === selTile.id) : [];
  const place = (x, y) => {
    if (!selTile) return;
    act("place", { tile: selTile.id, x, y, rot: U.rot });
  };
  const rotate = () => { U.rot = (U.rot + 1) % (selTile && selTile.palindrome ? 2 : 4); redraw(); };

  // ---- header and status
  const header = gameHeader(S, v, t, send, h("span", { class: "cg-chr-bag" }, t("chr.bag", { n: v.bag })));
  const statusEl = statusLine(S, v, t, { noWinner: t("chr.no_winner"),
    suffix: !v.is_over && (v.finished || []).length ? t("chr.last_round") : "" });
  const seats = seatBar(S, v, t, send);

  // ---- the grid
  const [bx0, by0, bx1, by1] = v.bounds || [-1, 0, 1, 0];
  // The camera: its centre in squares and z, the size of a square on screen in units of BASE_PX. The
  // view box follows the grid's size in pixels, so "Einpassen" (fit) really fits the lay-out into
  // the box the screen gives it; on a touch screen a square stays at least TOUCH_PX (WCAG 2.5.5,
  // 44 px) and a larger lay-out is panned (issue 26: squares were 17 px on a tablet and fit
  // changed nothing, because the view box was always 24 × 14 squares whatever the pixels).
  if (!U.cam) U.fit = true;
  if (!U.cursor) U.cursor = { x: 0, y: 1 };
  let svg = null;
  const frame = () => ({ W: (svg && svg.clientWidth) || U.lastW || 640, H: (svg && svg.clientHeight) || U.lastH || 420 });
  const zMin = () => (touchScreen() ? TOUCH_PX / BASE_PX : 0.2);
  const clampZ = (z) => Math.min(4, Math.max(zMin(), z));
  const fitCam = () => {
    const { W, H } = frame();
    const w = bx1 - bx0 + 3, hgt = by1 - by0 + 3;  // the lay-out and a margin of one square all round
    U.cam = { cx: (bx0 + bx1 + 1) / 2, cy: (by0 + by1 + 1) / 2, z: clampZ(Math.min(W / w, H / hgt, 60) / BASE_PX) };
  };
  // the camera as the fit left it: while the player has not moved it, a new size of the grid (known once it is on
  // screen, and again when mount.js fits the grid to the window) is fitted anew
  const camKey = () => `${U.cam.cx} ${U.cam.cy} ${U.cam.z}`;
  let fittedAt = null;
  if (U.fit) { fitCam(); U.fit = false; fittedAt = camKey(); }
  const viewBox = () => {
    const { W, H } = frame();
    const w = W / (BASE_PX * U.cam.z), hh = H / (BASE_PX * U.cam.z);
    return `${(U.cam.cx - w / 2) * C} ${(U.cam.cy - hh / 2) * C} ${w * C} ${hh * C}`;
  };
  const pid = `cg-chr-grid-${Math.random().toString(36).slice(2, 8)}`;
  // the grid takes the room the window leaves under its top (mount.js fillRoom: data-fit-fill, 180 px at the least), so
  // the lay-out fitted into it and the preview of the tile to lay stand in the window (at 56 % of the window's height
  // the grid ran past the foot of a 1024 × 768 tablet, and the preview under the start tile with it: session 26)
  svg = s("svg", { class: "cg-chr-svg", viewBox: viewBox(), preserveAspectRatio: "xMidYMid meet", tabindex: 0,
    role: "application", "aria-roledescription": t("chr.grid_role"), "aria-label": t("chr.grid_label"), "data-key": "grid",
    "data-fit-fill": GRID_LEAST });
  svg.append(s("defs", {}, s("pattern", { id: pid, width: C, height: C, patternUnits: "userSpaceOnUse" },
    s("path", { d: `M ${C} 0 L 0 0 0 ${C}`, fill: "none", stroke: "#d5d9de", "stroke-width": 1 }))));
  svg.append(s("rect", { x: -2000 * C, y: -2000 * C, width: 4000 * C, height: 4000 * C, fill: `url(#${pid})`, class: "cg-chr-bg" }));
  const laid = s("g", { class: "cg-chr-laid" });
  for (const k of v.layout || []) {
    laid.append(tileShape(k.colours, k.x, k.y, k.rot, pal, { class: "cg-chr-tile", dataset: { tile: k.tile, x: k.x, y: k.y, rot: k.rot },
      "aria-label": tileLabel(k.colours, pal) }));
  }
  svg.append(laid);
  if (U.showLegal && selTile) {
    const g = s("g", { class: "cg-chr-legal-layer" });
    for (const a of selPlaces) {
      const p = a.params;
      const [x0, y0] = [p.x, p.y];
      const horiz = p.rot % 2 === 0;
      const current = p.rot === U.rot;
      g.append(s("rect", { x: x0 * C + 3, y: y0 * C + 3, width: (horiz ? 3 : 1) * C - 6, height: (horiz ? 1 : 3) * C - 6, rx: 6,
        class: `cg-chr-legal${current ? " cg-chr-legal-now" : ""}`, dataset: { x: p.x, y: p.y, rot: p.rot },
        onclick: (ev) => { ev.stopPropagation(); act("place", p); } }));
    }
    svg.append(g);
  }
  const ghost = s("g", { class: "cg-chr-ghost", "pointer-events": "none" });
  const cursorRect = s("rect", { class: "cg-chr-cursor", width: C, height: C, fill: "none" });
  svg.append(ghost, cursorRect);
  // a palindrome reads the same turned half round: its turns are 0 and 1
  const rotOf = (tile) => (tile && tile.palindrome && U.rot >= 2 ? U.rot - 2 : U.rot);
  // the tile where it would lie (tile: the chosen one, or one dragged over the grid)
  const drawGhost = (tile = selTile) => {
    ghost.replaceChildren();
    const { x, y } = U.cursor;
    cursorRect.setAttribute("x", x * C);
    cursorRect.setAttribute("y", y * C);
    // the preview is opaque (a translucent one muddied the tiles below it) with a dashed frame in
    // the accent colour (CSS), so it never reads as a laid tile
    if (tile && canAct) ghost.append(tileShape(readColours(tile.colours, rotOf(tile)), x, y, rotOf(tile), pal, { class: "cg-chr-preview" }));
  };
  drawGhost();

  const cellAt = (ev) => {
    const pt = svg.createSVGPoint();
    pt.x = ev.clientX; pt.y = ev.clientY;
    const m = svg.getScreenCTM();
    if (!m) return null;
    const q = pt.matrixTransform(m.inverse());
    return { x: Math.floor(q.x / C), y: Math.floor(q.y / C) };
  };
  // The pointed cell is the tile's middle square: the tile starts one square before it.
  const anchorFor = (cell) => ({ x: cell.x - STEP[U.rot % 2][0], y: cell.y - STEP[U.rot % 2][1] });
  let press = null;
  // the grid takes the keyboard on a press, a finger's too (its arrows and Enter play on): Chromium focused
  // it only with the mouse press it makes up after a tap, once the tap had sent its move from the tile
  // chosen before (the refusal's headline went under the hand), and a browser that makes none left the
  // focus on that tile
  svg.addEventListener("pointerdown", (ev) => {
    press = { x: ev.clientX, y: ev.clientY, cam: { ...U.cam }, moved: false };
    if (!svg.contains(document.activeElement)) svg.focus({ preventScroll: true });
  });
  svg.addEventListener("pointermove", (ev) => {
    if (press && (ev.buttons & 1)) {
      const dx = ev.clientX - press.x, dy = ev.clientY - press.y;
      if (Math.abs(dx) + Math.abs(dy) > 5) press.moved = true;
      if (press.moved) {
        const scale = 1 / (BASE_PX * U.cam.z);  // squares per pixel
        U.cam.cx = press.cam.cx - dx * scale;
        U.cam.cy = press.cam.cy - dy * scale;
        svg.setAttribute("viewBox", viewBox());
      }
      return;
    }
    const cell = cellAt(ev);
    if (cell) { U.cursor = anchorFor(cell); drawGhost(); }
  });
  svg.addEventListener("pointerup", (ev) => {
    const wasPan = press && press.moved;
    press = null;
    if (wasPan || ev.target.classList.contains("cg-chr-legal")) return;
    const cell = cellAt(ev);
    if (cell && selTile && canAct) { U.cursor = anchorFor(cell); place(U.cursor.x, U.cursor.y); }
  });
  svg.addEventListener("wheel", (ev) => {
    ev.preventDefault();
    U.cam.z = clampZ(U.cam.z * (ev.deltaY < 0 ? 1.15 : 1 / 1.15));
    svg.setAttribute("viewBox", viewBox());
  }, { passive: false });
  // a hand tile dragged (by mouse or finger: shared/drag.js) is drawn where it would lie under the
  // pointer, its middle square there, and dropped it is placed there, as a click on the grid places it
  const dragged = (data) => hand.find((x) => String(x.id) === String(data)) || null;
  dropTarget(svg, {
    accepts: (data) => canAct && !!dragged(data),
    over: (data, at) => {
      const cell = cellAt(at);
      if (cell) { U.cursor = anchorFor(cell); drawGhost(dragged(data)); }
      return !!cell;
    },
    leave: () => drawGhost(),
    drop: (data, at) => {
      const tile = dragged(data);
      const cell = cellAt(at);
      if (!cell || !tile) return;
      U.sel = tile.id;
      U.cursor = anchorFor(cell);
      act("place", { tile: tile.id, x: U.cursor.x, y: U.cursor.y, rot: rotOf(tile) });
    },
  });
  const zoom = (f) => { U.cam.z = clampZ(U.cam.z * f); svg.setAttribute("viewBox", viewBox()); };
  // once the grid is on screen its real size is known: a fit made before (at a guessed size) is
  // made again, and the view box follows every change of the grid's size (a view drawn while its cell
  // was not laid out yet kept the guessed view box: the lay-out came out at 37 px squares on a tablet)
  const follow = () => {
    if (!svg.isConnected || !svg.clientWidth) return;
    U.lastW = svg.clientWidth; U.lastH = svg.clientHeight;
    if (fittedAt !== null && fittedAt === camKey()) { fitCam(); fittedAt = camKey(); }
    svg.setAttribute("viewBox", viewBox());
  };
  if (typeof ResizeObserver === "undefined") requestAnimationFrame(follow);
  else {
    const sized = new ResizeObserver(() => { if (svg.isConnected) follow(); else sized.disconnect(); });
    sized.observe(svg);
  }
  svg.addEventListener("keydown", gameKey((ev) => {
    const k = ev.key;
    const moves = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    if (moves[k]) {
      const [dx, dy] = moves[k];
      if (ev.shiftKey) { U.cam.cx += dx * 2; U.cam.cy += dy * 2; svg.setAttribute("viewBox", viewBox()); }
      else {
        U.cursor = { x: U.cursor.x + dx, y: U.cursor.y + dy };
        drawGhost();
        live.textContent = cursorText(U.cursor, t);
      }
    } else if (k === "Enter" || k === " ") {
      if (selTile && canAct) place(U.cursor.x, U.cursor.y);
    } else if (k === "r" || k === "R") rotate();
    else if (k === "+" || k === "=") zoom(1.2);
    else if (k === "-") zoom(1 / 1.2);
    else if (k === "f" || k === "F" || k === "0") { U.fit = true; redraw(); }
    else if (k === "l" || k === "L") { U.showLegal = !U.showLegal; redraw(); }
    else if (k === "n" || k === "N") {
      if (!selPlaces.length) return;
      U.next = (U.next + 1) % selPlaces.length;
      const p = selPlaces[U.next].params;
      U.rot = p.rot; U.cursor = { x: p.x, y: p.y };
      U.cam.cx = p.x + 1; U.cam.cy = p.y + 1;
      redraw();
      return;
    } else if (/^[1-9]$/.test(k) && hand[Number(k) - 1]) {
      if (U.sel !== hand[Number(k) - 1].id) U.quietAt = S.version;
      U.sel = hand[Number(k) - 1].id; redraw();
    }
    else return;
    ev.preventDefault();
  }));
  const live = h("p", { class: "cg-chr-live cg-muted", "aria-live": "polite" },
    cursorText(U.cursor, t));

  // ---- controls
  const tools = h("div", { class: "cg-group cg-chr-tools", role: "toolbar", "aria-label": t("chr.tools") },
    button(`\u27F3 ${t("chr.rotate")}`, { dataset: { key: "rotate" }, disabled: !selTile, title: "R" }, rotate),
    button(`\u25A6 ${t("chr.show_legal")}`, { dataset: { key: "legal" }, "aria-pressed": String(!!U.showLegal), title: "L" },
      () => { U.showLegal = !U.showLegal; redraw(); }),
    button("+", { dataset: { key: "zoom_in" }, "aria-label": t("chr.zoom_in") }, () => zoom(1.2)),
    button("\u2212", { dataset: { key: "zoom_out" }, "aria-label": t("chr.zoom_out") }, () => zoom(1 / 1.2)),
    button(t("chr.fit"), { dataset: { key: "fit" }, title: "F" }, () => { U.fit = true; redraw(); }));
  const moveBtns = h("div", { class: "cg-group cg-main-actions", dataset: { fit: "actions" } },
    // in the player's turn a draw or pass the rules do not allow now stays tappable (aria-disabled):
    // the tap brings the rule ("Ziehen oder Passen nur, wenn keiner passt"), not a dead button
    button(`\u2B07 ${t("chr.draw")}`, { dataset: { key: "draw" }, disabled: !canAct,
      "aria-disabled": legal.some((a) => a.kind === "draw") ? null : "true" }, () => act("draw")),
    button(t("chr.pass"), { dataset: { key: "pass" }, disabled: !canAct,
      "aria-disabled": legal.some((a) => a.kind === "pass") ? null : "true" }, () => act("pass")),
    button(`\u21B6 ${t("undo")}`, { disabled: !v.can_undo, dataset: { key: "undo" } }, () => send({ type: "undo" })),
    button(`? ${t("hint")}`, { dataset: { key: "hint" }, disabled: !canAct }, () => send({ type: "hint" })));
  const ways = selTile && canAct ? h("p", { class: "cg-chr-ways" },
    t("chr.ways", { n: selPlaces.length, now: selPlaces.filter((a) => a.params.rot === U.rot).length })) : null;

  // ---- the hand(s)
  const handBox = h("section", { class: "cg-handbox", "aria-label": t("hand"), dataset: { fit: "hand" } });
  // a tile's value counts only when points are scored: then one line says what it is and what it does
  const valued = !!(v.rules && v.rules.scoring !== "out" && v.rules.value);
  // one hand's tiles; only the player's own hand, on their turn, can be picked up
  const tileList = (tiles, own) => h("ul", { class: "cg-chr-hand", "aria-label": t("hand") }, tiles.map((x, i) => {
    const chosen = own && x.id === U.sel;
    const shown = chosen ? readColours(x.colours, U.rot) : x.colours;
    const label = `${i + 1}: ${tileLabel(shown, pal)}${valued ? ` (${t("chr.value", { n: x.value })})` : ""}`;
    const body = [miniTile(shown, pal), valued ? h("span", { class: "cg-chr-val" }, t("chr.value", { n: x.value })) : null];
    if (!own) return h("li", { "aria-label": label, title: label }, ...body);
    const btn = h("button", { type: "button", class: `cg-chr-handtile${chosen ? " cg-chr-chosen" : ""}`,
      "aria-pressed": String(chosen), draggable: "false", "aria-label": label,
      dataset: { key: `tile:${x.id}`, tile: x.id },
      onclick: () => { if (U.sel !== x.id) U.quietAt = S.version; U.sel = x.id; U.next = -1; redraw(); } }, ...body);
    if (canAct) dragSource(btn, String(x.id), () => { U.sel = x.id; });
    return h("li", {}, btn);
  }));
  if (valued && (hand.length || S.open_hands)) handBox.append(h("p", { class: "cg-muted cg-chr-value-note" }, t("chr.value_note", v.rules.value)));
  if (S.open_hands && (S.hands || []).length) {
    // a teacher's demonstration with every hand open: each hand under its player's name
    S.hands.forEach((tiles, p) => handBox.append(h("section", { dataset: { hand: p } },
      h("h3", {}, t("hand_of", { name: playerName(p, S.seats, v.viewer, t) })), tileList(tiles || [], p === v.viewer))));
  } else if (hand.length) {
    handBox.append(h("h3", {}, t("hand")), tileList(hand, true));
  } else if (!v.is_over) {
    handBox.append(h("p", { class: "cg-muted cg-hidden-hand" }, "\u25A4 ", t("hand_hidden")));
  }
  // tiles that lie face up by the rules; with every hand open they are drawn above already
  const open = S.open_hands && (S.hands || []).length ? [] : Object.entries(v.open_tiles || {});
  const openBox = open.length ? h("section", { class: "cg-chr-open", "aria-label": t("chr.open_tiles") },
    h("h3", {}, t("chr.open_tiles")),
    open.map(([p, tiles]) => h("div", { class: "cg-chr-openrow", dataset: { player: p } },
      h("strong", {}, `${playerName(Number(p), S.seats, v.viewer, t)}: `),
      tiles.map((x) => h("span", { title: tileLabel(x.colours, pal) }, miniTile(x.colours, pal), " "))))) : null;
  const counts = h("p", { class: "cg-muted cg-chr-counts" }, t("chr.draw_counts", { list: (v.draws || []).map((n, p) => `${p + 1}: ${n}`).join(", ") }),
    " \u00B7 ", t(`chr.rule_${v.rules.draw}`, { n: v.rules.draw_limit }), " \u00B7 ", t(`chr.scoring_${v.rules.scoring}`));
  const legend = h("p", { class: "cg-chr-legend" }, pal.map((c) => h("span", { class: "cg-chr-legend-item" }, miniTile([c.index], pal), ` ${c.name} `)));

  // ---- explanations
  const panel = S.panel || {};
  const aside = h("section", { class: "cg-aside", "aria-label": t("explanation") },
    h("div", { role: "alert", class: "cg-notice" }, panel.notice && U.quietAt !== S.version ? renderExplanation(panel.notice, { t, heading: t(panel.notice.kind === "info" ? "info" : "notice") }) : null),
    panel.last ? renderExplanation(panel.last, { t, heading: panel.last_player !== null && panel.last_player !== undefined
      ? t("last_by", { n: panel.last_player + 1 }) : t("last") }) : null,
    renderHints(S.hints, { t, title: t("chr_hints_title"), onPlay: (i) => send({ type: "hint_play", index: i }) }),
    h("section", { class: "cg-logbox" }, h("h3", {}, t("log")), renderLog(v.log, { t })));
  const board = h("div", { class: "cg-board", tabindex: "-1", dataset: { key: "board" } },
    statusEl, finalAccount(S, v, t), seats, handBox, moveBtns, tools, h("div", { class: "cg-chr-gridbox" }, svg), live, ways, openBox, legend, counts,
    h("p", { class: "cg-muted cg-chr-keys" }, t("chr.keys")));
  return h("div", { class: "cg-root cg-chr", lang: S.lang, dataset: { version: S.version, viewer: v.viewer ?? "", sel: U.sel ?? "", rot: U.rot } },
    header, playerBar(v, S, t), h("div", { class: "cg-layout" }, board, aside));
}

// Where the keyboard's tile starts, a negative number with the minus sign U+2212 as in the engine's
// texts ("Stein beginnt bei (−2, −1)"; a screen reader reads it "minus" as it does the hyphen): the
// translator writes every number through formatNumber (widgets/shared/dom.js)
export function cursorText(cursor, t) {
  return t("chr.cursor_at", { x: cursor.x, y: cursor.y });
}

// The shared player bar, worded for tiles; without points (the family game) it counts the tiles laid.
function playerBar(v, S, t) {
  const bar = renderPlayerBar(v, { t, seats: S.seats });
  const points = v.rules && v.rules.scoring !== "out";
  bar.querySelectorAll(".cg-player").forEach((li, p) => {
    const score = li.querySelector(".cg-score");
    if (score && !points) score.textContent = t("chr.laid", { n: (v.laid || [])[p] });
    const size = li.querySelector(".cg-handsize");
    if (size) size.textContent = t("chr.hand_size", { n: v.hand_sizes[p] });
  });
  return bar;
}

function render({ model, el }) {
  const U = { sel: null, rot: 0, cursor: null, cam: null, fit: true, showLegal: false, next: -1, quietAt: -1 }; // quietAt: a refusal shown at this version was put aside by choosing another tile
  return mountGame(model, el, (S, send, draw) => build(S, U, send, draw), { onVersion: () => { U.next = -1; } }).stop;
}

export default { render };
