/* O pacote que roda antes do script do Material (assets/pacote-antes.<hash>.js, um script
 * clássico logo antes do dele, no fim do <body>): embrulha dois pedidos que o Material faz ao
 * começar — o sitemap, para a navegação instantânea em qualquer endereço (common/sitemap.mjs), e
 * o índice da busca, segurado até uma busca começar (search/busca-sob-pedido.js, issue 28). */
import "../search/busca-sob-pedido.js";
import { start as sitemap } from "../common/sitemap.mjs";

const script = document.currentScript;
if (script) sitemap(new URL("../", script.src).href);
