// The site's behaviour on every page (scripts/book.py): the theme toggle,
// which remembers the reader's choice; the ← / → keys for the previous and
// next notebook; the search box (pagefind, over the site's own index).
(function () {
  "use strict";
  var KEY = "queens-book-theme";
  var root = document.documentElement;

  function setTheme(theme, remember) {
    root.dataset.theme = theme;
    if (remember) {
      try { localStorage.setItem(KEY, theme); } catch (e) { /* storage off: this page only */ }
    }
    document.querySelectorAll("[data-book-theme]").forEach(function (button) {
      button.setAttribute("aria-pressed", theme === "dark" ? "true" : "false");
      button.textContent = "Dark theme";
    });
  }
  setTheme(root.dataset.theme === "dark" ? "dark" : "light", false);
  document.querySelectorAll("[data-book-theme]").forEach(function (button) {
    button.addEventListener("click", function () {
      setTheme(root.dataset.theme === "dark" ? "light" : "dark", true);
    });
  });
  // Follow the system while the reader has not chosen.
  if (window.matchMedia) {
    matchMedia("(prefers-color-scheme: dark)").addEventListener("change", function (event) {
      var chosen = null;
      try { chosen = localStorage.getItem(KEY); } catch (e) {}
      if (!chosen) { setTheme(event.matches ? "dark" : "light", false); }
    });
  }

  // ← / →: previous / next notebook, unless the key means something where
  // the focus is (a text field, the clickable board, a scrolled output).
  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey || event.defaultPrevented) { return; }
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") { return; }
    var target = event.target;
    if (target && target.closest && target.closest("input, textarea, select, [contenteditable], .queens-board, .jp-OutputArea-output, pre, .jp-RenderedMarkdown[tabindex]")) {
      return;
    }
    var link = document.querySelector(event.key === "ArrowLeft" ? "link[rel=prev]" : "link[rel=next]");
    if (link) { window.location.href = link.getAttribute("href"); }
  });

  // A region that scrolls sideways (a long code line, a wide tree, a wide
  // table in the prose) takes the focus, so that the keyboard can scroll it too.
  function focusableScrollers() {
    document.querySelectorAll(".jp-InputArea-editor pre, .jp-OutputArea-output, .jp-RenderedMarkdown").forEach(function (el) {
      if (el.scrollWidth > el.clientWidth + 1) {
        if (!el.hasAttribute("tabindex")) { el.setAttribute("tabindex", "0"); }
      } else if (el.getAttribute("tabindex") === "0") {
        el.removeAttribute("tabindex");
      }
    });
  }
  focusableScrollers();
  window.addEventListener("load", focusableScrollers);
  window.addEventListener("resize", focusableScrollers);

  // Search: pagefind's interface where the site is served (pagefind loads
  // its index with fetch, which browsers refuse on file:// pages).
  var box = document.querySelector("[data-book-search]");
  if (box) {
    if (window.location.protocol === "file:" || typeof PagefindUI === "undefined") {
      var note = document.createElement("p");
      note.className = "book-search-off";
      // The command as a reader types it: this page's own folder, not a
      // placeholder to fill in.
      var folder = decodeURIComponent(window.location.pathname.replace(/\/[^\/]*$/, "")) || ".";
      note.textContent = window.location.protocol === "file:"
        ? "Search works where the site is served, as on the published course: run python3 -m http.server -d '" +
          folder + "' and open http://localhost:8000/."
        : "Search is not available: this copy of the site was built without its search index.";
      box.appendChild(note);
    } else {
      new PagefindUI({element: box, showSubResults: true, showImages: false, resetStyles: false,
                      translations: {placeholder: "Search the course"}});
      var input = box.querySelector("input");
      if (input) { input.setAttribute("aria-label", "Search the course"); }
    }
  }
})();

// Paper is white: print in the light theme whatever the screen shows.
(function () {
  "use strict";
  var root = document.documentElement, before = null;
  window.addEventListener("beforeprint", function () { before = root.dataset.theme; root.dataset.theme = "light"; });
  window.addEventListener("afterprint", function () { if (before) { root.dataset.theme = before; } });
})();
