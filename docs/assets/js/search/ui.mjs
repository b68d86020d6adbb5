/* Estatutos Portuários — a caixa de busca, o painel e os resultados: só desenha.
 *
 * A marcação vem do tema (overrides/partials/busca.html, no cabeçalho de toda página):
 *   [role=search][data-busca]     o bloco da busca
 *     input[type=search]          a caixa (no celular, dentro do painel aberto)
 *     button[data-busca-abrir]    no celular, abre a busca em tela cheia
 *     [data-busca-painel]         o painel dos resultados
 * Ganchos estáveis para verificações automáticas (README): cada link principal de resultado tem
 * data-busca-resultado; a resposta «Não está aqui» tem data-busca-ausente.
 *
 * A consulta vai ao worker da busca (worker.mjs), que responde com os cartões prontos; a
 * resposta a uma consulta que outra mais nova já substituiu não é desenhada. Teclado: «/» foca a
 * caixa; ↓ e ↑ passam pelos resultados; Esc fecha. Nada digitado vira marcação (common/dom.mjs). */

import { clear, el } from "../common/dom.mjs";
import { busyWith } from "../offline/warmup.mjs";
import { closeSearch, openSearch } from "./start.mjs";

const FILTERS = [
  ["", "Tudo"], ["textos", "Textos"], ["respostas", "Respostas"], ["tabelas", "Tabelas"], ["calculadoras", "Calculadoras"],
];
const WAIT_MS = 120;
// A key's answer that left something for the complete query (the worker's `parcial`): the complete
// query goes when no key has come for this long (typing on a phone: a key every 200–350 ms).
const SETTLE_MS = 500;
let boxes = 0;

