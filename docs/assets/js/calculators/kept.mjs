/* Estatutos Portuários — «Meus cálculos»: os cálculos guardados neste aparelho (issue 30).
 *
 * Depois de cada resultado, a pergunta «Guardar este cálculo neste aparelho?»; depois de um «sim»,
 * cada resultado é guardado sozinho (a escolha fica no aparelho), com «Não guardar este» ao lado.
 * Cada cálculo guardado tem: a calculadora, a data, os dados em palavras, os valores principais
 * (calculators/figures.mjs), a versão do site e a consulta que o refaz. Nada sai do aparelho: fica
 * no localStorage (STORAGE.keptCalculations), no máximo MAX_KEPT, os mais novos primeiro; o mesmo
 * cálculo (mesma calculadora, mesmos dados) guardado de novo substitui o antigo.
 *
 * A lista fica abaixo do resultado em cada calculadora (os daquela calculadora) e na página
 * «Meus cálculos» (todos): abrir (a calculadora refaz o cálculo e confere os valores guardados:
 * calculators/linked.mjs), comprovante (abre e imprime), compartilhar (o link com os valores),
 * apagar um, apagar todos. Um cálculo de outra versão do site diz «calculado em … com uma versão
 * anterior do site»: os valores dele nunca aparecem como os de hoje.
 *
 * Armazenamento bloqueado (SecurityError) ou cheio (QuotaExceededError): a lista e o quadro do
 * resultado dizem isso, e o cálculo continua funcionando.
 *
 * Numa página embutível (embutir/, dentro do site de outro), nada disso: o armazenamento ali é o
 * do site de fora, e o cálculo guardado não apareceria no site.
 */
import { STORAGE, YES } from "../common/constants.mjs";
import { clear, el } from "../common/dom.mjs";
import { BUTTON, PRIMARY } from "../common/material.mjs";
import { embedded, onEachPage, pageBuild, siteOf } from "../common/page.mjs";
import { encodeSent, SENT_PARAM, whenText } from "./figures.mjs";
import { calculatorUrl } from "./result.mjs";

var SITE = siteOf(import.meta.url);
export var KEPT_PARAM = "guardado";
export var MAX_KEPT = 50;
var refusedHere = false; // «Agora não» on this page: asked again on the next visit

function storageProblem(error) {
  if (error && (error.name === "QuotaExceededError" || error.code === 22)) return "cheio";
  return "bloqueado";
}

function problemText(problem) {
  return problem === "cheio"
    ? "Não há espaço neste aparelho para guardar o cálculo: o armazenamento do navegador está cheio. " +
      "O resultado acima continua valendo; para guardar, apague cálculos antigos em «Meus cálculos» ou libere espaço."
    : "Este navegador não deixa o site guardar nada neste aparelho (modo privado ou bloqueio de dados de " +
      "sites), e por isso «Meus cálculos» não funciona aqui. O cálculo continua funcionando.";
}

function valid(entry) {
  return Boolean(entry) && typeof entry === "object" && typeof entry.id === "string" &&
    typeof entry.calc === "string" && typeof entry.quando === "string" && Array.isArray(entry.figuras) &&
    typeof entry.consulta === "string" && !isNaN(new Date(entry.quando).getTime());
}

/* {lista, problema}: the kept calculations, newest first; problema when storage is blocked. */
export function readKept() {
  var raw;
  try { raw = window.localStorage.getItem(STORAGE.keptCalculations); } catch (error) {
    return { lista: [], problema: storageProblem(error) };
  }
  var list;
  try { list = JSON.parse(raw || "[]"); } catch { list = []; }
  return { lista: Array.isArray(list) ? list.filter(valid) : [], problema: "" };
}

/* Writes the list; "" or the problem («cheio», «bloqueado»). */
function writeKept(list) {
  try {
    if (list.length) window.localStorage.setItem(STORAGE.keptCalculations, JSON.stringify(list));
    else window.localStorage.removeItem(STORAGE.keptCalculations);
    return "";
  } catch (error) {
    return storageProblem(error);
  }
}

export function findKept(id) {
  var found = readKept().lista.filter(function (entry) { return entry.id === id; });
  return found.length ? found[0] : null;
}

