// What a notebook shows for chemgames.record.hand_in(): what to do next, and a button that downloads the
// hand-in. Python sends the file on the click, in a message of its own, never in a trait: a notebook saved with
// this output carries no copy of it, and a reopened notebook offers no old file (its button needs the kernel).
// The words come from Python (the record's catalog, in the language of the games).
import { button, h, handInFile, scopeElement, wordsBesideView } from "./shared/dom.js";

export default {
  render({ model, el }) {
    scopeElement(model, el);
    // the cell's second output, the note in words, is for a notebook opened again: hidden beside this view (dom.js)
    wordsBesideView(el, "cg-hand-in-view", "cg-hand-in-words");
    let file = null;
    const draw = () => {
      const [head, ...rest] = model.get("note") || [];
      el.replaceChildren(h("div", { class: "cg-hand-in", lang: model.get("lang") }, h("p", {}, head || ""),
        model.get("label") ? h("p", {}, button(model.get("label"), { class: "cg-btn cg-primary", dataset: { key: "hand_in_download" } },
          () => model.send({ type: "download" }))) : null,
        ...rest.map((line) => h("p", {}, line))));
    };
    const heard = (msg) => {
      if (!msg || msg.type !== "hand_in_file") return;
      if (file) URL.revokeObjectURL(file.url);
      file = handInFile(el, msg.name, msg.data);
    };
    model.on("change:note", draw);
    model.on("change:label", draw);
    model.on("msg:custom", heard);
    draw();
    return () => {
      model.off("change:note", draw);
      model.off("change:label", draw);
      model.off("msg:custom", heard);
      if (file) URL.revokeObjectURL(file.url);
    };
  },
};
