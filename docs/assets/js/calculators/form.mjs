/* Estatutos Portuários — o formulário das calculadoras (nenhuma calculadora é nomeada aqui).
 *
 * O formulário vem pronto do servidor (gerado de calculators.api.describe); este script:
 * - lê o formulário e envia os valores como texto ao motor (quem interpreta "1.234,56" é o
 *   Python), pelo cliente do motor (engine/client.mjs: worker, aceite, falhas, tempos);
 * - mostra o resultado com o desenho genérico de partes (result.mjs), montado só
 *   com createElement/textContent — nada digitado vira HTML — e as mensagens de cada campo;
 * - põe os dados do cálculo na URL (Compartilhar) e refaz o cálculo ao abrir um link assim (é
 *   também como uma calculadora passa as horas a outra);
 * - diz ao aviso de nova versão (offline/registration.mjs) se alguém está usando a calculadora
 *   (algo digitado, um cálculo em curso) e põe o que foi digitado no endereço, para que a página
 *   recarregada volte com o formulário preenchido.
 */
import { clear, el } from "../common/dom.mjs";
import { onEachPage } from "../common/page.mjs";
import { acceptNewVersion, offerNewVersion, setForms } from "../offline/registration.mjs";
import * as motor from "../engine/client.mjs";
import { ask, whenAllowed } from "../engine/offer.mjs";
import { fullHref } from "./embed.mjs";
import { offerKeep } from "./kept.mjs";
import * as linked from "./linked.mjs";
import { offerReceipt } from "./receipt.mjs";
import { render } from "./result.mjs";
import { BUTTON } from "../common/material.mjs";

// The address parameter of a question's link: fill the choices, compute nothing (macros/render/
// perguntas.py writes it; it is never a field's name).
var PRESET = "preparar";

function currentStatus() {
  return document.querySelector(".calc-form .calc-estado");
}

// The engine's progress (marked data-progresso: it belongs to the engine's start, not to the form).
function setStatus(text) {
  var status = currentStatus();
  if (!status) return;
  status.textContent = text;
  status.setAttribute("data-progresso", "");
}

// The engine's progress line says nothing once the engine is ready, nor on a page the browser
// brings back from its back-forward cache (pageshow): a form's status left with it («Baixando o
// motor de cálculo: 100%…») is emptied, or says «Calculando…» while a calculation runs.
function refreshStatus() {
  if (motor.running() && !motor.loaded()) return; // still starting: its progress goes on
  document.querySelectorAll("form.calc-form .calc-estado[data-progresso]").forEach(function (status) {
    var form = status.closest("form");
    status.removeAttribute("data-progresso");
    status.textContent = form && form.dataset.emCurso ? "Calculando…" : "";
  });
}

function setProgress(loaded, total) {
  var status = currentStatus();
  if (!status || !total) return;
  status.setAttribute("data-baixado", String(loaded));
  status.setAttribute("data-total", String(total));
}


// ---------------------------------------------------------------- form structure
function topFields(form) {
  return Array.prototype.filter.call(form.querySelectorAll("[data-field]"), function (node) {
    return !node.hasAttribute("data-item-field") && !node.closest("template");
  });
}

function wrapperOf(control) {
  return control.closest(".calc-campo") || control;
}

function isShown(control) {
  var wrapper = control.closest("[data-visible-when]");
  return !wrapper || !wrapper.hidden;
}

function rowsOf(list) {
  return Array.prototype.slice.call(list.querySelectorAll(":scope > .calc-itens > [data-item]"));
}