export function createSearch(root, { worker: makeWorker, contextAct = () => null, siteRoot }) {
  const box = root.querySelector("input[type=search]");
  const opener = root.querySelector("[data-busca-abrir]");
  const panel = root.querySelector("[data-busca-painel]");
  const status = el("p", { className: "busca-estado", role: "status", "aria-live": "polite" });
  const filters = el("div", { className: "busca-filtros", role: "group", "aria-label": "Mostrar só" });
  const list = el("ol", { className: "busca-lista", "aria-label": "Resultados" });
  const absent = el("div", { className: "busca-ausente", "data-busca-ausente": "", hidden: "" });
  panel.append(status, filters, absent, list);
  let worker = null;
  let acts = [];
  let asked = 0;
  let drawn = 0;
  let timer = 0;
  let settleTimer = 0;
  const chosen = { category: "", act: "" };
  const token = ++boxes;
  // The first answer: the background copy of the site («Usar sem internet») waits for it, so that
  // the search's files come first on a slow link (offline/warmup.mjs).
  let firstDrawn = null;
  const first = new Promise((resolve) => { firstDrawn = resolve; });
  let waited = false;

  function start() {
    if (worker) return worker;
    worker = makeWorker();
    worker.addEventListener("message", (event) => {
      const answer = event.data || {};
      if (answer.caixa !== token) return;  // de outra caixa (outra página)
      const current = answer.id === asked;
      if (current) settle();
      if (answer.tipo === "erro") { if (current) showError(); return; }
      // The first list is drawn even if newer keys are on their way; later, only the newest.
      if (answer.tipo !== "resultado" || answer.id < drawn || !(current || drawn === 0)) return;
      drawn = answer.id;
      clearTimeout(settleTimer);
      if (answer.parcial && answer.id === asked && !inFlight) {
        settleTimer = setTimeout(() => { if (!inFlight && box.value === lastSent) send(lastSent, true); }, SETTLE_MS);
      }
      firstDrawn();
      if (answer.atosFiltro && !acts.length) { acts = answer.atosFiltro; drawFilters(); }
      draw(answer);
    });
    worker.addEventListener("error", () => { inFlight = false; showError(); });
    return worker;
  }

  // One query in flight: keys typed meanwhile wait, and the newest text goes when the answer
  // comes (on a slow link the words typed on the way are not fetched one by one).
  let inFlight = false;
  let pendingText = null;
  function ask() {
    const text = box.value;
    if (!text.trim()) { hidePanel(); return; }
    if (inFlight) { pendingText = text; return; }
    send(text);
  }
  function settle() {
    inFlight = false;
    if (pendingText !== null && pendingText !== lastSent) { const t = pendingText; pendingText = null; send(t); }
    pendingText = null;
  }
  let lastSent = null;
  function send(text, complete = false) {
    clearTimeout(settleTimer);
    inFlight = true;
    lastSent = text;
    asked += 1;
    root.dataset.buscando = String(asked);
    if (!waited) { waited = true; busyWith(first); }
    start().postMessage({
      tipo: "buscar", caixa: token, id: asked, texto: text, ato: contextAct(), completa: complete,
      filtros: { category: chosen.category || undefined, act: chosen.act || undefined },
    });
  }

  function drawFilters() {
    clear(filters);
    const make = (value, label, key) => {
      const b = el("button", { type: "button", className: "busca-filtro", "aria-pressed": String(chosen[key] === value) }, label);
      b.addEventListener("click", () => { chosen[key] = chosen[key] === value && value ? "" : value; drawFilters(); lastSent = null; ask(); });
      return b;
    };
    FILTERS.forEach(([value, label]) => filters.append(make(value, label, "category")));
    acts.forEach((a) => filters.append(make(a.slug, a.title, "act")));
  }

  function pieces(target, parts) {
    for (const p of parts) target.append(p.m ? el("mark", null, p.t) : document.createTextNode(p.t));
  }

  // The cards' addresses are from the site's root (search/meta.json's pages).
  function withWords(href, words) {
    const url = new URL(href, siteRoot);
    if (words) url.searchParams.set("h", words);
    return url.pathname + url.search + url.hash;
  }

  function draw(answer) {
    showPanel();
    clear(list);
    absent.hidden = true;
    clear(absent);
    const count = answer.cartoes.length;
    let line = count ? `${count} ${count === 1 ? "página" : "páginas"} com resultados` : "Nenhum resultado";
    if (answer.correcao) line += ` · Mostrando resultados para «${answer.correcao}»`;
    status.textContent = line;
    if (answer.ausente) drawAbsent(answer);
    answer.cartoes.forEach((card) => {
      const item = el("li", { className: `busca-cartao busca-cartao--${card.tipo || "outro"}` });
      const link = el("a", { href: withWords(card.endereco, answer.realce), "data-busca-resultado": "", className: "busca-cartao-link" });
      link.append(el("span", { className: "busca-pagina" }, card.pagina));
      if (card.titulo) link.append(el("span", { className: "busca-titulo" }, card.titulo));
      item.append(link);
      const text = el("p", { className: "busca-trecho" });
      pieces(text, card.trecho);
      item.append(text);
      if (card.secoes.length) {
        const more = el("ul", { className: "busca-secoes", "aria-label": `Mais em ${card.pagina}` });
        card.secoes.forEach((s) => {
          const li = el("li");
          li.append(el("a", { href: withWords(s.endereco, answer.realce) }, s.titulo));
          more.append(li);
        });
        item.append(more);
      }
      list.append(item);
    });
    if (answer.ausente && count) list.before(el("p", { className: "busca-parecidos" }, "Parecidos, que não são a resposta:"));
    // The hook of automated checks: the list of the newest query, complete (not a key's partial one).
    if (!answer.parcial) root.dataset.resultado = String(answer.id);
  }

  function drawAbsent(answer) {
    absent.hidden = false;
    absent.append(el("p", { className: "busca-ausente-titulo" }, `Não está aqui: «${box.value.trim()}»`));
    absent.append(el("p", null, `O assunto não está nestes ${answer.atos.count}: ${answer.atos.list}.`));
    const subject = answer.assunto;
    if (subject) {
      absent.append(el("p", null, subject.statement));
      const sources = el("ul", { className: "busca-ausente-fontes" });
      subject.sources.forEach((s) => {
        const li = el("li");
        li.append(el("a", { href: s.url, rel: "noopener" }, `${s.act}, ${s.provision}`));
        sources.append(li);
      });
      absent.append(sources, el("p", { className: "busca-ausente-conferencia" }, `Conferido em ${subject.verified}. ${subject.checked}`));
    } else {
      const more = el("p");
      more.append(document.createTextNode("O que vale hoje, artigo por artigo: "));
      more.append(el("a", { href: new URL("hoje/", siteRoot).pathname }, "O que vale hoje"));
      absent.append(more);
    }
  }

  function showError() {
    firstDrawn();
    showPanel();
    status.textContent = "A busca não respondeu. Tente de novo.";
  }

  function showPanel() { panel.hidden = false; root.classList.add("busca--com-resultados"); }
  function hidePanel() { panel.hidden = true; root.classList.remove("busca--com-resultados"); status.textContent = ""; }

  function open() {
    openSearch(root);
    start();
  }
  function close() {
    closeSearch(root);
    hidePanel();
    if (opener && opener.offsetParent) opener.focus();
  }

  function results() { return [...list.querySelectorAll("a")]; }
  function onKey(event) {
    const links = results();
    const at = links.indexOf(document.activeElement);
    if (event.key === "Escape") { event.preventDefault(); close(); box.blur(); return; }
    if (event.key === "ArrowDown" && links.length) { event.preventDefault(); links[Math.min(at + 1, links.length - 1)].focus(); }
    if (event.key === "ArrowUp" && links.length) {
      event.preventDefault();
      if (at <= 0) box.focus(); else links[at - 1].focus();
    }
  }

  box.addEventListener("focus", start);
  box.addEventListener("input", () => { clearTimeout(timer); clearTimeout(settleTimer); timer = setTimeout(ask, box.value.length > 2 ? 0 : WAIT_MS); });
  box.addEventListener("search", ask);
  root.addEventListener("keydown", onKey);
  list.addEventListener("click", (event) => { if (event.target.closest("a")) close(); });
  document.addEventListener("click", (event) => {
    if (!root.contains(event.target) && !panel.hidden) hidePanel();
  });
  drawFilters();
  return { ask, open, close };
}