function choice() {
  try { return window.localStorage.getItem(STORAGE.keepCalculations); } catch { return null; }
}

function setChoice(value) {
  try { window.localStorage.setItem(STORAGE.keepCalculations, value); } catch { /* told by the save */ }
}

function newId() {
  return "c" + Date.now().toString(36) + Math.floor(Math.random() * 1e6).toString(36);
}

/* Keeps one calculation; {entrada, problema}. */
function keep(data) {
  var read = readKept();
  if (read.problema) return { entrada: null, problema: read.problema };
  var others = read.lista.filter(function (e) { return !(e.calc === data.calc && e.consulta === data.consulta); });
  var entry = {
    id: newId(), calc: data.calc, titulo: data.titulo, quando: new Date().toISOString(), versao: pageBuild(),
    consulta: data.consulta, entradas: data.entradas, figuras: data.figuras,
  };
  var list = [entry].concat(others).slice(0, MAX_KEPT);
  var problem = writeKept(list);
  refresh();
  return { entrada: problem ? null : entry, problema: problem };
}

function removeKept(id) {
  var read = readKept();
  var problem = writeKept(read.lista.filter(function (e) { return e.id !== id; }));
  refresh();
  return problem;
}

function removeAll() {
  var problem = writeKept([]);
  refresh();
  return problem;
}

/* The address that reopens a kept calculation (the calculator recomputes and compares). */
export function reopenHref(entry, receipt) {
  var url = calculatorUrl(entry.calc);
  var params = new URLSearchParams(entry.consulta);
  params.set(KEPT_PARAM, entry.id);
  if (receipt) params.set("comprovante", "1");
  url.search = params.toString();
  return url.href;
}

function shareHref(entry) {
  var url = calculatorUrl(entry.calc);
  var params = new URLSearchParams(entry.consulta);
  params.set(SENT_PARAM, encodeSent(entry.figuras, new Date(entry.quando)));
  url.search = params.toString();
  return url.href;
}

function inputsWords(entries) {
  return (entries || []).map(function (entry) {
    if (!entry.itens) return entry.rotulo + ": " + entry.valor;
    return entry.rotulo + ": " + entry.itens.length + (entry.itens.length === 1 ? " item" : " itens");
  }).join("; ");
}

// ---------------------------------------------------------------- after a result
/* The box after a result: the question the first time, then kept by default. data = {calc,
 * titulo, consulta, entradas, figuras}. */
export function offerKeep(area, data) {
  // Inside another site (embutir/): nothing kept there, its storage is not the site's own.
  if (embedded()) return;
  var box = el("div", { className: "calc-guardar", role: "status" });
  area.appendChild(box);
  var saved = function () {
    clear(box);
    var result = keep(data);
    if (result.problema) {
      box.setAttribute("data-guardado", result.problema);
      box.appendChild(el("p", { className: "calc-guardar-texto" }, problemText(result.problema)));
      return;
    }
    box.setAttribute("data-guardado", "sim");
    box.setAttribute("data-id", result.entrada.id);
    var text = el("p", { className: "calc-guardar-texto" }, "Guardado em ");
    var link = el("a", { href: new URL("meus-calculos/", SITE).href }, "Meus cálculos");
    text.appendChild(link);
    text.appendChild(document.createTextNode(", só neste aparelho; abre também sem internet."));
    box.appendChild(text);
    var undo = el("button", { type: "button", className: BUTTON + " calc-guardar-nao" }, "Não guardar este");
    undo.addEventListener("click", function () {
      var problem = removeKept(result.entrada.id);
      clear(box);
      box.setAttribute("data-guardado", problem || "nao");
      box.appendChild(el("p", { className: "calc-guardar-texto" },
        problem ? problemText(problem) : "Este cálculo não foi guardado. Os próximos continuam sendo guardados."));
    });
    box.appendChild(undo);
  };
  var blocked = readKept().problema;
  if (blocked) {
    // Nothing can be kept here: said at once, no question asked.
    box.setAttribute("data-guardado", blocked);
    box.appendChild(el("p", { className: "calc-guardar-texto" }, problemText(blocked)));
    return box;
  }
  if (choice() === YES) {
    saved();
    return box;
  }
  if (refusedHere) {
    box.hidden = true;
    return box;
  }
  box.setAttribute("data-guardado", "pergunta");
  box.appendChild(el("p", { className: "calc-guardar-texto" }, "Guardar este cálculo neste aparelho, em «Meus " +
    "cálculos»? Ele fica só aqui (nada é enviado), abre também sem internet, e os próximos são guardados " +
    "do mesmo jeito; cada um pode ser apagado."));
  var yes = el("button", { type: "button", className: PRIMARY + " calc-guardar-sim" }, "Guardar neste aparelho");
  var no = el("button", { type: "button", className: BUTTON + " calc-guardar-agora-nao" }, "Agora não");
  yes.addEventListener("click", function () {
    setChoice(YES);
    saved();
  });
  no.addEventListener("click", function () {
    refusedHere = true;
    clear(box);
    box.setAttribute("data-guardado", "nao");
    box.appendChild(el("p", { className: "calc-guardar-texto" }, "Não guardado."));
  });
  box.appendChild(yes);
  box.appendChild(no);
  return box;
}

