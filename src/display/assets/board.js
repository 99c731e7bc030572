// The interactive lesson's board, clickable: one queen per row from the top, the three
// constraint sets, the free cells of every row. The page (queens render board
// N --html) and notebook 02 run this same file; src/display/board_page.rs
// inlines it. tests/board_page.rs checks in chromium that what it shows agrees
// with the library's Playground move for move.
//
// The rules are the interactive lesson's: a cell (r, c) is attacked when
//   cols.has(c) || diags.has(r - c) || antiDiags.has(r + c)
window.QueensBoard = window.QueensBoard || (function () {
  "use strict";

  // The three constraints in the prune check's order, with their colour class,
  // the symbol that says the same without colour, and how a refusal names them.
  const CONSTRAINTS = [
    { key: "col", symbol: "|", name: "column",
      value: (r, c) => c, says: (v) => "the column " + v },
    { key: "diag", symbol: "\\", name: "diagonal",
      value: (r, c) => r - c, says: (v) => "the diagonal row - col = " + v },
    { key: "anti", symbol: "/", name: "anti-diagonal",
      value: (r, c) => r + c, says: (v) => "the anti-diagonal row + col = " + v },
  ];

  function el(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  // `{-2, -1}`: sorted as numbers, as Rust prints a BTreeSet.
  function setText(set) {
    return "{" + [...set].sort((a, b) => a - b).join(", ") + "}";
  }

  // "by A", "by A and by B", "by A, by B and by C".
  function byList(parts) {
    const by = parts.map((p) => "by " + p);
    if (by.length <= 1) return by.join("");
    return by.slice(0, -1).join(", ") + " and " + by[by.length - 1];
  }

  // `[1, 3, 0, 2]`, as Rust prints a Vec.
  function listText(queens) {
    return "[" + queens.join(", ") + "]";
  }

  function plural(k, word) {
    return k + " free " + word + (k === 1 ? "" : "s");
  }

  class Board {
    constructor(root) {
      this.root = root;
      this.n = Number(root.dataset.n);
      const start = JSON.parse(root.dataset.queens || "[]");
      this.queens = [];
      this.sets = [new Set(), new Set(), new Set()];
      this.build();
      for (const col of start) this.place(this.queens.length, col, false);
      this.say(this.queens.length === 0
        ? "Row 0: " + plural(this.n, "cell") + ". Click a cell of row 0 (or Tab to it and press Enter) to place the first queen."
        : "The board starts with the queens " + listText(this.queens) + ". " + this.outlook());
      this.render();
    }

    // Which constraints attack (r, c): the lesson's three look-ups.
    attackers(r, c) {
      return CONSTRAINTS.filter((k, i) => this.sets[i].has(k.value(r, c)));
    }

    free(r) {
      if (r < this.queens.length) return 0;
      let k = 0;
      for (let c = 0; c < this.n; c++) if (this.attackers(r, c).length === 0) k++;
      return k;
    }

    deadRow() {
      for (let r = this.queens.length; r < this.n; r++) if (this.free(r) === 0) return r;
      return null;
    }

    outlook() {
      const next = this.queens.length;
      if (next === this.n) return "All " + this.n + " queens are placed: a solution, " + listText(this.queens) + ".";
      const dead = this.deadRow();
      if (dead === next) return "Row " + dead + " has no free cell: a dead end. Undo and try another column.";
      if (dead !== null) {
        return "Row " + next + " still has " + this.free(next) + " free, but row " + dead +
          " has none: this branch is hopeless. Undo and try another column.";
      }
      return "Row " + next + ": " + plural(this.free(next), "cell") + ".";
    }

    place(r, c, fromKeyboard) {
      const next = this.queens.length;
      if (next === this.n) {
        this.say("Every row already has a queen: Undo takes one back, Reset empties the board.", "refused");
        return;
      }
      if (r !== next) {
        this.say(r < next
          ? "Row " + r + " already has its queen; the next one goes in row " + next + "."
          : "Not yet: queens go row by row from the top, and the next one goes in row " + next + ".", "refused");
        return;
      }
      const attackers = this.attackers(r, c);
      if (attackers.length > 0) {
        const parts = attackers.map((k) => k.says(k.value(r, c)));
        this.say("(" + r + ", " + c + ") is attacked " + byList(parts) + ": choose another cell.", "refused");
        this.render();
        return;
      }
      CONSTRAINTS.forEach((k, i) => this.sets[i].add(k.value(r, c)));
      this.queens.push(c);
      this.say("Placed a queen on (" + r + ", " + c + "). " + this.outlook());
      this.render();
      if (fromKeyboard) this.focusNext();
    }

    undo() {
      if (this.queens.length === 0) {
        this.say("There is no queen to take back.", "refused");
        return;
      }
      const r = this.queens.length - 1;
      const c = this.queens.pop();
      CONSTRAINTS.forEach((k, i) => this.sets[i].delete(k.value(r, c)));
      this.say("Took back the queen on (" + r + ", " + c + "). " + this.outlook());
      this.render();
    }

    reset() {
      this.queens = [];
      this.sets.forEach((s) => s.clear());
      this.say("An empty board: row 0 has " + plural(this.n, "cell") + ".");
      this.render();
    }

    say(text, kind) {
      this.message.textContent = text;
      this.message.dataset.kind = kind || "move";
    }

    // After a keyboard move, the first free cell of the next row takes the focus.
    focusNext() {
      const r = this.queens.length;
      if (r === this.n) return;
      for (let c = 0; c < this.n; c++) {
        if (this.attackers(r, c).length === 0) { this.cells[r][c].focus(); return; }
      }
    }

    // Arrow keys move between cells, so that Tab need not walk all n * n.
    arrow(event, r, c) {
      const step = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] }[event.key];
      if (!step) return;
      const row = r + step[0], col = c + step[1];
      if (row >= 0 && row < this.n && col >= 0 && col < this.n) this.cells[row][col].focus();
      event.preventDefault();
    }

    build() {
      const n = this.n;
      this.root.textContent = "";
      const live = el("div", "qb-live");
      live.style.setProperty("--n", n);
      const grid = el("div", "qb-grid");
      grid.setAttribute("role", "group");
      grid.setAttribute("aria-label", n + " by " + n + " board");
      grid.appendChild(el("span", "qb-index"));
      for (let c = 0; c < n; c++) grid.appendChild(el("span", "qb-index", String(c)));
      grid.appendChild(el("span", "qb-index"));
      this.cells = [];
      this.freeLabels = [];
      for (let r = 0; r < n; r++) {
        grid.appendChild(el("span", "qb-index", String(r)));
        const row = [];
        for (let c = 0; c < n; c++) {
          const cell = el("button", "qb-cell " + ((r + c) % 2 === 0 ? "qb-light" : "qb-dark"));
          cell.type = "button";
          cell.dataset.row = r;
          cell.dataset.col = c;
          cell.addEventListener("click", (event) => this.place(r, c, event.detail === 0));
          cell.addEventListener("keydown", (event) => this.arrow(event, r, c));
          grid.appendChild(cell);
          row.push(cell);
        }
        this.cells.push(row);
        const free = el("span", "qb-free");
        free.dataset.row = r;
        grid.appendChild(free);
        this.freeLabels.push(free);
      }
      live.appendChild(grid);

      const controls = el("div", "qb-controls");
      const undo = el("button", "qb-undo", "Undo");
      undo.type = "button";
      undo.addEventListener("click", () => this.undo());
      const reset = el("button", "qb-reset", "Reset");
      reset.type = "button";
      reset.addEventListener("click", () => this.reset());
      controls.append(undo, reset);
      live.appendChild(controls);

      // Divs rather than p and ul: a notebook's own styles for those would leak in.
      this.message = el("div", "qb-message");
      this.message.setAttribute("role", "status");
      this.message.setAttribute("aria-live", "polite");
      live.appendChild(this.message);

      const sets = el("div", "qb-sets");
      sets.setAttribute("aria-label", "the three constraint sets");
      this.setTexts = CONSTRAINTS.map((k) => {
        const item = el("div", "qb-set qb-" + k.key);
        item.dataset.set = k.key;
        const swatch = el("span", "qb-swatch", k.symbol);
        swatch.setAttribute("aria-hidden", "true");
        const text = el("span", "qb-set-text");
        item.append(swatch, text);
        sets.appendChild(item);
        return text;
      });
      live.appendChild(sets);
      const key = el("div", "qb-key",
        "Attacked cells: red | column, amber \\ diagonal (row - col), purple / anti-diagonal (row + col).");
      live.appendChild(key);
      this.root.appendChild(live);
    }

    render() {
      const n = this.n;
      const next = this.queens.length;
      const dead = this.deadRow();
      this.root.dataset.state = next === n ? "solved" : dead !== null ? "dead-end" : "playing";
      this.root.dataset.deadRow = dead === null ? "" : String(dead);
      this.root.dataset.queens = JSON.stringify(this.queens);
      for (let r = 0; r < n; r++) {
        for (let c = 0; c < n; c++) this.renderCell(r, c, next);
        const free = this.free(r);
        const label = this.freeLabels[r];
        label.textContent = r < next ? "queen" : free === 0 ? "0 free: dead end" : free + " free";
        label.classList.toggle("qb-dead", r >= next && free === 0);
        label.classList.toggle("qb-done", r < next);
      }
      const [cols, diags, antiDiags] = this.sets;
      this.setTexts[0].textContent = "cols " + setText(cols);
      this.setTexts[1].textContent = "diags " + setText(diags) + "  (row - col)";
      this.setTexts[2].textContent = "antiDiags " + setText(antiDiags) + "  (row + col)";
    }

    renderCell(r, c, next) {
      const cell = this.cells[r][c];
      cell.textContent = "";
      cell.classList.remove("qb-next", "qb-attacked", "qb-has-queen");
      let label = "row " + r + ", column " + c + ": ";
      if (this.queens[r] === c) {
        cell.classList.add("qb-has-queen");
        const queen = el("span", "qb-queen");
        queen.setAttribute("aria-hidden", "true");
        cell.appendChild(queen);
        label += "queen";
      } else if (r < next) {
        label += "empty, this row has its queen";
      } else {
        const attackers = this.attackers(r, c);
        for (const k of attackers) {
          const stripe = el("span", "qb-stripe qb-" + k.key, k.symbol);
          stripe.setAttribute("aria-hidden", "true");
          cell.appendChild(stripe);
        }
        if (attackers.length > 0) {
          cell.classList.add("qb-attacked");
          label += "attacked " + byList(attackers.map((k) => k.says(k.value(r, c))));
        } else {
          label += "free";
        }
        if (r === next && attackers.length === 0) cell.classList.add("qb-next");
      }
      cell.setAttribute("aria-label", label);
    }
  }

  function mount(root) {
    if (!root || root.queensBoard) return root && root.queensBoard;
    root.queensBoard = new Board(root);
    return root.queensBoard;
  }

  return { mount: mount, Board: Board };
})();
