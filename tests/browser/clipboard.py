"""What a page copies, as the tests see it.

The host policy denies ``clipboard-read`` (the site only ever writes: ``Permissions-Policy`` in
``macros/build/hosting.py`` and ``deploy/``), so a test cannot read the clipboard back. Instead
:func:`record_clipboard` wraps ``navigator.clipboard.writeText`` and ``write`` in every document
of a context, passing each call through and keeping a copy of what was written; :func:`copied`
returns the last one by type (``text/plain``, ``text/html``)."""

from __future__ import annotations

from typing import Any

RECORD = """(() => {
  const c = navigator.clipboard;
  if (!c || window.__epCopied) return;
  window.__epCopied = [];
  const writeText = c.writeText.bind(c);
  c.writeText = (text) => {
    window.__epCopied.push({ "text/plain": String(text) });
    return writeText(text);
  };
  if (c.write) {
    const write = c.write.bind(c);
    c.write = async (items) => {
      const entry = {};
      for (const item of items) {
        for (const type of item.types) entry[type] = await (await item.getType(type)).text();
      }
      window.__epCopied.push(entry);
      return write(items);
    };
  }
})();"""


def record_clipboard(context: Any) -> None:
    """Let the pages of ``context`` write to the clipboard, and keep what they write."""
    context.grant_permissions(["clipboard-write"])
    context.add_init_script(RECORD)


def copied(page: Any) -> dict[str, str]:
    """The last thing the page copied, by type; empty if it copied nothing."""
    entries: list[dict[str, str]] = page.evaluate("() => window.__epCopied || []")
    return entries[-1] if entries else {}


def copied_text(page: Any) -> str:
    """The plain text of the last copy (what a paste into a text field gives)."""
    return copied(page).get("text/plain", "")