// ---------------------------------------------------------------- the lists
function itemOf(entry, showTitle) {
  var current = pageBuild();
  var li = el("li", { className: "meus-calculos-item", "data-id": entry.id, "data-calc": entry.calc });
  var head = el("p", { className: "meus-calculos-quando" });
  if (showTitle) head.appendChild(el("strong", null, (entry.titulo || entry.calc) + " — "));
  head.appendChild(document.createTextNode("calculado em " + whenText(new Date(entry.quando))));
  if (entry.versao && current && entry.versao !== current) {
    li.setAttribute("data-outra-versao", "sim");
    head.appendChild(el("span", { className: "meus-calculos-versao" }, " com uma versão anterior do site: " +
      "os valores abaixo são os daquele dia; ao abrir, o cálculo é refeito com a versão de hoje e o que " +
      "mudou é apontado"));
  }
  li.appendChild(head);
  var words = inputsWords(entry.entradas);
  if (words) li.appendChild(el("p", { className: "meus-calculos-dados" }, "Dados: " + words));
  var figures = el("ul", { className: "meus-calculos-valores" });
  entry.figuras.forEach(function (f) { figures.appendChild(el("li", { "data-valor": f.k }, f.r + ": " + f.v)); });
  li.appendChild(figures);
  var actions = el("p", { className: "meus-calculos-acoes" });
  var open = el("a", { className: BUTTON, "data-acao": "abrir" }, "Abrir e conferir");
  open.href = reopenHref(entry, false);
  var receipt = el("a", { className: BUTTON, "data-acao": "comprovante" }, "Comprovante");
  receipt.href = reopenHref(entry, true);
  var share = el("button", { type: "button", className: BUTTON, "data-acao": "compartilhar" }, "Compartilhar");
  var remove = el("button", { type: "button", className: BUTTON, "data-acao": "apagar" }, "Apagar");
  [open, receipt, share, remove].forEach(function (node) { actions.appendChild(node); });
  li.appendChild(actions);
  return li;
}

function say(section, text) {
  var node = section.querySelector(".meus-calculos-estado");
  if (node) node.textContent = text;
}

function shareEntry(section, entry) {
  var href = shareHref(entry);
  var copy = function () {
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(href).then(function () { say(section, "Link copiado."); },
        function () { say(section, "Copie o link: " + href); });
    } else {
      say(section, "Copie o link: " + href);
    }
  };
  if (typeof navigator.share === "function") {
    navigator.share({ title: entry.titulo || document.title, url: href }).then(function () {
      say(section, "Link compartilhado.");
    }, function (error) { if (!error || error.name !== "AbortError") copy(); });
  } else {
    copy();
  }
}

