/* Tabelas de 1945: ordenar por qualquer coluna e filtrar por nome de função ou série.
 *
 * Só melhora o que já está na página: sem JavaScript, cada tabela aparece completa, na ordem
 * impressa, e a caixa de filtro fica escondida. A ordenação usa os atributos data-value (números
 * com ponto decimal, nunca o texto formatado) e data-sort (nomes sem acentos); o filtro dobra a
 * consulta do mesmo jeito que a construção dobrou os nomes (common/text.mjs: NFD sem
 * marcas, minúsculas, º ª ° § e hífen como espaço), de modo que «escriturario» encontra
 * «Escrituário» e «tecnico» encontra «Técnico». As palavras valem em qualquer ordem; quando nada
 * casa, o filtro oferece os nomes impressos mais parecidos («fiel de armazem» → Fiel, Armazenista).
 */
import { onEachPage } from "../common/page.mjs";
import { fold as foldText } from "../common/text.mjs";

function fold(text) {
  return foldText(text || "");
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

// Palavras do filtro: dobradas, sem as vazias ("fiel de armazem" → fiel, armazem). Cada uma
// precisa estar nos nomes da linha, em qualquer ordem; as grafias impressas («Guandasteiro»)
// estão nos nomes ao lado das normalizadas (data-nomes, da construção).
var EMPTY = ["a", "o", "as", "os", "e", "de", "da", "do", "das", "dos", "em", "no", "na", "para", "por", "com"];
function queryWords(text) {
  return fold(text).split(/[^a-z0-9]+/).filter(function (w) { return w && EMPTY.indexOf(w) === -1; });
}
function hasWords(names, words) {
  return words.every(function (w) { return names.indexOf(w) >= 0; });
}

// Nomes parecidos, quando nada casa: cada palavra digitada perto de uma palavra do nome
// (mesmo começo de 5 letras, uma contida na outra, ou uma letra trocada).
function near(a, b) {
  if (a === b) return true;
  if (a.length >= 4 && b.indexOf(a) === 0) return true;
  if (b.length >= 4 && a.indexOf(b) === 0) return true;
  var k = 0;
  while (k < a.length && k < b.length && a[k] === b[k]) k++;
  if (k >= 5) return true;
  if (a.length === b.length && a.length >= 5) {
    var diff = 0;
    for (var i = 0; i < a.length; i++) if (a[i] !== b[i]) diff++;
    return diff <= 1;
  }
  return false;
}
function closestNames(target, words) {
  var found = {};
  target.querySelectorAll("tbody tr").forEach(function (row) {
    // Como o nome aparece impresso na linha (para o botão), pela sua forma dobrada.
    var shown = {};
    row.querySelectorAll(".nome .src, .nome .nome-normalizado, .nome a, .nome").forEach(function (el) {
      var text = el.textContent.replace(/\s+/g, " ").trim();
      if (text && !shown[fold(text)]) shown[fold(text)] = text;
    });
    (row.getAttribute("data-nomes") || "").split(" | ").forEach(function (name) {
      var label = shown[name] || name;
      var parts = name.split(/[^a-z0-9]+/).filter(Boolean);
      var hits = words.filter(function (w) { return parts.some(function (p) { return near(w, p); }); }).length;
      if (!hits) return;
      var key = name;
      if (!found[key] || found[key].hits < hits) found[key] = { hits: hits, name: name, label: label };
    });
  });
  return Object.keys(found).map(function (k) { return found[k]; })
    .sort(function (a, b) { return b.hits - a.hits || a.name.length - b.name.length || a.name.localeCompare(b.name); })
    .slice(0, 5);
}
function showSuggestions(box, target, input, status, words) {
  var list = box.querySelector(".filtro-sugestoes");
  if (list) list.remove();
  if (!words.length) return;
  var names = closestNames(target, words);
  list = document.createElement("p");
  list.className = "filtro-sugestoes";
  if (!names.length) {
    list.textContent = "Nenhum nome desta tabela parece com «" + input.value.trim() + "».";
  } else {
    list.appendChild(document.createTextNode("Nenhuma linha tem «" + input.value.trim() +
      "». Os nomes impressos mais parecidos são: "));
    names.forEach(function (n, k) {
      if (k) list.appendChild(document.createTextNode(", "));
      var b = document.createElement("button");
      b.type = "button";
      b.textContent = n.label;
      b.title = "Filtrar por «" + n.label + "»";
      b.addEventListener("click", function () {
        input.value = n.label;
        applyFilter(box, target, input, status);
        input.focus();
      });
      list.appendChild(b);
    });
    list.appendChild(document.createTextNode("."));
  }
  box.appendChild(list);
}

function applyFilter(box, target, input, status) {
  var query = fold(input.value).trim();
  var words = queryWords(input.value);
  var blocks = target.querySelectorAll("[data-filtro-bloco]");
  var units = blocks.length ? Array.prototype.slice.call(blocks) : [target];
  var total = 0, shown = 0, blocksShown = 0;
  units.forEach(function (unit) {
    var titled = unit.hasAttribute("data-filtro-bloco");
    var titleHit = words.length > 0 && titled && hasWords(unit.getAttribute("data-nomes") || "", words);
    var visible = 0;
    unit.querySelectorAll("tbody tr").forEach(function (row) {
      total += 1;
      var names = row.getAttribute("data-nomes") || "";
      var ok = !words.length || titleHit || hasWords(names, words);
      row.hidden = !ok;
      if (ok) visible += 1;
    });
    shown += visible;
    if (titled) {
      unit.hidden = words.length > 0 && visible === 0;
      if (!unit.hidden) blocksShown += 1;
    }
  });
  if (!words.length) {
    status.textContent = "";
  } else if (blocks.length) {
    status.textContent = shown + " de " + total + " linhas, em " + blocksShown + " de " + blocks.length +
      " séries. Os totais são os de cada série inteira.";
  } else {
    status.textContent = shown + " de " + total + " linhas. Os totais são os da tabela inteira.";
  }
  showSuggestions(box, target, input, status, shown === 0 ? words : []);
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

export function start() {
  onEachPage(setup);
}
