// What the build writes into the shell (buildsteps/page.py, from the Python that owns each
// value): each placeholder below (a name in a comment) is replaced in dist/, the value after it only keeps this file
// valid JavaScript unbuilt. The shell names no storage key, format or setting itself.

/** The texts the shell shows before Python is ready, by language, then key (web.toml).
 * @type {Record<string, Record<string, string>>} */
export const STRINGS = /*SHELL_STRINGS*/{};

/** The storage keys and formats the shell reads (automa/app/saves.py, storage.py, screens.py,
 * first_home.py).
 */
export const KEYS = /** @type {import("./shell").StorageKeys} */ (/*STORAGE_KEYS*/{});

/** The values the app's settings accept (automa/app/saves.py SETTING_CHOICES), the first the default. */
export const CHOICES = /** @type {import("./shell").SettingChoices} */ (/*SETTING_CHOICES*/{});

/** The version of every format this build writes (automa/core/formats.py).
 * @type {Record<string, number>} */
export const FORMATS = /*FORMAT_VERSIONS*/{};

/** Each language's decimal sign and thousands separator (automa/core/i18n.py NUMBER_STYLE).
 * @type {Record<string, [string, string]>} */
export const NUMBER_STYLE = /*NUMBER_STYLE*/{};

/** The build's version stamp. */
export const STAMP = /*APP_STAMP*/"";

/** The games with a rule guide (static pages, guide/<id>.<lang>.html).
 * @type {string[]} */
export const GUIDES = /*SHELL_GUIDES*/[];

/** The cache of the engine's start-up snapshot ("": none; only a build for an origin the app
 * has to itself names one: build.py --own-origin). */
export const SNAPSHOT_CACHE = /*SNAPSHOT_CACHE*/"";

/** The bytes of the files the progress bar counts (buildsteps/page.py SHELL_FILES). */
export const TOTAL = /*SHELL_TOTAL*/0;

/** What the shell lets through of a stored play screen (automa/app/screens.py), and the taps it
 * keeps for the engine. */
export const ALLOW = /** @type {import("./shell").ScreenAllow} */ (/*SCREEN_ALLOW*/{});

/** Home as a first visit sees it, by language, drawn by the build with the app's own views
 * (automa/app/first_home.py).
 * @type {Record<string, string>} */
export const HOMES = /*FIRST_HOMES*/{};
