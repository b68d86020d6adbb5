/* «Citar»: põe a data de hoje no "Acesso em" das referências e copia a referência (ABNT), a
 * citação no texto (NBR 10520) ou a entrada do dispositivo em CSL-JSON, RIS ou BibTeX, tirada dos
 * arquivos do ato em /dados/citacoes/. Sem JavaScript, a caixa <details> já mostra a referência
 * (com a data da construção do site), a citação no texto, a URN, o link e os arquivos. */
(function () {
  "use strict";
  var MESES = ["jan.", "fev.", "mar.", "abr.", "maio", "jun.", "jul.", "ago.", "set.", "out.", "nov.", "dez."];
  var cache = {};

  function abntDate(d) {
    return d.getDate() + " " + MESES[d.getMonth()] + " " + d.getFullYear();
  }

  function pad(n) { return (n < 10 ? "0" : "") + n; }

  function isoDate(d) {
    return d.getFullYear() + "-" + pad(d.getMonth() + 1) + "-" + pad(d.getDate());
  }

  function updateAccessDates() {
    var today = new Date();
    document.querySelectorAll(".citar-acesso").forEach(function (el) {
      el.textContent = abntDate(today);
      el.dataset.data = isoDate(today);
    });
  }

  function fallbackCopy(text) {
    var area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.appendChild(area);
    area.select();
    var ok = false;
    try { ok = document.execCommand("copy"); } catch { ok = false; }
    document.body.removeChild(area);
    return ok;
  }

  function copyText(box, text, what) {
    var status = box.querySelector(".citar-status");
    box.dataset.copied = text;
    var done = function (ok) {
      status.textContent = ok ? what + " copiada." : "Não foi possível copiar: selecione o texto acima.";
    };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(function () { done(true); }, function () { done(fallbackCopy(text)); });
    } else {
      done(fallbackCopy(text));
    }
  }

  /* A entrada de uma chave ("lei-4860-1965!art7_par5") no arquivo do ato, com o acesso de hoje. */
  function entryOf(format, text, key) {
    var today = new Date();
    if (format === "json") {
      var item = JSON.parse(text).filter(function (i) { return i.id === key; })[0];
      if (!item) return null;
      item.accessed = { "date-parts": [[today.getFullYear(), today.getMonth() + 1, today.getDate()]] };
      return JSON.stringify([item], null, 1);
    }
    if (format === "ris") {
      var found = text.split(/\r\n\r\n/).filter(function (e) {
        return e.indexOf("\r\nID  - " + key + "\r\n") !== -1;
      })[0];
      if (!found) return null;
      return found.replace(/^Y2 {2}- .*$/m, "Y2  - " + isoDate(today).replace(/-/g, "/")).trim() + "\r\n";
    }
    var bibKey = key.replace("!", ":");
    var entry = text.split(/\n(?=@)/).filter(function (e) {
      return e.indexOf("@legislation{" + bibKey + ",") === 0;
    })[0];
    if (!entry) return null;
    return entry.replace(/urldate = \{[^}]*\}/, "urldate = {" + isoDate(today) + "}").trim() + "\n";
  }

  function copyFormat(box, button) {
    var format = button.dataset.formato;
    var name = button.textContent;
    var link = box.querySelector(".citar-arquivos a[href$='." + format + "']");
    var status = box.querySelector(".citar-status");
    var out = box.querySelector(".citar-saida");
    var url = link.href;
    status.textContent = "Buscando " + name + "…";
    var pending = cache[url] || (cache[url] = fetch(url).then(function (r) {
      if (!r.ok) throw new Error(String(r.status));
      return r.text();
    }));
    pending.then(function (text) {
      var entry = entryOf(format, text, box.dataset.chave);
      if (!entry) throw new Error("sem entrada");
      out.textContent = entry;
      out.hidden = false;
      copyText(box, entry, "Entrada " + name);
    }).catch(function () {
      delete cache[url];
      status.textContent = "Não foi possível obter o " + name + " agora (sem conexão?). Use o link do arquivo.";
    });
  }

  function setup() {
    updateAccessDates();
    document.querySelectorAll(".citar-corpo").forEach(function (box) {
      if (box.dataset.epReady) return;
      box.dataset.epReady = "1";
      box.querySelectorAll(".citar-copiar").forEach(function (button) {
        button.hidden = false;
        button.addEventListener("click", function () {
          var ref = button.dataset.copiar === "ref";
          var text = box.querySelector(ref ? ".citar-ref" : ".citar-curta").textContent.replace(/\s+/g, " ").trim();
          copyText(box, text, ref ? "Referência" : "Citação no texto");
        });
      });
      box.querySelectorAll(".citar-formato").forEach(function (button) {
        button.hidden = false;
        button.addEventListener("click", function () { copyFormat(box, button); });
      });
    });
    highlightTarget();
  }

  /* O id do fragmento. Um fragmento malformado (#%, #%E0%A4%A) não pode quebrar a página: sem
   * decodificação válida, vale o texto como veio. */
  function fragmentId(hash) {
    var raw = String(hash || "").replace(/^#/, "");
    try { return decodeURIComponent(raw); } catch { return raw; }
  }

  /* O destaque do alvo também vale após navegação instantânea (onde :target pode falhar). */
  function highlightTarget() {
    document.querySelectorAll(".ep-alvo").forEach(function (el) { el.classList.remove("ep-alvo"); });
    var id = fragmentId(window.location.hash);
    if (!id) return;
    var el = document.getElementById(id);
    if (!el) return;
    if (el.tagName === "DETAILS") el.open = true;
    el.classList.add("ep-alvo");
  }

  window.addEventListener("hashchange", highlightTarget);
  window.estatutosACadaPagina(setup);
})();
