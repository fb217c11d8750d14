// Small helpers of the shell's own screens: an element by id, an element made, a text in the
// page's language (the build's strings: built.mjs).

/**
 * The element of the page with this id (the shell's own: index.html holds them).
 * @param {string} id
 * @returns {HTMLElement}
 */
export const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

/**
 * A new element with these attributes (null: left out) and children.
 * @param {string} tag
 * @param {Record<string, string | null>} attrs
 * @param {(Node | string)[]} kids
 */
export function el(tag, attrs = {}, kids = []) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== null) e.setAttribute(k, v);
  e.append(...kids);
  return e;
}

/**
 * The shell's text ``key`` in the page's language ("" if it has none).
 * @param {string} key
 */
export function s(key) {
  const shell = window.automaShell;
  return shell.strings[shell.lang][key] || "";
}
