/* Glossário: cada termo marcado (<abbr title>) recebe foco por toque ou teclado, para que a dica
   do Material (content.tooltips) abra também num celular, onde não há "passar o mouse". */
import { onEachPage } from "./page.mjs";
import { CONTENT } from "./material.mjs";
function setup() {
  document.querySelectorAll(CONTENT + " abbr[title]").forEach(function (abbr) {
    if (!abbr.hasAttribute("tabindex")) abbr.setAttribute("tabindex", "0");
  });
}
export function start() {
  onEachPage(setup);
}