function renumber(form, list) {
  var name = list.getAttribute("data-lista");
  var calc = form.getAttribute("data-calc");
  var rows = rowsOf(list);
  rows.forEach(function (row, index) {
    var legend = row.querySelector(":scope > legend");
    var noun = legend.textContent.replace(/\s*\d+$/, "");
    legend.textContent = noun + " " + (index + 1);
    var remove = row.querySelector(":scope > [data-acao='remover']");
    remove.textContent = "Remover " + noun.toLowerCase() + " " + (index + 1);
    row.querySelectorAll("[data-item-field]").forEach(function (control) {
      var field = control.getAttribute("data-item-field");
      var path = name + "[" + index + "]." + field;
      var ident = "c-" + calc + "-" + name + "-" + index + "-" + field;
      var wrapper = wrapperOf(control);
      var label = wrapper.querySelector("label");
      var help = wrapper.querySelector(".calc-ajuda");
      control.setAttribute("data-path", path);
      control.id = ident;
      if (label) label.setAttribute("for", ident);
      if (help) help.id = ident + "-ajuda";
      control.setAttribute("aria-describedby", ident + "-ajuda");
      wrapper.setAttribute("data-campo", path);
    });
  });
  var max = parseInt(list.getAttribute("data-max") || "50", 10);
  var min = parseInt(list.getAttribute("data-min") || "0", 10);
  list.querySelector(":scope > [data-acao='adicionar']").disabled = rows.length >= max;
  rows.forEach(function (row) {
    row.querySelector(":scope > [data-acao='remover']").disabled = rows.length <= min;
  });
}

function addRow(form, list) {
  var template = list.querySelector(":scope > template");
  var row = template.content.firstElementChild.cloneNode(true);
  list.querySelector(":scope > .calc-itens").appendChild(row);
  renumber(form, list);
  return row;
}

function setRowCount(form, list, count) {
  var rows = rowsOf(list);
  while (rows.length > count) rows.pop().remove();
  while (rowsOf(list).length < count) addRow(form, list);
  renumber(form, list);
}

function sourceOf(form, name) {
  return form.querySelector("[data-field='" + name + "']:not([data-item-field])");
}

function updateVisibility(form) {
  form.querySelectorAll("[data-visible-when]").forEach(function (wrapper) {
    var rule;
    try { rule = JSON.parse(wrapper.getAttribute("data-visible-when")); } catch { return; }
    var source = sourceOf(form, rule.field);
    if (!source) return;
    wrapper.hidden = rule["in"].indexOf(source.value) < 0;
  });
  // A group whose every field is hidden (today's hours in the 1965 view) goes with them.
  form.querySelectorAll("fieldset.calc-grupo").forEach(function (group) {
    var fields = group.querySelectorAll(":scope > .calc-campo, :scope > .calc-lista");
    group.hidden = fields.length > 0 && Array.prototype.every.call(fields, function (node) {
      return node.hidden;
    });
  });
  // The currency after a money label is the era's («R$» or «Cr$»), never both.
  form.querySelectorAll("[data-unidade-de]").forEach(function (unit) {
    var source = sourceOf(form, unit.getAttribute("data-unidade-de"));
    var units;
    try { units = JSON.parse(unit.getAttribute("data-unidades") || "{}"); } catch { units = {}; }
    if (source && units[source.value]) unit.textContent = "(" + units[source.value] + ")";
  });
}

// ---------------------------------------------------------------- values <-> form <-> URL
function controlValue(control) {
  if (control.type === "checkbox") return control.checked;
  return control.value;
}

function collect(form) {
  var inputs = {};
  topFields(form).forEach(function (control) {
    if (!isShown(control)) return;
    var name = control.getAttribute("data-field");
    if (control.hasAttribute("data-lista")) {
      inputs[name] = rowsOf(control).map(function (row) {
        var item = {};
        row.querySelectorAll("[data-item-field]").forEach(function (sub) {
          item[sub.getAttribute("data-item-field")] = controlValue(sub);
        });
        return item;
      });
    } else {
      inputs[name] = controlValue(control);
    }
  });
  return inputs;
}

function isDefault(control) {
  if (control.type === "checkbox") return control.checked === control.defaultChecked;
  if (control.tagName === "SELECT") {
    var option = control.options[control.selectedIndex];
    return !option || option.defaultSelected;
  }
  return control.value === control.defaultValue;
}

function shareQuery(form) {
  var params = new URLSearchParams();
  topFields(form).forEach(function (control) {
    if (!isShown(control)) return;
    var name = control.getAttribute("data-field");
    if (control.hasAttribute("data-lista")) {
      var rows = collect(form)[name] || [];
      if (rows.length) params.set(name, JSON.stringify(rows));
    } else if (!isDefault(control)) {
      var value = controlValue(control);
      params.set(name, typeof value === "boolean" ? (value ? "sim" : "nao") : value);
    }
  });
  return params;
}