function fill(section) {
  var only = section.getAttribute("data-calc");
  var list = section.querySelector(".meus-calculos-lista");
  var read = readKept();
  var entries = read.lista.filter(function (entry) { return !only || entry.calc === only; });
  clear(list);
  var all = section.querySelector("[data-acao='apagar-todos']");
  var summary = section.querySelector(".meus-calculos-resumo");
  section.setAttribute("data-quantos", String(entries.length));
  if (read.problema) {
    section.setAttribute("data-problema", read.problema);
    summary.textContent = problemText(read.problema);
  } else {
    section.removeAttribute("data-problema");
    summary.textContent = entries.length
      ? (entries.length === 1 ? "1 cálculo guardado" : entries.length + " cálculos guardados") +
        (only ? " desta calculadora" : "") + " neste aparelho, os mais novos primeiro. Nada disso sai do aparelho."
      : "Nenhum cálculo guardado neste aparelho" + (only ? " para esta calculadora" : "") +
        ". Depois de calcular, toque em «Guardar neste aparelho».";
  }
  entries.forEach(function (entry) { list.appendChild(itemOf(entry, !only)); });
  if (all) {
    all.hidden = !entries.length;
    all.textContent = only ? "Apagar os cálculos desta calculadora" : "Apagar todos";
    delete all.dataset.confirmar;
  }
  // On a calculator page the list shows only when there is something to show.
  if (only) section.hidden = !entries.length && !read.problema;
}

function bindList(section) {
  if (section.dataset.ligado) return;
  section.dataset.ligado = "1";
  if (!section.querySelector(".meus-calculos-lista")) {
    section.appendChild(el("p", { className: "meus-calculos-resumo" }));
    section.appendChild(el("ol", { className: "meus-calculos-lista" }));
    var all = el("button", { type: "button", className: BUTTON, "data-acao": "apagar-todos" }, "Apagar todos");
    section.appendChild(all);
    section.appendChild(el("p", { className: "meus-calculos-estado", role: "status" }));
  }
  section.querySelectorAll(".meus-calculos-sem-js").forEach(function (node) { node.hidden = true; });
  section.addEventListener("click", function (event) {
    var button = event.target.closest("button[data-acao]");
    if (!button) return;
    var action = button.getAttribute("data-acao");
    var item = button.closest(".meus-calculos-item");
    var entry = item ? findKept(item.getAttribute("data-id")) : null;
    if (action === "apagar" && item) {
      var problem = removeKept(item.getAttribute("data-id"));
      say(section, problem ? problemText(problem) : "Cálculo apagado deste aparelho.");
    } else if (action === "compartilhar" && entry) {
      shareEntry(section, entry);
    } else if (action === "apagar-todos") {
      if (!button.dataset.confirmar) {
        // A second tap confirms: nothing this big goes at one touch.
        button.dataset.confirmar = "1";
        button.textContent = "Confirmar: apagar " + section.getAttribute("data-quantos") + " cálculo(s)";
        return;
      }
      var only = section.getAttribute("data-calc");
      var problemAll;
      if (only) {
        var rest = readKept().lista.filter(function (e) { return e.calc !== only; });
        problemAll = writeKept(rest);
        refresh();
      } else {
        problemAll = removeAll();
      }
      say(section, problemAll ? problemText(problemAll) : "Cálculos apagados deste aparelho.");
      var focus = section.querySelector(".meus-calculos-resumo");
      if (focus) { focus.setAttribute("tabindex", "-1"); focus.focus(); }
    }
  });
}

/* Every list on the page drawn again from storage. */
function refresh() {
  document.querySelectorAll(".meus-calculos[data-ligado]").forEach(fill);
}

function setup() {
  if (embedded()) return; // no «Meus cálculos» inside another site
  // A calculator's page: its own list, after its result.
  document.querySelectorAll("form.calc-form").forEach(function (form) {
    var calc = form.getAttribute("data-calc");
    var area = document.getElementById("resultado-" + calc);
    if (!area || document.querySelector(".meus-calculos[data-calc='" + calc + "']")) return;
    var section = el("section", { className: "meus-calculos", "data-calc": calc, "aria-label": "Meus cálculos desta calculadora" });
    section.appendChild(el("h2", { className: "meus-calculos-titulo" }, "Meus cálculos"));
    area.insertAdjacentElement("afterend", section);
  });
  document.querySelectorAll(".meus-calculos").forEach(function (section) {
    bindList(section);
    fill(section);
  });
}

export function start() {
  onEachPage(setup);
  // Another tab kept or deleted one: the lists follow.
  window.addEventListener("storage", function (event) {
    if (event.key === STORAGE.keptCalculations || event.key === null) refresh();
  });
}
