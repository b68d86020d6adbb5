/* Estatutos Portuários — a calculadora no site de um sindicato (issue 30).
 *
 * Na página inteira de cada calculadora: «Copiar o código para o seu site» copia o <iframe> da
 * caixa (macros/render/calculator_embed.py), ou o deixa selecionado quando o navegador não deixa
 * copiar.
 *
 * Na página embutível (embutir/<calc>/, dentro do site de outro): todo link que sai da página
 * («Como usar», os dispositivos do resultado, a calculadora completa) abre o site numa aba nova;
 * sem isso, a navegação instantânea do Material abriria o site inteiro dentro do quadro. O link de
 * «Compartilhar» e o do comprovante levam à página inteira (fullHref), nunca à embutível.
 *
 * Nada aqui ouve o site de fora: nenhuma mensagem (postMessage) é lida, e o endereço só preenche
 * o formulário, como um link compartilhado (texto, nunca marcação).
 */
import { embedded, onEachPage } from "../common/page.mjs";

/* The address a calculation's link carries: on an embeddable page, the full calculator page's
 * (the form's data-pagina-inteira), with the same query; elsewhere ``href`` itself. */
export function fullHref(form, href) {
  var full = form && form.getAttribute("data-pagina-inteira");
  if (!full) return href;
  var from = new URL(href);
  var to = new URL(full, from);
  to.search = from.search;
  to.hash = from.hash;
  return to.href;
}

// Capture phase, before Material's instant navigation (which leaves a link with a target alone).
function openOutside(event) {
  var link = event.target instanceof Element ? event.target.closest("a[href]") : null;
  if (!link) return;
  var url;
  try { url = new URL(link.href, window.location.href); } catch { return; }
  if (url.origin === window.location.origin && url.pathname === window.location.pathname &&
      url.search === window.location.search) return; // a place on this page (#…)
  link.target = "_blank";
  link.rel = "noopener";
}

function setStatus(box, text) {
  var status = box.querySelector(".calc-embutir-estado");
  if (status) status.textContent = text;
}

function copyCode(box) {
  var field = box.querySelector(".calc-embutir-codigo");
  if (!field) return;
  var selectIt = function () {
    field.focus();
    field.select();
    setStatus(box, "Código selecionado: copie-o (Ctrl+C, ou toque e segure).");
  };
  if (navigator.clipboard && window.isSecureContext) {
    navigator.clipboard.writeText(field.value).then(function () {
      setStatus(box, "Código copiado. Cole-o na página do seu site, onde a calculadora deve aparecer.");
    }, selectIt);
  } else {
    selectIt();
  }
}

function bindCopy() {
  document.querySelectorAll(".calc-embutir").forEach(function (box) {
    if (box.hasAttribute("data-ligada")) return;
    box.setAttribute("data-ligada", "");
    var button = box.querySelector("[data-acao='copiar-codigo']");
    if (button) button.addEventListener("click", function () { copyCode(box); });
  });
}

export function start() {
  if (embedded()) document.addEventListener("click", openOutside, true);
  onEachPage(bindCopy);
}
