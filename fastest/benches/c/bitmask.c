/*
 * The plain recursive C bitmask counter the Rust `bitmask` walk is compared with
 * (scripts/bench-report compiles it with gcc -O2). It does the same work as
 * `queens::bitmask::count`: every node of Knuth's tree (root included), free
 * cells taken lowest bit first, solutions counted at the full board.
 *
 * usage: bitmask N [REPEATS]   prints one JSON line per run:
 *   {"n":N,"nodes":...,"solutions":...,"seconds":...}
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static uint64_t nodes, solutions;

static void walk(uint32_t full, uint32_t columns, uint32_t diagonals, uint32_t anti_diagonals)
{
    nodes++;
    if (columns == full) {
        solutions++;
        return;
    }
    uint32_t free_cells = ~(columns | diagonals | anti_diagonals) & full;
    while (free_cells) {
        uint32_t bit = free_cells & -free_cells;
        free_cells ^= bit;
        walk(full, columns | bit, (diagonals | bit) << 1, (anti_diagonals | bit) >> 1);
    }
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s N [REPEATS]\n", argv[0]);
        return 2;
    }
    int n = atoi(argv[1]);
    int repeats = argc > 2 ? atoi(argv[2]) : 1;
    if (n < 1 || n > 32 || repeats < 1) {
        fprintf(stderr, "N must be 1..32 and REPEATS at least 1\n");
        return 2;
    }
    uint32_t full = (uint32_t)((1ull << n) - 1);
    for (int r = 0; r < repeats; r++) {
        struct timespec start, end;
        nodes = solutions = 0;
        clock_gettime(CLOCK_MONOTONIC, &start);
        walk(full, 0, 0, 0);
        clock_gettime(CLOCK_MONOTONIC, &end);
        double seconds = (double)(end.tv_sec - start.tv_sec) + 1e-9 * (double)(end.tv_nsec - start.tv_nsec);
        printf("{\"n\":%d,\"nodes\":%llu,\"solutions\":%llu,\"seconds\":%.6f}\n", n,
               (unsigned long long)nodes, (unsigned long long)solutions, seconds);
    }
    return 0;
}