// The words a yes may come as in a link (?campo=sim), the calculators' own (calculators/core/parsing.py,
// YES_WORDS), written by the build in the form's data-palavras-sim.
function yesWords(form) {
  return ((form && form.getAttribute("data-palavras-sim")) || "").split(" ").filter(Boolean);
}

function setControl(control, value) {
  if (control.type === "checkbox") {
    control.checked = value === true || yesWords(control.form).indexOf(String(value).trim().toLowerCase()) >= 0;
  } else {
    control.value = value === null || value === undefined ? "" : String(value);
  }
}

function fillFromQuery(form) {
  var params = new URLSearchParams(window.location.search);
  var known = 0;
  var problems = [];
  var tooLong = [];
  topFields(form).forEach(function (control) {
    var name = control.getAttribute("data-field");
    if (!params.has(name)) return;
    known += 1;
    var raw = params.get(name);
    if (control.hasAttribute("data-lista")) {
      var items;
      try { items = JSON.parse(raw); } catch { items = null; }
      if (!Array.isArray(items)) {
        problems.push(name);
        return;
      }
      var max = parseInt(control.getAttribute("data-max") || "50", 10);
      if (items.length > max) {
        // Never cut a list without a word: the link is refused, with both counts.
        var legend = control.querySelector("legend");
        tooLong.push("O link traz " + items.length + " itens em «" +
          (legend ? legend.textContent.trim() : name) + "»; o formulário aceita até " + max +
          ". Nada foi calculado: confira o link ou digite os itens.");
        return;
      }
      setRowCount(form, control, items.length);
      rowsOf(control).forEach(function (row, index) {
        var item = items[index] && typeof items[index] === "object" ? items[index] : {};
        row.querySelectorAll("[data-item-field]").forEach(function (sub) {
          var key = sub.getAttribute("data-item-field");
          if (Object.prototype.hasOwnProperty.call(item, key)) setControl(sub, item[key]);
        });
      });
    } else if (control.tagName === "SELECT") {
      var exists = Array.prototype.some.call(control.options, function (o) { return o.value === raw; });
      if (exists) control.value = raw;
      else problems.push(name);
    } else {
      setControl(control, raw);
    }
  });
  updateVisibility(form);
  return { known: known, problems: problems, tooLong: tooLong };
}

// ---------------------------------------------------------------- errors
function clearErrors(form) {
  form.querySelectorAll(".calc-erro").forEach(function (node) {
    var owner = node.getAttribute("data-de");
    var control = owner && document.getElementById(owner);
    if (control) {
      control.removeAttribute("aria-invalid");
      var ids = (control.getAttribute("aria-describedby") || "").split(" ").filter(function (x) {
        return x && x !== node.id;
      });
      control.setAttribute("aria-describedby", ids.join(" "));
    }
    node.remove();
  });
  clear(form.querySelector(".calc-erros-gerais"));
}

function showErrors(form, errors) {
  clearErrors(form);
  var general = form.querySelector(".calc-erros-gerais");
  var first = null;
  var count = 0;
  errors.forEach(function (error) {
    var path = String(error.field || "");
    var message = String(error.message || "Valor inválido.");
    var target = null;
    if (path) {
      form.querySelectorAll("[data-path]").forEach(function (node) {
        if (!target && node.getAttribute("data-path") === path && !node.closest("template")) target = node;
      });
    }
    if (target && isShown(target)) {
      count += 1;
      var ident = (target.id || ("c-" + form.getAttribute("data-calc") + "-lista-" + count)) + "-erro";
      if (!target.id) target.id = ident.replace(/-erro$/, "");
      var note = el("p", { className: "calc-erro", id: ident, role: "alert", "data-de": target.id }, message);
      var holder = target.hasAttribute("data-lista") ? target.querySelector(":scope > .calc-ajuda") : target;
      var wrapper = target.hasAttribute("data-lista") ? target : wrapperOf(target);
      if (target.type === "checkbox") wrapper.appendChild(note);
      else holder.insertAdjacentElement("afterend", note);
      target.setAttribute("aria-invalid", "true");
      var described = (target.getAttribute("aria-describedby") || "").split(" ").filter(Boolean);
      described.push(ident);
      target.setAttribute("aria-describedby", described.join(" "));
      if (!first) first = target;
    } else {
      general.appendChild(el("p", { className: "calc-erro" }, message));
    }
  });
  if (first && first.focus && !first.hasAttribute("data-lista")) first.focus();
}

