/* Estatutos Portuários — o resultado de um cálculo, desenhado a partir das suas partes.
 *
 * O mesmo vocabulário de partes que a construção desenha nos exemplos verificados
 * (macros/render/calculators.py, result_html): destaques, valores calculados, tabelas
 * (legenda, colunas, linhas, rodapé, nota), passagens a outra calculadora, passo a passo com o
 * dispositivo de cada passo, verificações (cada uma com sua gravidade, dispositivo e mensagem),
 * avisos e a regra de arredondamento. Nenhuma calculadora é nomeada aqui; o teste
 * tests/browser/test_result_parts.py compara este desenho com o da construção.
 *
 * Tudo é montado com createElement/textContent: nada do resultado (que ecoa o que a pessoa
 * digitou) vira HTML.
 *
 * render(resultado, {rotulos, acoes}) → DocumentFragment; calculatorUrl(nome) → URL.
 */
import { el } from "../common/dom.mjs";
import { siteOf } from "../common/page.mjs";
import { PRIMARY } from "../common/material.mjs";

var SITE = siteOf(import.meta.url);

function text(value) {
  return document.createTextNode(String(value === undefined || value === null ? "" : value));
}

// The one place a calculator's address is built (the build: calculator_href).
export function calculatorUrl(name) {
  return new URL("calculadoras/" + encodeURIComponent(String(name)) + "/", SITE);
}

// The inputs handed to another calculator as its share-link query (as the form shares them).
function encodeInputs(inputs) {
  var params = new URLSearchParams();
  Object.keys(inputs || {}).forEach(function (name) {
    var value = inputs[name];
    if (Array.isArray(value) || (value && typeof value === "object")) params.set(name, JSON.stringify(value));
    else if (typeof value === "boolean") params.set(name, value ? "sim" : "nao");
    else if (value !== null && value !== undefined) params.set(name, String(value));
  });
  return params;
}

// A provision's link: its anchor in this edition, or the official publication of a later act
// or precedent (with the date it was verified). labels: "<slug>#<id>" → printed label.
function provisionLink(provision, labels) {
  var slug = String(provision.statute || "");
  var id = String(provision.id || "");
  var ref = slug + "#" + id;
  var out = document.createDocumentFragment();
  var name = labels[ref] || provision.label || (slug + ", " + id);
  if (provision.external === true) {
    // A later act or precedent: its official publication, when an address is known; else its
    // name only. How it was checked, as it was: the copy read is named (``checked``).
    var official = /^https:\/\//.test(String(provision.url || ""));
    var cited = el(official ? "a" : "span", { className: "calc-dispositivo calc-dispositivo--hoje", "data-ref": ref }, name);
    if (official) {
      cited.href = provision.url;
      cited.rel = "noopener";
    }
    out.appendChild(cited);
    var day = String(provision.verified || "").split("-").reverse().join("/");
    var how = provision.checked ? "conferido em " + day + " " + String(provision.checked)
      : "registrado em " + day + ", sem abrir a página oficial";
    out.appendChild(text(" "));
    out.appendChild(el("span", { className: "calc-verificado" }, "(" + how + ")"));
    return out;
  }
  var link = el("a", { className: "calc-dispositivo", "data-ref": ref }, name);
  link.href = new URL(encodeURIComponent(slug) + "/#" + encodeURIComponent(id), SITE).href;
  out.appendChild(link);
  return out;
}

function valuesTable(result) {
  var table = el("table", { className: "calc-valores-tabela" });
  table.appendChild(el("caption", null, "Valores calculados"));
  var body = el("tbody");
  function row(th, td, attrs) {
    var tr = el("tr", attrs);
    tr.appendChild(el("th", { scope: "row" }, th));
    tr.appendChild(el("td", { className: "calc-quantia" }, td));
    body.appendChild(tr);
  }
  var amounts = result.amounts || {};
  Object.keys(amounts).forEach(function (key) {
    row(amounts[key].label, amounts[key].formatted, { "data-valor": key });
  });
  var quantities = result.quantities || {};
  Object.keys(quantities).forEach(function (key) {
    row(quantities[key].label, quantities[key].formatted, { "data-quantidade": key });
  });
  table.appendChild(body);
  return table;
}

