/* Estatutos Portuários — o botão de tema claro/escuro pelo teclado.
 *
 * O Material troca o tema com botões de rádio escondidos (opacidade 0): cada um era uma parada
 * invisível do Tab, sem nada na tela que mostrasse o foco. Aqui os rádios saem da ordem do Tab e
 * o ícone visível do cabeçalho vira um botão de verdade (foco visível, Enter ou Espaço trocam). */
import { onEachPage } from "./page.mjs";
import { PALETTE_RADIOS, PALETTE_TOGGLES } from "./material.mjs";
function setup() {
  document.querySelectorAll(PALETTE_RADIOS).forEach(function (radio) {
    radio.tabIndex = -1;
  });
  document.querySelectorAll(PALETTE_TOGGLES).forEach(function (label) {
    if (label.dataset.epBotao) return;
    label.dataset.epBotao = "1";
    label.setAttribute("role", "button");
    label.tabIndex = 0;
    if (label.title) label.setAttribute("aria-label", label.title);
    label.addEventListener("keydown", function (event) {
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        event.stopPropagation();
        var radio = document.getElementById(label.htmlFor);
        if (!radio) return;
        radio.checked = true;
        radio.dispatchEvent(new Event("change", { bubbles: true }));
        // Material shows the other palette's button: the focus goes there.
        window.setTimeout(function () {
          var next = document.querySelector(PALETTE_TOGGLES + ":not([hidden])");
          if (next) next.focus();
        }, 0);
      }
    });
  });
}
export function start() {
  onEachPage(setup);
}