// ---------------------------------------------------------------- result
// The provisions' labels ("Lei nº 4.860/1965, art. 7º") of the step links, from the form's
// data-rotulos (an attribute: it survives Material's instant navigation).
function labels(form) {
  try { return JSON.parse(form.getAttribute("data-rotulos") || "{}") || {}; } catch { return {}; }
}

// What the person entered, as the form shows it: each visible field's label and value (a
// choice's words, «sim»/«não»), a list's rows under its legend. The receipt's «Dados informados».
function labelText(control) {
  // Looked for in the control's form, not in the whole page (a calculator page is long: the worked
  // examples; this runs for every field at each result, issue 27).
  var label = control.id ? (control.form || document).querySelector("label[for='" + control.id + "']") : null;
  if (!label) return control.getAttribute("data-field") || "";
  var copy = label.cloneNode(true);
  // The value the receipt shows carries its unit («R$ 2.800,00», «44 horas»): the label does not.
  copy.querySelectorAll(".calc-opcional, .calc-unidade").forEach(function (node) { node.remove(); });
  return copy.textContent.replace(/\s+/g, " ").trim();
}

function shownValue(control) {
  if (control.type === "checkbox") return control.checked ? "sim" : "não";
  if (control.tagName === "SELECT") {
    var option = control.options[control.selectedIndex];
    return option ? option.textContent.trim() : "";
  }
  return String(control.value).trim() || "—";
}

function describeInputs(form) {
  return topFields(form).filter(isShown).map(function (control) {
    if (!control.hasAttribute("data-lista")) {
      return { rotulo: labelText(control), valor: shownValue(control), caminho: control.getAttribute("data-path") };
    }
    var legend = control.querySelector(":scope > legend");
    return {
      rotulo: legend ? legend.textContent.trim() : control.getAttribute("data-field"),
      itens: rowsOf(control).map(function (row) {
        var title = row.querySelector(":scope > legend");
        return {
          rotulo: title ? title.textContent.trim() : "",
          campos: Array.prototype.filter.call(row.querySelectorAll("[data-item-field]"), isShown)
            .map(function (sub) {
              return { rotulo: labelText(sub), valor: shownValue(sub), caminho: sub.getAttribute("data-path") };
            }),
        };
      }),
    };
  });
}

// Two nodes are the same when one can be turned into the other in place: same kind, same tag,
// same attributes (a text node: its text is set).
function sameShape(a, b) {
  if (a.nodeType !== b.nodeType || a.nodeName !== b.nodeName) return false;
  if (a.nodeType !== 1) return a.nodeType === 3;
  if (a.attributes.length !== b.attributes.length) return false;
  return Array.prototype.every.call(b.attributes, function (attr) {
    return a.getAttribute(attr.name) === attr.value;
  });
}

// The children of live become those of fresh: a node of the same shape is kept (its text set,
// its children done the same way), any other is replaced by the fresh one. The page ends exactly
// as if fresh had been put in; only what changed is drawn again.
function morph(live, fresh) {
  var olds = Array.prototype.slice.call(live.childNodes);
  var news = Array.prototype.slice.call(fresh.childNodes);
  news.forEach(function (node, index) {
    var old = olds[index];
    if (!old) {
      live.appendChild(node);
    } else if (!sameShape(old, node)) {
      live.replaceChild(node, old);
    } else if (old.nodeType === 3) {
      if (old.data !== node.data) old.data = node.data;
    } else {
      morph(old, node);
    }
  });
  olds.slice(news.length).forEach(function (node) { node.remove(); });
}

