/* Estatutos Portuários — tudo o que os scripts do site tomam do Material (o tema), num só lugar.
 *
 * O lado do navegador de macros/render/material.py: os nomes daqui estão na lista dele (NAMES,
 * SCRIPT_GLOBALS), que tests/test_material.py confere no Material instalado; nenhum outro módulo
 * escreve um nome do Material. */

// Os botões da documentação do Material («Buttons»).
export const BUTTON = "md-button";
export const PRIMARY = "md-button md-button--primary";
// O texto das páginas (o artigo), em volta do qual o Material desenha menu e sumário.
export const CONTENT = ".md-content";
export const TYPESET = "md-typeset";
// O botão do tema claro/escuro: rádios escondidos e o ícone do cabeçalho de cada um.
export const PALETTE_RADIOS = "form[data-md-component='palette'] input.md-option";
export const PALETTE_TOGGLES = "form[data-md-component='palette'] label.md-header__button";

/* As páginas mostradas: com a navegação instantânea do Material, a página troca sem recarregar e
 * document$ avisa cada troca (e a primeira página); null sem ele (o tema não carregou). */
export function pageChanges() {
  const pages = globalThis.document$;
  return pages && typeof pages.subscribe === "function" ? pages : null;
}