// A table part. On a narrow screen the CSS reflows it into one card per row (each value with
// its column name, from data-rotulo): no column is cut off. The explicit ARIA roles keep it a
// table for screen readers.
function tablePart(part) {
  var columns = Array.isArray(part.columns) ? part.columns : [];
  var wrap = el("div", { className: "calc-partes-quadro" });
  var table = el("table", { className: "calc-partes", role: "table" });
  table.appendChild(el("caption", null, part.caption));
  var head = el("thead", { role: "rowgroup" });
  var tr = el("tr", { role: "row" });
  columns.forEach(function (heading) {
    tr.appendChild(el("th", { scope: "col", role: "columnheader" }, heading));
  });
  head.appendChild(tr);
  table.appendChild(head);
  var body = el("tbody", { role: "rowgroup" });
  (part.rows || []).forEach(function (cells) {
    var line = el("tr", { role: "row" });
    line.appendChild(el("th", { scope: "row", role: "rowheader" }, cells[0]));
    cells.slice(1).forEach(function (value, index) {
      line.appendChild(el("td", { role: "cell", "data-rotulo": columns[index + 1] }, value));
    });
    body.appendChild(line);
  });
  table.appendChild(body);
  if (part.footer && part.footer.length) {
    var foot = el("tfoot", { role: "rowgroup" });
    part.footer.forEach(function (item) {
      var line = el("tr", { role: "row" });
      line.appendChild(el("th", { scope: "row", role: "rowheader", colspan: String(columns.length - 1) }, item.label));
      line.appendChild(el("td", { role: "cell", "data-rotulo": item.value_label }, item.value));
      foot.appendChild(line);
    });
    table.appendChild(foot);
  }
  wrap.appendChild(table);
  if (part.note) wrap.appendChild(el("p", { className: "calc-nota-partes" }, part.note));
  return wrap;
}

// "Continue with another calculator": a real link (Material's instant navigation takes it and
// the engine survives), with the inputs handed over in its query.
function handoffPart(part) {
  var target = calculatorUrl(part.calculator);
  target.search = encodeInputs(part.inputs).toString();
  var go = el("a", { className: PRIMARY + " calc-levar", "data-acao": "levar" }, part.label);
  go.href = target.href;
  return go;
}

function stepsPart(steps, labels) {
  var list = el("ol", { className: "calc-passos" });
  steps.forEach(function (step) {
    var li = el("li");
    li.appendChild(provisionLink(step.provision || {}, labels));
    li.appendChild(text(": " + String(step.explanation || "")));
    var values = step.values || {};
    var keys = Object.keys(values);
    if (keys.length) {
      var dl = el("dl", { className: "calc-valores" });
      keys.forEach(function (key) {
        dl.appendChild(el("dt", null, key));
        dl.appendChild(el("dd", null, values[key]));
      });
      li.appendChild(dl);
    }
    list.appendChild(li);
  });
  return list;
}

function findingsPart(findings, labels) {
  var list = el("ul", { className: "calc-ocorrencias" });
  findings.items.forEach(function (finding) {
    var li = el("li", { className: "calc-ocorrencia calc-ocorrencia--" + String(finding.severity || "") });
    li.appendChild(el("strong", null, finding.label));
    li.appendChild(text(" — "));
    li.appendChild(provisionLink(finding.provision || {}, labels));
    li.appendChild(text(": " + String(finding.message || "")));
    list.appendChild(li);
  });
  return list;
}

// The whole result, in the build's order. options.rotulos: the provisions' printed labels;
// options.acoes: draw the hand-offs (the live result does; the worked examples do not).
export function render(result, options) {
  var labels = (options && options.rotulos) || {};
  var out = document.createDocumentFragment();
  (result.highlights || []).forEach(function (line) {
    out.appendChild(el("p", { className: "calc-destaque" }, line));
  });
  var amounts = result.amounts || {};
  if (Object.keys(amounts).length || Object.keys(result.quantities || {}).length) {
    out.appendChild(valuesTable(result));
  }
  (result.tables || []).forEach(function (part) { out.appendChild(tablePart(part)); });
  if (options && options.acoes) {
    (result.handoffs || []).forEach(function (part) { out.appendChild(handoffPart(part)); });
  }
  out.appendChild(el("p", { className: "calc-subtitulo" }, "Passo a passo"));
  out.appendChild(stepsPart(result.steps || [], labels));
  var findings = result.findings;
  if (findings && Array.isArray(findings.items) && findings.items.length) {
    out.appendChild(el("p", { className: "calc-subtitulo" }, findings.title));
    out.appendChild(findingsPart(findings, labels));
  }
  if (result.warnings && result.warnings.length) {
    out.appendChild(el("p", { className: "calc-subtitulo" }, "Avisos"));
    var list = el("ul", { className: "calc-avisos" });
    result.warnings.forEach(function (warning) { list.appendChild(el("li", null, warning)); });
    out.appendChild(list);
  }
  if (result.rounding && Object.keys(amounts).length) {
    var rounding = el("p", { className: "calc-arredondamento" });
    rounding.appendChild(el("strong", null, "Arredondamento:"));
    rounding.appendChild(text(" " + String(result.rounding.rule) + ". " + String(result.rounding.description)));
    out.appendChild(rounding);
  }
  return out;
}