// A recalculation usually changes a few figures: the parts drawn by the last result are kept
// and only what differs is changed (a new result drawn whole cost, at 4× CPU, about 20 ms of
// style and layout for some 250 boxes of the page; issue 27). The title is always a new element
// (the focus goes to it, as a screen reader expects after each calculation), and the receipt's
// button and the «Meus cálculos» box, of the last calculation, go: they are made again for this one.
function renderResult(form, area, result) {
  var fresh = render(result, { rotulos: labels(form), acoes: true });
  var title = el("h3", { className: "calc-resultado-titulo", tabindex: "-1" }, "Resultado");
  var last = area.firstElementChild;
  if (!last || !last.classList.contains("calc-resultado-titulo")) {
    clear(area);
    area.appendChild(title);
    area.appendChild(fresh);
    return;
  }
  Array.prototype.slice.call(area.children).forEach(function (node) {
    var list = node.classList;
    if (list.contains("calc-resultado-titulo") || list.contains("calc-comprovante") || list.contains("calc-guardar")) {
      node.remove();
    }
  });
  morph(area, fresh);
  area.insertBefore(title, area.firstChild);
}

// ---------------------------------------------------------------- actions
// Each change of the form (typing, a row added or removed, «Limpar», a new calculation) starts
// a new "generation"; an answer computed for an older generation is stale and discarded, so
// the result on screen and the share link never disagree with the form.
function newGeneration(form) {
  var next = parseInt(form.dataset.geracao || "0", 10) + 1;
  form.dataset.geracao = String(next);
  return next;
}

function isCurrent(form, generation) {
  return form.dataset.geracao === String(generation);
}

function showFault(form, error) {
  var about = motor.describeFault(error);
  var general = form.querySelector(".calc-erros-gerais");
  var box = el("div", { className: "calc-falha" });
  box.appendChild(el("p", { className: "calc-erro " + about.css }, about.text));
  if (about.kind === "versao") {
    // Another build's engine or tables: trying again would not help; the new version does.
    box.appendChild(el("button", { type: "button", className: BUTTON + " calc-tentar", "data-acao": "atualizar" },
      "Carregar a versão nova"));
    offerNewVersion();
  } else {
    box.appendChild(el("button", { type: "button", className: BUTTON + " calc-tentar", "data-acao": "tentar" },
      "Tentar de novo"));
  }
  general.appendChild(box);
  setStatusOf(form, about.status);
  form.dataset.falhou = about.kind;
}

