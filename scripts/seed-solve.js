#!/usr/bin/env node
// The seed's solveNQueens (shared/seeds/000: "How to use backtracking with
// javascript, and solve the n queens problem"), unchanged but for two things:
// n comes from the command line, and the boards are printed as JSON, so that
// `node scripts/seed-solve.js 12` does the same work as `queens solve 12 --json`.
// scripts/bench-report times the two side by side.

const solveNQueens = (numberOfQueens) => {
  const result = [];
  const positiveDiagonal = new Set();
  const negativeDiagonal = new Set();
  const columns = new Set();

  // we fill the board with dots
  let board = Array(numberOfQueens)
    .fill('.')
    .map(() => Array(numberOfQueens).fill('.'));

  const setResult = (board, boardRow, boardColumn) => {
    board[boardRow][boardColumn] = 'Q';
    positiveDiagonal.add(boardRow + boardColumn);
    negativeDiagonal.add(boardRow - boardColumn);
    columns.add(boardColumn);
  };

  const reset = (board, boardRow, boardColumn) => {
    board[boardRow][boardColumn] = '.';
    positiveDiagonal.delete(boardRow + boardColumn);
    negativeDiagonal.delete(boardRow - boardColumn);
    columns.delete(boardColumn);
  };

  const solve = (boardRow) => {
    if (boardRow === numberOfQueens) {
      //all rows are done, save the result in the result array
      const copiedBoard = board.map((row) => row.join(''));
      result.push(copiedBoard);
      return;
    }
    for (let boardColumn = 0; boardColumn < numberOfQueens; boardColumn++) {
      if (
        columns.has(boardColumn) ||
        negativeDiagonal.has(boardRow - boardColumn) ||
        positiveDiagonal.has(boardRow + boardColumn)
      ) {
        continue;
      }
      setResult(board, boardRow, boardColumn);

      solve(boardRow + 1);

      // After a solution, reset board and sets
      reset(board, boardRow, boardColumn);
    }
  };
  solve(0);
  return result;
};

const n = Number.parseInt(process.argv[2] ?? '8', 10);
if (!Number.isInteger(n) || n < 0 || n > 14) {
  console.error('usage: seed-solve.js N   (0 <= N <= 14)');
  process.exit(2);
}
process.stdout.write(JSON.stringify(solveNQueens(n)));
process.stdout.write('\n');
