/*
 * A plain recursive C counter with the left-right mirror, count only: the
 * style of bitmask.c (free cells lowest bit first, one call per node) with the
 * first queen in the left half of the top row and those solutions doubled
 * (the middle column of an odd board once). Compared with the Rust
 * `queens::fast::mirror_count` by benches/side_by_side.rs, built with
 * gcc -O3 -march=native.
 *
 * usage: mirror N [REPEATS]   one JSON line per run:
 *   {"n":N,"solutions":...,"seconds":...}
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static uint64_t walk(uint32_t full, uint32_t columns, uint32_t diagonals, uint32_t anti_diagonals)
{
    if (columns == full)
        return 1;
    uint64_t total = 0;
    uint32_t free_cells = ~(columns | diagonals | anti_diagonals) & full;
    while (free_cells) {
        uint32_t bit = free_cells & -free_cells;
        free_cells ^= bit;
        total += walk(full, columns | bit, (diagonals | bit) << 1, (anti_diagonals | bit) >> 1);
    }
    return total;
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
        struct timespec start, end, cpu_start, cpu_end;
        clock_gettime(CLOCK_MONOTONIC, &start);
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &cpu_start);
        uint64_t half = 0, middle = 0;
        for (int col = 0; col < n / 2; col++) {
            uint32_t bit = 1u << col;
            half += walk(full, bit, bit << 1, bit >> 1);
        }
        if (n % 2) {
            uint32_t bit = 1u << (n / 2);
            middle = walk(full, bit, bit << 1, bit >> 1);
        }
        uint64_t solutions = 2 * half + middle;
        clock_gettime(CLOCK_MONOTONIC, &end);
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &cpu_end);
        double seconds = (double)(end.tv_sec - start.tv_sec) + 1e-9 * (double)(end.tv_nsec - start.tv_nsec);
        double cpu = (double)(cpu_end.tv_sec - cpu_start.tv_sec) + 1e-9 * (double)(cpu_end.tv_nsec - cpu_start.tv_nsec);
        printf("{\"n\":%d,\"solutions\":%llu,\"seconds\":%.6f,\"cpu_seconds\":%.6f}\n", n, (unsigned long long)solutions, seconds, cpu);
    }
    return 0;
}