function compute(form, fromLink) {
  if (!motor.running() && !motor.allowed()) {
    // Nothing is downloaded yet: the offer says how much; the calculation runs once accepted.
    setStatusOf(form, "Para calcular, baixe antes o motor de cálculo (quadro acima). " +
      "Os exemplos verificados, mais abaixo, não precisam dele.");
    linked.waiting(form);
    if (!form.dataset.esperaMotor) {
      form.dataset.esperaMotor = "1";
      ask().then(function () {
        delete form.dataset.esperaMotor;
        if (form.isConnected) compute(form, fromLink);
      });
    }
    return Promise.resolve();
  }
  var area = document.getElementById("resultado-" + form.getAttribute("data-calc"));
  // A new attempt: the last failure's message goes (a new one, if any, says the new cause).
  form.querySelectorAll(".calc-falha").forEach(function (node) { node.remove(); });
  delete form.dataset.falhou;
  var inputs = collect(form);
  var needsData = form.getAttribute("data-precisa-dados") === "sim";
  var submit = form.querySelector("button[type='submit']");
  var generation = newGeneration(form);
  form.dataset.emCurso = String(generation);
  form.setAttribute("aria-busy", "true");
  submit.disabled = true;
  setStatusOf(form, motor.loaded() ? "Calculando…" : "Carregando o motor de cálculo…");
  var started = performance.now();
  return motor.calculate(form.getAttribute("data-calc"), inputs, needsData).then(function (msg) {
    if (!isCurrent(form, generation)) return; // stale: the form changed meanwhile
    var result = null;
    if (msg && typeof msg.json === "string") {
      try { result = JSON.parse(msg.json); } catch { result = null; }
    }
    if (!result) throw motor.fault("motor", "resposta ilegível");
    form.dataset.ultimoMs = String(Math.round(performance.now() - started));
    if (result.ok) {
      clearErrors(form);
      renderResult(form, area, result);
      var query = shareQuery(form).toString();
      var url = new URL(window.location.href);
      url.search = query;
      url.hash = "";
      // The address carries the calculation (a reload, «Compartilhar»), updated once the result is
      // drawn: Chrome's replaceState costs about 10 ms, most of a warm recalculation (issue 27).
      setTimeout(function () {
        if (isCurrent(form, generation) && url.href !== window.location.href) {
          window.history.replaceState(window.history.state, "", url.href);
        }
      }, 0);
      var entries = describeInputs(form);
      var receipt = offerReceipt(area, {
        resultado: result, entradas: entries, link: fullHref(form, url.href), rotulos: labels(form),
      });
      // The figures a shared link carries, checked against those a link brought (linked.mjs), and
      // kept in «Meus cálculos» (kept.mjs).
      // Kept after the result is drawn (a storage write and the lists redrawn: not in the warm
      // recalculation's time).
      var figures = linked.computed(form, result, query);
      setTimeout(function () {
        if (!isCurrent(form, generation)) return;
        offerKeep(area, { calc: form.getAttribute("data-calc"), titulo: calculatorTitle(form), consulta: query,
          entradas: entries, figuras: figures });
        if (linked.wantsReceipt(form) && receipt) receipt.click();
      }, 0);
      form.querySelector("[data-acao='compartilhar']").disabled = false;
      setStatusOf(form, "Cálculo feito.");
      if (!fromLink) {
        var title = area.querySelector(".calc-resultado-titulo");
        if (title) title.focus({ preventScroll: false });
      }
    } else {
      clear(area);
      var errors = Array.isArray(result.errors) ? result.errors : [];
      if (fromLink && errors.length && errors.every(isMissing)) {
        askForMissing(form, errors);
      } else {
        showErrors(form, errors);
        setStatusOf(form, "Há dados a corrigir.");
      }
      linked.failed(form);
    }
    form.dataset.calculos = String(parseInt(form.dataset.calculos || "0", 10) + 1);
  }).catch(function (error) {
    if (!isCurrent(form, generation)) return;
    clear(area);
    clearErrors(form);
    showFault(form, error);
    linked.failed(form);
  }).then(function () {
    if (form.dataset.emCurso !== String(generation)) return; // a newer calculation is running
    delete form.dataset.emCurso;
    form.removeAttribute("aria-busy");
    submit.disabled = false;
    if (!isCurrent(form, generation) && form.querySelector(".calc-estado").textContent.slice(-1) === "…") {
      setStatusOf(form, "Os dados mudaram durante o cálculo: nada foi mostrado. Calcule de novo.");
    }
  });
}

// A link (another calculator's «Levar às…», a shared link) that brings only part of the data:
// nothing is wrong yet, the person has not typed. No error marks: the cursor goes to the first
// missing field and a calm sentence says what is still needed.
function isMissing(error) {
  return /: campo obrigatório\.$/.test(String((error && error.message) || ""));
}

function askForMissing(form, errors) {
  clearErrors(form);
  var names = errors.map(function (error) { return String(error.message).replace(/: campo obrigatório\.$/, ""); });
  var first = null;
  form.querySelectorAll("[data-path]").forEach(function (node) {
    if (!first && node.getAttribute("data-path") === String(errors[0].field || "") && !node.closest("template")) first = node;
  });
  setStatusOf(form, "Os dados trazidos já estão no formulário. Para calcular, falta só: " +
    names.join(", ") + ". Preencha e toque em Calcular.");
  form.dataset.falta = names.join(", ");
  if (first && typeof first.focus === "function") first.focus({ preventScroll: false });
}

// The calculator's name, as its form is labelled («Formulário: …»).
function calculatorTitle(form) {
  return String(form.getAttribute("aria-label") || "").replace(/^Formulário:\s*/, "") || form.getAttribute("data-calc");
}

