/* Tabelas de 1945: ordenar por qualquer coluna e filtrar por nome de função ou série.
 *
 * Só melhora o que já está na página: sem JavaScript, cada tabela aparece completa, na ordem
 * impressa, e a caixa de filtro fica escondida. A ordenação usa os atributos data-value (números
 * com ponto decimal, nunca o texto formatado) e data-sort (nomes sem acentos); o filtro dobra a
 * consulta do mesmo jeito que a construção dobrou os nomes (estatutosDobra, de pagina.js: NFD sem
 * marcas, minúsculas, º ª ° § e hífen como espaço), de modo que «escriturario» encontra
 * «Escrituário» e «tecnico» encontra «Técnico».
 */
(function () {
  "use strict";

  function fold(text) {
    return window.estatutosDobra(text || "");  // pagina.js, carregado antes
  }

  function cellOf(row, key) {
    return row.querySelector('[data-chave="' + key + '"]');
  }

  function keyOf(row, key, kind) {
    var cell = cellOf(row, key);
    if (!cell) return null;
    if (kind === "num") {
      var raw = cell.getAttribute("data-value");
      if (raw === null || raw === "") return null;
      var n = Number(raw);
      return isNaN(n) ? null : n;
    }
    var text = cell.getAttribute("data-sort");
    if (text === null) text = fold(cell.textContent);
    return text === "" ? null : text;
  }

  function compare(a, b, kind) {
    if (kind === "num") return a - b;
    return a.localeCompare(b, "pt-BR");
  }

  function sortBy(table, th) {
    var key = th.getAttribute("data-chave");
    var kind = th.getAttribute("data-tipo");
    var dir = th.getAttribute("aria-sort") === "ascending" ? "descending" : "ascending";
    table.querySelectorAll("thead th[aria-sort]").forEach(function (other) {
      if (other !== th) other.removeAttribute("aria-sort");
    });
    th.setAttribute("aria-sort", dir);
    var sign = dir === "ascending" ? 1 : -1;
    Array.prototype.forEach.call(table.tBodies, function (body) {
      var rows = Array.prototype.map.call(body.rows, function (row, index) {
        return { row: row, index: index, key: keyOf(row, key, kind) };
      });
      rows.sort(function (a, b) {
        if (a.key === null && b.key === null) return a.index - b.index;
        if (a.key === null) return 1; /* traços e células vazias sempre no fim */
        if (b.key === null) return -1;
        var c = compare(a.key, b.key, kind) * sign;
        return c !== 0 ? c : a.index - b.index;
      });
      rows.forEach(function (item) { body.appendChild(item.row); });
    });
    var status = table.parentNode.querySelector(".ordem-status");
    if (status) {
      status.textContent = "Ordenado por «" + th.textContent.trim() + "», " +
        (dir === "ascending" ? "crescente" : "decrescente") + ".";
    }
  }

  function setupSorting(table) {
    if (table.dataset.epOrdenavel) return;
    table.dataset.epOrdenavel = "1";
    var status = document.createElement("p");
    status.className = "ordem-status";
    status.setAttribute("aria-live", "polite");
    status.setAttribute("data-search-exclude", "");
    table.parentNode.insertBefore(status, table.nextSibling);
    table.querySelectorAll("thead th[data-chave][data-tipo]").forEach(function (th) {
      var button = document.createElement("button");
      button.type = "button";
      button.className = "ordenar";
      while (th.firstChild) button.appendChild(th.firstChild);
      var icon = document.createElement("span");
      icon.className = "ordenar-icone";
      icon.setAttribute("aria-hidden", "true");
      button.appendChild(icon);
      button.title = "Ordenar por esta coluna";
      th.appendChild(button);
      button.addEventListener("click", function () { sortBy(table, th); });
    });
  }

  function applyFilter(box, target, input, status) {
    var query = fold(input.value);
    var blocks = target.querySelectorAll("[data-filtro-bloco]");
    var units = blocks.length ? Array.prototype.slice.call(blocks) : [target];
    var total = 0, shown = 0, blocksShown = 0;
    units.forEach(function (unit) {
      var titled = unit.hasAttribute("data-filtro-bloco");
      var titleHit = query !== "" && titled && (unit.getAttribute("data-nomes") || "").indexOf(query) >= 0;
      var visible = 0;
      unit.querySelectorAll("tbody tr").forEach(function (row) {
        total += 1;
        var names = row.getAttribute("data-nomes") || "";
        var ok = query === "" || titleHit || names.indexOf(query) >= 0;
        row.hidden = !ok;
        if (ok) visible += 1;
      });
      shown += visible;
      if (titled) {
        unit.hidden = query !== "" && visible === 0;
        if (!unit.hidden) blocksShown += 1;
      }
    });
    if (query === "") {
      status.textContent = "";
    } else if (blocks.length) {
      status.textContent = shown + " de " + total + " linhas, em " + blocksShown + " de " + blocks.length +
        " séries. Os totais são os de cada série inteira.";
    } else {
      status.textContent = shown + " de " + total + " linhas. Os totais são os da tabela inteira.";
    }
    box.classList.toggle("filtro-ativo", query !== "");
  }

  function setupFilter(box) {
    if (box.dataset.epFiltro) return;
    var target = document.getElementById(box.getAttribute("data-filtro-para"));
    if (!target) return;
    box.dataset.epFiltro = "1";
    var input = box.querySelector("input");
    var status = box.querySelector("output");
    box.hidden = false;
    input.addEventListener("input", function () { applyFilter(box, target, input, status); });
    if (input.value) applyFilter(box, target, input, status);
  }

  function setup() {
    document.querySelectorAll("table[data-ordenavel]").forEach(setupSorting);
    document.querySelectorAll(".tabela-filtro[data-filtro-para]").forEach(setupFilter);
  }

  window.estatutosACadaPagina(setup);
})();
