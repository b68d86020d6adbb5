/* Estatutos Portuários — os valores que um link traz, mostrados à parte e conferidos (issue 30).
 *
 * Um link compartilhado leva, além dos dados (?campo=valor), os valores principais como quem
 * enviou os viu, e quando (parâmetro «enviado»: calculators/figures.mjs). Um cálculo reaberto de
 * «Meus cálculos» leva o número do guardado («guardado»: calculators/kept.mjs). A página que abre
 * um link assim mostra na hora, antes e sem o motor, um quadro à parte, acima do formulário, com
 * esses valores e os dados em palavras, dizendo de onde vêm («calculado no aparelho de quem
 * enviou, em …», «guardado neste aparelho em …»); nunca na área do resultado. Quando o motor
 * calcula com os mesmos dados, o quadro diz que confere ou, valor por valor, o que difere. Se a
 * pessoa muda os dados antes, o quadro diz que a conferência vale só para os dados do link.
 *
 * form.mjs chama: opened(form, consulta, entradas) ao ligar o formulário, waiting(form) quando falta
 * o motor, computed(form, resultado, consulta) a cada resultado, failed(form) numa falha, e
 * shareHref(form, endereço) para o link de «Compartilhar».
 */
import { el } from "../common/dom.mjs";
import { compareFigures, decodeSent, differences, encodeSent, figuresOf, SENT_PARAM, whenText } from "./figures.mjs";
import { findKept, KEPT_PARAM } from "./kept.mjs";

var states = new WeakMap(); // form → {origem, figuras, quando, consulta, box}
var lasts = new WeakMap(); // form → {figuras, quando} of its last result

/* The link's own query, without the figures' parameters: what the form computes from. */
export function withoutFigures(search) {
  var params = new URLSearchParams(search);
  params.delete(SENT_PARAM);
  params.delete(KEPT_PARAM);
  params.delete("comprovante");
  return params;
}

function inputsList(entries) {
  var list = el("ul", { className: "calc-remetente-dados" });
  entries.forEach(function (entry) {
    if (!entry.itens) {
      list.appendChild(el("li", null, entry.rotulo + ": " + entry.valor));
      return;
    }
    var rows = entry.itens.map(function (item) {
      return item.rotulo + " (" + item.campos.map(function (c) { return c.rotulo + ": " + c.valor; }).join(", ") + ")";
    });
    list.appendChild(el("li", null, entry.rotulo + ": " + (rows.length ? rows.join("; ") : "nenhum")));
  });
  return list;
}

function figuresTable(figures, caption) {
  var table = el("table", { className: "calc-remetente-valores" });
  table.appendChild(el("caption", null, caption));
  var body = el("tbody");
  figures.forEach(function (f) {
    var tr = el("tr", { "data-valor": f.k });
    tr.appendChild(el("th", { scope: "row" }, f.r));
    tr.appendChild(el("td", { className: "calc-quantia" }, f.v));
    body.appendChild(tr);
  });
  table.appendChild(body);
  return table;
}

function verdict(state, kind, text, lines) {
  var node = state.box.querySelector(".calc-remetente-conferencia");
  node.setAttribute("data-conferencia", kind);
  node.textContent = text;
  var list = state.box.querySelector(".calc-remetente-diferencas");
  while (list.firstChild) list.removeChild(list.firstChild);
  (lines || []).forEach(function (line) { list.appendChild(el("li", null, line)); });
  list.hidden = !(lines && lines.length);
}

function buildBox(form, state, entries) {
  var sent = state.origem === "enviado";
  var title = sent ? "Resultado de quem enviou" : "Resultado guardado neste aparelho";
  var box = el("section", { className: "calc-remetente", "data-origem": state.origem, "aria-label": title });
  box.appendChild(el("h2", { className: "calc-remetente-titulo" }, title));
  box.appendChild(el("p", { className: "calc-remetente-origem" }, sent
    ? "Calculado no aparelho de quem enviou, em " + whenText(state.quando) + ". Estes valores vieram " +
      "no link: não são o resultado deste site. O cálculo é refeito aqui, com os mesmos dados, para conferir."
    : "Calculado e guardado neste aparelho em " + whenText(state.quando) + ", em «Meus cálculos». " +
      "O cálculo é refeito agora, com as regras desta versão do site, para conferir."));
  box.appendChild(figuresTable(state.figuras, sent ? "Valores de quem enviou" : "Valores guardados"));
  if (entries.length) {
    box.appendChild(el("p", { className: "calc-subtitulo" }, "Com estes dados (os mesmos do formulário abaixo)"));
    box.appendChild(inputsList(entries));
  }
  box.appendChild(el("p", { className: "calc-remetente-conferencia", role: "status" }));
  box.appendChild(el("ul", { className: "calc-remetente-diferencas", hidden: "" }));
  form.insertAdjacentElement("beforebegin", box);
  return box;
}