function setStatusOf(form, text) {
  var status = form.querySelector(".calc-estado");
  if (!status) return;
  status.textContent = text;
  status.removeAttribute("data-progresso");
}

function copyLink(form) {
  var box = form.querySelector(".calc-link");
  var input = form.querySelector(".calc-link-texto");
  var text = linked.shareHref(form, fullHref(form, window.location.href));
  input.value = text;
  box.hidden = false;
  var done = function (ok) {
    setStatusOf(form, ok ? "Link copiado." : "Copie o link acima.");
  };
  if (navigator.clipboard && window.isSecureContext) {
    navigator.clipboard.writeText(text).then(function () { done(true); }, function () {
      input.select();
      done(false);
    });
  } else {
    input.select();
    done(false);
  }
}

// «Compartilhar»: the phone's share sheet (Web Share API) where there is one; else, or if it
// fails, the link is shown and copied.
function shareLink(form) {
  if (typeof navigator.share !== "function") {
    copyLink(form);
    return;
  }
  navigator.share({ title: document.title, url: linked.shareHref(form, fullHref(form, window.location.href)) }).then(function () {
    setStatusOf(form, "Link compartilhado.");
  }, function (error) {
    if (!error || error.name !== "AbortError") copyLink(form);
  });
}

function resetForm(form) {
  form.reset();
  form.querySelectorAll("[data-lista]").forEach(function (list) {
    setRowCount(form, list, parseInt(list.getAttribute("data-linhas-iniciais") || "0", 10));
    rowsOf(list).forEach(function (row) {
      row.querySelectorAll("[data-item-field]").forEach(function (control) {
        if (control.type === "checkbox") control.checked = control.defaultChecked;
        else control.value = control.defaultValue;
      });
    });
  });
  clearErrors(form);
  updateVisibility(form);
  clear(document.getElementById("resultado-" + form.getAttribute("data-calc")));
  linked.forget(form);
  form.querySelector("[data-acao='compartilhar']").disabled = true;
  form.querySelector(".calc-link").hidden = true;
  var url = new URL(window.location.href);
  url.search = "";
  window.history.replaceState(window.history.state, "", url.href);
  setStatusOf(form, "");
}

