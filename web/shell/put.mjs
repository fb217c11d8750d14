// A play-screen part put in its place (web/main.py Page.put): of a part without answer
// controls only the nodes that changed (a new card among ten), so the browser parses all but
// styles and lays out only those; one with controls (a ticked box is no markup) whole.

const XHTML = "http://www.w3.org/1999/xhtml";
const CONTROLS = "input, select, textarea";

/**
 * Make ``old`` equal to ``now``, keeping every node of ``old`` that is already equal, down to
 * ``depth`` levels of elements (below, a changed node is replaced whole).
 * @param {ChildNode} old
 * @param {ChildNode} now
 * @param {number} depth
 */
export function merge(old, now, depth) {
  if (old.isEqualNode(now)) return;
  if (!depth || !(old instanceof Element) || !(now instanceof Element)
      || old.nodeName !== now.nodeName || old.namespaceURI !== XHTML) {
    old.replaceWith(now);
    return;
  }
  if (!old.cloneNode(false).isEqualNode(now.cloneNode(false))) {
    for (const name of old.getAttributeNames()) if (!now.hasAttribute(name)) old.removeAttribute(name);
    for (const name of now.getAttributeNames()) old.setAttribute(name, now.getAttribute(name) ?? "");
  }
  const a = [...old.childNodes];
  const b = [...now.childNodes];
  const least = Math.min(a.length, b.length);
  let start = 0;
  let end = 0;
  while (start < least && a[start].isEqualNode(b[start])) start++;
  while (end < least - start && a[a.length - 1 - end].isEqualNode(b[b.length - 1 - end])) end++;
  const gone = a.slice(start, a.length - end);
  const come = b.slice(start, b.length - end);
  if (gone.length === come.length) {
    gone.forEach((x, i) => merge(x, come[i], depth - 1));
    return;
  }
  for (const x of gone) x.remove();
  const after = end ? a[a.length - end] : null;
  for (const x of come) old.insertBefore(x, after);
}

/** Give the Python glue ``window.automaPut(play, i, markup)``. */
export function startPut() {
  const spare = document.createElement("template");
  window.automaPut = (play, i, markup) => {
    spare.innerHTML = markup;
    const now = spare.content.firstElementChild;
    const old = play.children[i];
    if (!now || !old) return;
    if (old.querySelector(CONTROLS) || now.querySelector(CONTROLS)) old.replaceWith(now);
    else merge(old, now, 4);
  };
}
