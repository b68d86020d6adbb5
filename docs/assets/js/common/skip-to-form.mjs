/* Estatutos Portuários — «Ir para o formulário», o segundo link de pular (issue 30).
 *
 * A construção o põe no topo de toda página, logo depois do «Pular para conteúdo» do Material
 * (macros/build/page_parts.py, skip_to_form), apontando para o formulário da calculadora, e
 * escondido nas páginas sem formulário. A navegação instantânea do Material não troca o
 * cabeçalho: a cada página mostrada, este módulo o mostra ou esconde e acerta o destino. Um toque
 * (ou Enter) põe o foco no primeiro campo visível do formulário: Tab, Tab, Enter, e a pessoa já
 * digita. Sem JavaScript, o link leva ao formulário e o próximo Tab cai no primeiro campo.
 */
import { onEachPage } from "./page.mjs";

var LINK = ".ep-ir-formulario";

function firstField(form) {
  var fields = form.querySelectorAll("input:not([type='hidden']), select, textarea");
  for (var i = 0; i < fields.length; i++) {
    var field = fields[i];
    if (!field.disabled && !field.closest("[hidden], template") && field.getClientRects().length) return field;
  }
  return null;
}

function update() {
  var link = document.querySelector(LINK);
  if (!link) return;
  var form = document.querySelector("form.calc-form[id]");
  link.hidden = !form;
  if (form) link.setAttribute("href", "#" + form.id);
}

export function start() {
  // In the capture phase, before Material's instant navigation: it takes every link to an anchor of
  // the page for itself, default prevented or not (it scrolls and leaves the focus on the body).
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest(LINK);
    if (!link) return;
    var form = document.querySelector("form.calc-form[id]");
    var field = form && firstField(form);
    if (!field) return;
    event.preventDefault();
    event.stopPropagation(); // Material's instant navigation would take it (and the focus) anyway
    var done = false;
    var go = function () {
      if (done) return;
      done = true;
      field.focus();
      field.scrollIntoView({ block: "center" });
    };
    // From the keyboard (Enter): the focus moves once the key is released, so that the rest of
    // that key press does not reach the field (Enter in a field would send the form).
    if (event.detail === 0) {
      document.addEventListener("keyup", go, { once: true });
      setTimeout(go, 500);
    } else {
      go();
    }
  }, true);
  update();
  onEachPage(update);
}
