// The site's behaviour on every page (scripts/book.py): the theme toggle,
// which remembers the reader's choice; the ← / → keys for the previous and
// next notebook; the search box (pagefind, over the site's own index); the
// copy buttons on code.
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

// Copy buttons: each copies the code of its box (a notebook's code cell, the
// run box's commands), as a student types it. The clipboard API where the
// page may use it (https, localhost, file://), else a selected textarea and
// the copy command. The button says "Copied" and a live region tells a screen
// reader; a failure says how to copy by hand.
(function () {
  "use strict";
  var buttons = document.querySelectorAll("[data-book-copy]");
  if (!buttons.length) { return; }
  var status = document.createElement("p");
  status.className = "book-sr-only";
  status.setAttribute("role", "status");
  status.setAttribute("data-book-copy-status", "");
  document.body.appendChild(status);

  function byCommand(text, button) {
    var area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.top = "0";
    area.style.opacity = "0";
    document.body.appendChild(area);
    area.select();
    var copied = false;
    try { copied = document.execCommand("copy"); } catch (e) { copied = false; }
    document.body.removeChild(area);
    button.focus();
    return copied;
  }

  function copy(text, button) {
    if (navigator.clipboard && window.isSecureContext) {
      return navigator.clipboard.writeText(text).then(function () { return true; },
        function () { return byCommand(text, button); });
    }
    return Promise.resolve(byCommand(text, button));
  }

  function say(button, copied) {
    var label = button.firstChild;
    label.nodeValue = copied ? "Copied" : "Copy";
    status.textContent = copied ? "Copied to the clipboard."
      : "Could not copy: select the code and press Ctrl+C (⌘C on a Mac).";
    if (copied) { button.setAttribute("data-copied", ""); } else { button.removeAttribute("data-copied"); }
    clearTimeout(button.bookTimer);
    button.bookTimer = setTimeout(function () {
      label.nodeValue = "Copy";
      button.removeAttribute("data-copied");
    }, 2000);
  }

  buttons.forEach(function (button) {
    var box = button.closest(".book-copyable");
    var pre = box && box.querySelector("pre");
    if (!pre) { return; }
    button.hidden = false;
    button.addEventListener("click", function () {
      // The cell's code without the line break the page adds after it.
      copy(pre.textContent.replace(/\n$/, ""), button).then(function (copied) { say(button, copied); });
    });
  });
})();

// Paper is white: print in the light theme whatever the screen shows.
(function () {
  "use strict";
  var root = document.documentElement, before = null;
  window.addEventListener("beforeprint", function () { before = root.dataset.theme; root.dataset.theme = "light"; });
  window.addEventListener("afterprint", function () { if (before) { root.dataset.theme = before; } });
})();
