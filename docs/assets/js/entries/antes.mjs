/* O pacote que roda antes do script do Material (assets/pacote-antes.<hash>.js, um script
 * clássico logo antes do dele, no fim do <body>): embrulha o pedido do sitemap que o Material faz
 * ao começar, para a navegação instantânea em qualquer endereço (common/sitemap.mjs). */
import { start as sitemap } from "../common/sitemap.mjs";

const script = document.currentScript;
if (script) sitemap(new URL("../", script.src).href);
