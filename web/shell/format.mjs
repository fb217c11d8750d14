// Figures as the screen's language writes them: the one formatter of the shell's.

/**
 * Bytes in MB with at most one decimal, with the language's decimal sign and thousands
 * separator (automa/core/i18n.py NUMBER_STYLE: the screen carries them, or the build).
 * @param {unknown} bytes
 * @param {string} point
 * @param {string} group
 * @returns {string}
 */
export function megabytes(bytes, point, group) {
  const [whole, tenth] = (Math.round((Number(bytes) || 0) / 1e5) / 10).toFixed(1)
    .replace(/\.0$/, "").split(".");
  return whole.replace(/\B(?=(\d{3})+(?!\d))/g, group) + (tenth ? point + tenth : "");
}
