/* Estatutos Portuários — contagem do download do motor, dentro do worker das calculadoras.
 *
 * A página passa a lista dos arquivos do motor (assets/motor.json, da construção: endereço e
 * tamanho descomprimido de cada um). Conta-se, arquivo por arquivo, o que já chegou, sempre em
 * bytes descomprimidos contra o tamanho descomprimido: certo com ou sem compressão do servidor
 * (nunca se compara um Content-Length comprimido com bytes descomprimidos).
 * - o próprio worker e pyodide.mjs (importados antes de este código rodar) já chegaram inteiros;
 * - o que passa por fetch (o .wasm, a biblioteca, o arquivo de travamento, as calculadoras) é
 *   contado pedaço a pedaço;
 * - pyodide.asm.mjs, que o Pyodide importa com import(), é contado pela Resource Timing API
 *   quando termina, e de todo modo quando o motor fica pronto (módulos importados chegaram).
 *
 * E vigia o download: enquanto um arquivo buscado por fetch ainda não terminou, se nenhum byte
 * chega durante o limite (10 s, ou o que a página mandar), o download parou — diz-se isso na
 * hora, sem esperar um tempo total (uma conexão lenta que continua recebendo nunca é cortada).
 */

const TICK_MS = 500;

/* A watchdog of lack of progress: onStall() once when moved() was not called for limitMs while
 * busy() is true. It counts ticks of a timer, not the clock: a worker kept busy (the Python
 * starting, a compilation) gets fewer ticks and is never taken for a stalled download. */
export function createWatchdog(limitMs, busy, onStall) {
  let idle = 0;
  let moved = false;
  let timer = setInterval(() => {
    if (moved || !busy()) {
      moved = false;
      idle = 0;
      return;
    }
    idle += TICK_MS;
    if (idle >= limitMs) {
      stop();
      onStall();
    }
  }, TICK_MS);
  function stop() {
    if (timer !== null) clearInterval(timer);
    timer = null;
  }
  return { moved: () => { moved = true; }, stop };
}

export function createCounter(files, report) {
  const sizes = new Map(files.map((file) => [file.href, file.bytes]));
  const counted = new Map(files.map((file) => [file.href, 0]));
  const total = files.reduce((sum, file) => sum + file.bytes, 0);
  let lastPost = 0;
  let finished = false; // after finish() the download is over: nothing more is reported
  const open = new Set(); // engine files asked for by fetch whose bodies have not ended
  // …of which nobody reads the body yet: the .wasm until WebAssembly takes it. Its copy for the
  // count receives nothing meanwhile (the browser holds the bytes for the unread original), and
  // that is not a stalled download.
  const unread = new Set();
  let watchdog = null;

  function loaded() {
    let sum = 0;
    for (const value of counted.values()) sum += value;
    return sum;
  }

  function post(force) {
    if (finished) return;
    const now = performance.now();
    if (!force && now - lastPost < 250) return;
    lastPost = now;
    report(loaded(), total);
  }

  function key(url) {
    const clean = new URL(String(url), self.location.href);
    clean.search = "";
    clean.hash = "";
    return clean.href;
  }

  function add(url, bytes) {
    const href = key(url);
    if (!counted.has(href)) return;
    if (watchdog) watchdog.moved();
    counted.set(href, Math.min(sizes.get(href), counted.get(href) + bytes));
    post(false);
  }

  function complete(url) {
    const href = key(url);
    if (counted.has(href)) counted.set(href, sizes.get(href));
  }

  /* Wraps a fetch so that the bodies of engine files are counted as they arrive. The caller gets
   * the browser's own response (a copy is read for the count): WebAssembly.instantiateStreaming
   * keeps the compiled code of a response from the cache only when it is the real one. */
  function wrap(fetchFn) {
    return async (input, init) => {
      const href = key(input instanceof Request ? input.url : input);
      const watched = counted.has(href);
      if (watched) open.add(href);
      if (watched && href.endsWith(".wasm")) unread.add(href);
      let response;
      try {
        response = await fetchFn(input, init);
      } catch (error) {
        open.delete(href);
        throw error;
      }
      if (watched && watchdog) watchdog.moved(); // the headers came
      if (!response.ok || !watched || !response.body) {
        open.delete(href);
        return response;
      }
      const reader = response.clone().body.getReader();
      const pump = () => reader.read().then((step) => {
        if (step.done) return undefined;
        add(href, step.value.byteLength);
        return pump();
      });
      pump().catch(() => { /* the caller sees the failure on its own copy */ }).then(() => { open.delete(href); });
      return response;
    };
  }

  /* onStall() once if, while an engine file is still coming, no byte arrives for limitMs. */
  function watch(limitMs, onStall) {
    if (watchdog) watchdog.stop();
    const coming = () => {
      for (const href of open) if (!unread.has(href)) return true;
      return false;
    };
    watchdog = createWatchdog(limitMs, () => !finished && coming(), onStall);
  }

  /* WebAssembly now reads the .wasm: from here on, no byte for the limit is a stall. */
  function reading() {
    unread.clear();
    if (watchdog) watchdog.moved();
  }

  /* Module scripts the worker imported (itself, pyodide.mjs) and, when it ends, pyodide.asm.mjs. */
  function watchImports(alreadyLoaded) {
    alreadyLoaded.forEach(complete);
    if (typeof PerformanceObserver === "undefined") return;
    try {
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          if (entry.name.endsWith(".mjs")) {
            complete(entry.name);
            post(true);
          }
        }
      }).observe({ type: "resource", buffered: true });
    } catch {
      /* no Resource Timing in this worker: finish() still completes the count */
    }
  }

  /* The engine's files have all arrived: the imported modules have surely arrived (fetched
   * files are only ever counted by their bytes). The count is reported once more (100%) and
   * then never again: later fetches of the same files (keeping them for offline use) must not
   * put «Baixando…» back on the page. */
  function finish() {
    if (finished) return;
    for (const href of counted.keys()) if (href.endsWith(".mjs")) complete(href);
    post(true);
    finished = true;
    if (watchdog) watchdog.stop();
  }

  return { wrap, watchImports, finish, post, total, watch, reading };
}