/* The form was just filled from the address: the figures it carries, if any, shown apart.
 * True when there are some (the form then computes even with no field in the link). */
export function opened(form, query, entries) {
  var old = form.previousElementSibling;
  while (old && (old.classList.contains("calc-remetente") || old.classList.contains("calc-erro-enviado"))) {
    var gone = old;
    old = old.previousElementSibling;
    gone.remove();
  }
  states.delete(form);
  var params = new URLSearchParams(window.location.search);
  var state = null;
  var sent = decodeSent(params.get(SENT_PARAM));
  if (sent && sent.erro) {
    // Apart from the form's own messages (a calculation clears those).
    form.insertAdjacentElement("beforebegin", el("p", { className: "calc-erro calc-erro-enviado", role: "status" },
      "Os valores de quem enviou, que vieram no link, não puderam ser lidos: nada deles é mostrado. " +
      "O cálculo é feito aqui com os dados do link."));
  } else if (sent) {
    state = { origem: "enviado", figuras: sent.figuras, quando: sent.quando };
  } else if (params.has(KEPT_PARAM)) {
    var kept = findKept(params.get(KEPT_PARAM));
    if (kept) state = { origem: "guardado", figuras: kept.figuras, quando: new Date(kept.quando) };
  }
  if (!state) return false;
  state.consulta = query;
  state.comprovante = params.get("comprovante") === "1";
  state.box = buildBox(form, state, entries);
  verdict(state, "aguardando", "Conferindo com o cálculo deste aparelho…");
  states.set(form, state);
  return true;
}

/* The calculation waits for the engine: the figures stay labelled as they are. */
export function waiting(form) {
  var state = states.get(form);
  if (!state) return;
  verdict(state, "sem-motor", "Para conferir estes valores com o cálculo deste aparelho, baixe o motor de " +
    "cálculo (quadro acima). Até lá, os valores acima são " +
    (state.origem === "enviado" ? "os de quem enviou." : "os guardados."));
}

export function failed(form) {
  var state = states.get(form);
  if (!state) return;
  verdict(state, "falhou", "Não foi possível conferir: o cálculo deste aparelho não terminou (a mensagem está " +
    "no formulário). Os valores acima continuam sendo " + (state.origem === "enviado" ? "os de quem enviou." : "os guardados."));
}

/* A result on screen: its figures are the ones a shared link will carry; and, computed from the
 * link's own data, it confirms or contradicts the figures shown apart. Returns the figures. */
export function computed(form, result, query) {
  var figures = figuresOf(result);
  lasts.set(form, { figuras: figures, quando: new Date() });
  var state = states.get(form);
  if (!state) return figures;
  if (query !== state.consulta) {
    verdict(state, "mudou", "Os dados do formulário mudaram depois que o link abriu: o resultado abaixo é " +
      "dos dados novos, e os valores acima valem só para os dados do link.");
    return figures;
  }
  var comparison = compareFigures(state.figuras, figures);
  var first = state.origem === "enviado" ? "quem enviou viu" : "o guardado tinha";
  if (comparison.same) {
    verdict(state, "confere", "Conferido: o cálculo deste aparelho, com os mesmos dados, deu os mesmos valores.");
  } else {
    verdict(state, "difere", "Diferente: o cálculo deste aparelho, com os mesmos dados, não deu os mesmos valores. " +
      "O resultado certo para esta versão do site é o de baixo.", differences(comparison, first));
  }
  return figures;
}

/* «Abrir o comprovante» asked by the link (a kept calculation's «Comprovante»): once. */
export function wantsReceipt(form) {
  var state = states.get(form);
  if (!state || !state.comprovante) return false;
  state.comprovante = false;
  return true;
}

/* The link «Compartilhar» gives: the calculation's address and, when a result is on screen for
 * these data, its figures and time. */
export function shareHref(form, href) {
  var last = lasts.get(form);
  var url = new URL(href);
  url.search = withoutFigures(url.search).toString();
  if (last && last.figuras.length) url.searchParams.set(SENT_PARAM, encodeSent(last.figuras, last.quando));
  return url.href;
}

/* The form changed (cleared): its last figures are no longer the form's. */
export function forget(form) {
  lasts.delete(form);
}