function bind(form) {
  if (form.dataset.ligado) return;
  form.dataset.ligado = "1";
  var note = form.querySelector(".calc-sem-js");
  if (note) note.hidden = true;
  var hint = form.querySelector(".calc-dica");
  if (hint) hint.hidden = false;
  form.querySelectorAll("[data-lista]").forEach(function (list) {
    list.setAttribute("data-linhas-iniciais", String(rowsOf(list).length));
    renumber(form, list);
  });
  updateVisibility(form);
  form.dataset.vazio = shareQuery(form).toString(); // the untouched form, as a link would carry it
  form.addEventListener("change", function () {
    updateVisibility(form);
    newGeneration(form);
  });
  form.addEventListener("input", function () { newGeneration(form); });
  form.addEventListener("focusin", function () {
    if (motor.allowed()) motor.startEngine().catch(function () { /* the message is shown on submit */ });
  }, { once: true });
  if (!motor.allowed()) {
    // «Baixar o motor de cálculo» starts the download at once, even before «Calcular».
    whenAllowed(function () {
      if (form.isConnected) motor.startEngine().catch(function () { /* the message is shown on submit */ });
    });
  }
  form.addEventListener("click", function (event) {
    var button = event.target.closest("button[data-acao]");
    if (!button || !form.contains(button)) return;
    var action = button.getAttribute("data-acao");
    if (action !== "compartilhar") newGeneration(form);
    if (action === "tentar") {
      compute(form, false);
    } else if (action === "atualizar") {
      button.disabled = true;
      acceptNewVersion();
    } else if (action === "adicionar") {
      var list = button.closest("[data-lista]");
      var added = addRow(form, list);
      var first = added.querySelector("input, select");
      if (first) first.focus();
    } else if (action === "remover") {
      var owner = button.closest("[data-lista]");
      button.closest("[data-item]").remove();
      renumber(form, owner);
      var add = owner.querySelector(":scope > [data-acao='adicionar']");
      if (add) add.focus();
    } else if (action === "limpar") {
      resetForm(form);
    } else if (action === "compartilhar") {
      shareLink(form);
    }
  });
  // «Calcular» (a tap, or Enter in a field: the browser then clicks the form's default button) is
  // taken on its click, before the browser submits the form: that submission, cancelled below
  // anyway, cost Chromium about 10 ms at 4× CPU on a calculator's page, before the submit event
  // (issue 27). The form has no constraint (required, min, pattern) for it to check: the
  // calculator checks every value. A submission by other means still computes.
  form.addEventListener("click", function (event) {
    var button = event.target.closest("button[type='submit']");
    if (!button || button.form !== form || event.defaultPrevented) return;
    event.preventDefault();
    compute(form, false);
  });
  form.addEventListener("submit", function (event) {
    event.preventDefault();
    compute(form, false);
  });
  var restored = fillFromQuery(form);
  if (new URLSearchParams(window.location.search).has(PRESET)) {
    // A question's link (/perguntas/): the form is empty but for the choices it sets (today's
    // values, the monthly salary…). Nothing is computed and nothing downloaded: the person types
    // his own figures. The preset form counts as untouched (no «em uso» for a new version).
    form.dataset.vazio = shareQuery(form).toString();
    form.dataset.preparado = "1";
    setStatusOf(form, "Formulário pronto para a sua conta, sem dados de ninguém: preencha os " +
      "seus números e toque em Calcular.");
    return;
  }
  if (restored.problems.length) {
    form.querySelector(".calc-erros-gerais").appendChild(el("p", { className: "calc-erro" },
      "Parte do link não pôde ser lida; confira os campos antes de calcular."));
  }
  restored.tooLong.forEach(function (message) {
    form.querySelector(".calc-erros-gerais").appendChild(el("p", { className: "calc-erro calc-erro-link" }, message));
  });
  // Figures the link brought (the sender's, or a kept calculation's): shown apart at once.
  var carried = !restored.tooLong.length && linked.opened(form, shareQuery(form).toString(), describeInputs(form));
  if ((restored.known > 0 || carried) && !restored.tooLong.length) compute(form, true);
}

function setup() {
  document.querySelectorAll("form.calc-form").forEach(bind);
}

// ---------------------------------------------------------------- the new version (offline/registration.mjs)
function pageForms() {
  return Array.prototype.slice.call(document.querySelectorAll("form.calc-form[data-ligado]"));
}

var keeper = {
  // Someone is using a calculator here: something typed (or brought by a link), a calculation
  // running or waiting for the engine.
  busy: function () {
    return pageForms().some(function (form) {
      return Boolean(form.dataset.emCurso || form.dataset.esperaMotor) ||
        shareQuery(form).toString() !== (form.dataset.vazio || "");
    });
  },
  // What was typed goes into the address (as «Compartilhar» does): reloaded, the page fills the
  // form again from it and computes with the new version.
  save: function () {
    pageForms().forEach(function (form) {
      var query = shareQuery(form).toString();
      if (query === (form.dataset.vazio || "")) return;
      var url = new URL(window.location.href);
      url.search = query;
      url.hash = "";
      window.history.replaceState(window.history.state, "", url.href);
    });
  },
};

export function start() {
  setForms(keeper);
  // The engine's progress shows in the form being used (the one on the current page).
  motor.onProgress(function (text, loaded, total) {
    setStatus(text);
    if (total) setProgress(loaded, total);
  });
  motor.onReady(refreshStatus);
  window.addEventListener("pageshow", function (event) {
    if (event.persisted) refreshStatus();
  });
  // On a full load this module runs once the page is parsed, with the forms already there: they
  // are bound now, before Material sets the page up (DOMContentLoaded, a long task on a slow
  // phone), so that a link's calculation is asked for at once (the engine may already be
  // starting: engine/early.mjs). Later pages (instant navigation) are bound by onEachPage;
  // binding twice does nothing.
  setup();
  onEachPage(setup);
}
