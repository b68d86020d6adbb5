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
 * E vigia o download (os limites: network.mjs). Um arquivo cujos bytes começaram a chegar e param
 * por STALL_MS (ou o que a página mandar): o download parou, dito na hora, sem esperar um tempo
 * total (uma conexão lenta que continua recebendo nunca é cortada). Um arquivo cujo primeiro byte
 * ainda não veio está em espera, não parado: depois de SLOW_MS a contagem diz «a conexão está
 * lenta» com o tempo de espera, e só depois de FIRST_BYTE_MS sem resposta o servidor não respondeu.
 */
import { SLOW_MS } from "./network.mjs";

const TICK_MS = 500;

/* What is coming: nothing (""), a file whose first byte has not come ("espera"), bytes that
 * began to arrive ("chegando"). */
export const WAITING = "espera";
export const ARRIVING = "chegando";

/* A watchdog of lack of progress. state() says what is coming; moved() is called at each sign
 * (headers, a chunk). No sign while bytes are arriving for limits.stall: onStall(), once. No sign
 * while waiting for a first byte: after SLOW_MS, onSlow(waitedMs) at each tick; after
 * limits.answer, onNoAnswer(), once. It counts ticks of a timer, not the clock: a worker kept busy
 * (the Python starting, a compilation) gets fewer ticks and is never taken for a stalled download. */
export function createWatchdog(limits, state, handlers) {
  let idle = 0;
  let moved = false;
  let timer = setInterval(() => {
    const now = state();
    if (moved || !now) {
      moved = false;
      idle = 0;
      return;
    }
    idle += TICK_MS;
    if (now === ARRIVING) {
      if (idle >= limits.stall) {
        stop();
        handlers.onStall();
      }
      return;
    }
    if (idle >= limits.answer) {
      stop();
      handlers.onNoAnswer();
    } else if (idle >= SLOW_MS && handlers.onSlow) {
      handlers.onSlow(idle);
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
  const begun = new Set(); // …of which some bytes of the body came (else: waiting for the first)
  // …of which nobody reads the body yet: the .wasm until WebAssembly takes it. Its copy for the
  // count receives nothing meanwhile (the browser holds the bytes for the unread original), and
  // that is not a stalled download.
  const unread = new Set();
  let watchdog = null;
  let waited = 0; // ms waited for a first byte, while the page is told the connection is slow

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
    report(loaded(), total, waited);
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
    begun.add(href);
    waited = 0;
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
      if (watched) {
        open.add(href);
        begun.delete(href);
      }
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

  /* What is coming (createWatchdog's states): bytes of a file that began, else a file waiting for
   * its first byte (the .wasm only once WebAssembly reads it), else nothing. */
  function coming() {
    if (finished) return "";
    let state = "";
    for (const href of open) {
      if (unread.has(href)) continue;
      if (begun.has(href)) return ARRIVING;
      state = WAITING;
    }
    return state;
  }

  /* limits: {stall, answer} in ms; handlers: onStall() and onNoAnswer() once; while a first byte
   * is awaited past SLOW_MS, the count is reported again with the time waited (report's third
   * argument), each tick. */
  function watch(limits, handlers) {
    if (watchdog) watchdog.stop();
    watchdog = createWatchdog(limits, coming, {
      onStall: handlers.onStall,
      onNoAnswer: handlers.onNoAnswer,
      onSlow: (ms) => {
        waited = ms;
        post(true);
      },
    });
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
