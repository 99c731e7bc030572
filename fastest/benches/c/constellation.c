/*
 * The constellation method in C, the same algorithm as the Rust
 * `queens::fast::constellation` (src/fast/constellation.rs, src/fast/kernel.rs),
 * for side-by-side timings (scripts/bench-report, benches/side_by_side.rs build
 * it with gcc -O3 -march=native -pthread):
 *
 * - border queens placed first: a corner queen top left with the bottom-row and
 *   right-column queens (b < r, weight 8), or one queen per edge, the border
 *   kept when smallest of its 8 images, weighed 8 / (symmetries fixing it);
 * - each border walked in the image whose estimated tree is smallest;
 * - rows between counted with u64 masks (board at bits n-2..), skipped rows
 *   as longer shifts, the next row and the row after checked before a call;
 * - the boards that reach four rows left gathered, per constellation, into a
 *   batch counted 8 at a time without a branch (all 24 orders of the four
 *   columns), which gcc vectorises as rustc does (src/fast/four_rows.rs);
 * - fundamental solutions by Burnside's lemma from the boards a half or
 *   quarter turn fixes.
 *
 * usage: constellation N [THREADS [REPEATS]]   one JSON line per run:
 *   {"n":N,"threads":T,"solutions":...,"unique":...,"constellations":...,"seconds":...}
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define MAX_ROWS 32

typedef struct {
    uint64_t board, columns, diagonals, anti_diagonals, weight;
    int count;
    unsigned steps[MAX_ROWS];
} unit_t;

static int n;
static unit_t *units;
static size_t unit_count, unit_capacity;

/* ---- the walk ---------------------------------------------------------- */

static uint64_t descend(const unit_t *u, int depth, uint64_t columns, uint64_t diagonals,
                        uint64_t anti_diagonals, uint64_t free_cells)
{
    const uint64_t board = u->board;
    const unsigned step = u->steps[depth];
    uint64_t total = 0;
    if (depth + 3 == u->count) {
        const unsigned after = u->steps[depth + 1];
        while (free_cells) {
            uint64_t bit = free_cells & -free_cells;
            free_cells ^= bit;
            uint64_t left = board & ~(columns | bit);
            uint64_t d = (diagonals | bit) << step, a = (anti_diagonals | bit) >> step;
            uint64_t next = left & ~(d | a);
            uint64_t last = left & ~(d << after | a >> after);
            uint64_t x = left & -left, y = left ^ x;
            int apart = (((x << after) | (x >> after)) & y) == 0;
            int xy = ((next & x) != 0) & ((last & y) != 0);
            int yx = ((next & y) != 0) & ((last & x) != 0);
            total += (uint64_t)(apart & xy) + (uint64_t)(apart & yx);
        }
        return total;
    }
    if (depth + 2 == u->count) {
        while (free_cells) {
            uint64_t bit = free_cells & -free_cells;
            free_cells ^= bit;
            uint64_t next = board & ~(columns | bit | (diagonals | bit) << step | (anti_diagonals | bit) >> step);
            total += (uint64_t)__builtin_popcountll(next);
        }
        return total;
    }
    const unsigned after = u->steps[depth + 1];
    while (free_cells) {
        uint64_t bit = free_cells & -free_cells;
        free_cells ^= bit;
        uint64_t c = columns | bit, d = (diagonals | bit) << step, a = (anti_diagonals | bit) >> step;
        uint64_t next = board & ~(c | d | a);
        uint64_t then = board & ~(c | d << after | a >> after);
        if ((next != 0) & (then != 0))
            total += descend(u, depth + 1, c, d, a, next);
    }
    return total;
}

static uint64_t completions_scalar(const unit_t *u);

/* ---- the last four rows, in batches ----------------------------------- */

#define CAPACITY 512
#define LANES 8
#define ROOM (32 + LANES)

typedef struct {
    uint64_t columns[CAPACITY], diagonals[CAPACITY], anti_diagonals[CAPACITY];
    size_t len;
    uint64_t board;
    unsigned steps[3];
} batch_t;

static const int first_two[12][4] = {{0, 1, 2, 3}, {0, 2, 1, 3}, {0, 3, 1, 2}, {1, 0, 2, 3},
                                     {1, 2, 0, 3}, {1, 3, 0, 2}, {2, 0, 1, 3}, {2, 1, 0, 3},
                                     {2, 3, 0, 1}, {3, 0, 1, 2}, {3, 1, 0, 2}, {3, 2, 0, 1}};

static uint64_t drain_batch(batch_t *b)
{
    size_t len = b->len, padded = (len + LANES - 1) / LANES * LANES;
    for (size_t i = len; i < padded; i++)
        b->columns[i] = b->board;
    const uint64_t board = b->board;
    const unsigned s0 = b->steps[0], s1 = b->steps[1], s2 = b->steps[2];
    uint64_t sums[LANES] = {0};
    for (size_t start = 0; start < padded; start += LANES) {
        const uint64_t *cols = b->columns + start, *dg = b->diagonals + start, *an = b->anti_diagonals + start;
        uint64_t rank[4][LANES], first[LANES];
        for (int l = 0; l < LANES; l++) {
            uint64_t left = board & ~cols[l];
            uint64_t x0 = left & -left, rest = left ^ x0;
            uint64_t x1 = rest & -rest;
            rest ^= x1;
            uint64_t x2 = rest & -rest;
            rank[0][l] = x0;
            rank[1][l] = x1;
            rank[2][l] = x2;
            rank[3][l] = rest ^ x2;
            first[l] = left & ~(dg[l] | an[l]);
        }
#pragma GCC unroll 12
        for (int p = 0; p < 12; p++) {
            const int i = first_two[p][0], j = first_two[p][1], yi = first_two[p][2], zi = first_two[p][3];
            for (int l = 0; l < LANES; l++) {
                uint64_t q0 = rank[i][l] & first[l];
                uint64_t d1 = (dg[l] | q0) << s0, a1 = (an[l] | q0) >> s0;
                uint64_t second = ~(d1 | a1) & -(uint64_t)(q0 != 0);
                uint64_t q1 = rank[j][l] & second;
                uint64_t d2 = (d1 | q1) << s1, a2 = (a1 | q1) >> s1;
                uint64_t third = ~(d2 | a2) & -(uint64_t)(q1 != 0);
                uint64_t y = rank[yi][l], z = rank[zi][l];
                uint64_t after_y = ~(((d2 | y) << s2) | ((a2 | y) >> s2));
                uint64_t after_z = ~(((d2 | z) << s2) | ((a2 | z) >> s2));
                sums[l] += (uint64_t)(((third & y) != 0) & ((after_y & z) != 0)) +
                           (uint64_t)(((third & z) != 0) & ((after_z & y) != 0));
            }
        }
    }
    b->len = 0;
    uint64_t total = 0;
    for (int l = 0; l < LANES; l++)
        total += sums[l];
    return total;
}

/* Five rows left: the children go into the batch, kept when their next two
 * rows have a free cell, without a branch. */
static inline __attribute__((always_inline)) uint64_t gather(const unit_t *u, int depth, uint64_t columns,
                                                             uint64_t diagonals, uint64_t anti_diagonals,
                                                             uint64_t free_cells, batch_t *b)
{
    const uint64_t board = u->board;
    const unsigned step = u->steps[depth], after = u->steps[depth + 1];
    while (free_cells) {
        uint64_t bit = free_cells & -free_cells;
        free_cells ^= bit;
        uint64_t c = columns | bit, d = (diagonals | bit) << step, a = (anti_diagonals | bit) >> step;
        uint64_t next = board & ~(c | d | a);
        uint64_t then = board & ~(c | d << after | a >> after);
        size_t at = b->len;
        b->columns[at] = c;
        b->diagonals[at] = d;
        b->anti_diagonals[at] = a;
        b->len += (next != 0) & (then != 0);
    }
    return b->len + ROOM > CAPACITY ? drain_batch(b) : 0;
}

static uint64_t descend_gathered(const unit_t *u, int depth, uint64_t columns, uint64_t diagonals,
                                 uint64_t anti_diagonals, uint64_t free_cells, batch_t *b)
{
    if (depth + 5 == u->count)
        return gather(u, depth, columns, diagonals, anti_diagonals, free_cells, b);
    const uint64_t board = u->board;
    const unsigned step = u->steps[depth], after = u->steps[depth + 1];
    /* The Rust walk writes the five-rows-left loop into its parent when six
     * rows are left (rustc: 9 % faster at n = 16); gcc's code is faster
     * calling it (0.67 s against 0.71 s), so the C calls it. */
    uint64_t total = 0;
    while (free_cells) {
        uint64_t bit = free_cells & -free_cells;
        free_cells ^= bit;
        uint64_t c = columns | bit, d = (diagonals | bit) << step, a = (anti_diagonals | bit) >> step;
        uint64_t next = board & ~(c | d | a);
        uint64_t then = board & ~(c | d << after | a >> after);
        if ((next != 0) & (then != 0))
            total += descend_gathered(u, depth + 1, c, d, a, next, b);
    }
    return total;
}

static uint64_t completions(const unit_t *u, batch_t *b)
{
    if (u->count >= 5) {
        int k = u->count;
        uint64_t earlier = drain_batch(b);
        b->board = u->board;
        b->steps[0] = u->steps[k - 4];
        b->steps[1] = u->steps[k - 3];
        b->steps[2] = u->steps[k - 2];
        uint64_t free_cells = u->board & ~(u->columns | u->diagonals | u->anti_diagonals);
        uint64_t below = free_cells ? descend_gathered(u, 0, u->columns, u->diagonals, u->anti_diagonals, free_cells, b) : 0;
        return earlier + below + drain_batch(b);
    }
    return completions_scalar(u);
}

static uint64_t completions_scalar(const unit_t *u)
{
    uint64_t free_cells = u->board & ~(u->columns | u->diagonals | u->anti_diagonals);
    if (u->count == 0)
        return 1;
    if (u->count == 1)
        return (uint64_t)__builtin_popcountll(free_cells);
    if (!free_cells)
        return 0;
    return descend(u, 0, u->columns, u->diagonals, u->anti_diagonals, free_cells);
}

/* ---- the constellations ------------------------------------------------ */

static void make_unit(unit_t *u, const int (*queens)[2], int k, uint64_t weight)
{
    int offset = n - 2, fill[MAX_ROWS], m = 0;
    for (int row = 0; row < n; row++) {
        int taken = 0;
        for (int q = 0; q < k; q++)
            taken |= queens[q][0] == row;
        if (!taken)
            fill[m++] = row;
    }
    u->board = ((n == 64 ? 0 : (1ull << n)) - 1) << offset;
    u->count = m;
    for (int i = 0; i < MAX_ROWS; i++)
        u->steps[i] = 1;
    for (int i = 0; i + 1 < m; i++)
        u->steps[i] = (unsigned)(fill[i + 1] - fill[i]);
    int first = m ? fill[0] : 1;
    u->columns = u->diagonals = u->anti_diagonals = 0;
    for (int q = 0; q < k; q++) {
        int row = queens[q][0], col = queens[q][1];
        u->columns |= 1ull << (col + offset);
        u->diagonals |= 1ull << (col + first - row + offset);
        u->anti_diagonals |= 1ull << (col - (first - row) + offset);
    }
    u->weight = weight;
}

static double estimate(const unit_t *u)
{
    double m = u->count, total = 0, level = 1;
    uint64_t d = u->diagonals, a = u->anti_diagonals;
    for (int depth = 0; depth < u->count; depth++) {
        int free_cells = __builtin_popcountll(u->board & ~(u->columns | d | a));
        double thinning = (m - depth) / m;
        level *= free_cells * thinning * thinning;
        total += level;
        d <<= u->steps[depth];
        a >>= u->steps[depth];
    }
    return total;
}

static void apply(int symmetry, int row, int col, int *to_row, int *to_col)
{
    if (symmetry & 1) {
        int t = row;
        row = col;
        col = t;
    }
    for (int i = 0; i < symmetry / 2; i++) {
        int t = row;
        row = col;
        col = n - 1 - t;
    }
    *to_row = row;
    *to_col = col;
}

static void add_oriented(const int (*queens)[2], int k, uint64_t weight)
{
    unit_t best, candidate;
    double best_estimate = 0;
    for (int s = 0; s < 8; s++) {
        int image[4][2];
        for (int q = 0; q < k; q++)
            apply(s, queens[q][0], queens[q][1], &image[q][0], &image[q][1]);
        make_unit(&candidate, (const int (*)[2])image, k, weight);
        double e = estimate(&candidate);
        if (s == 0 || e < best_estimate) {
            best = candidate;
            best_estimate = e;
        }
    }
    if (unit_count == unit_capacity) {
        unit_capacity = unit_capacity ? 2 * unit_capacity : 1024;
        units = realloc(units, unit_capacity * sizeof *units);
        if (!units) {
            perror("realloc");
            exit(1);
        }
    }
    units[unit_count++] = best;
}

static int peaceful(const int (*q)[2], int k)
{
    for (int i = 0; i < k; i++)
        for (int j = 0; j < i; j++)
            if (q[i][0] == q[j][0] || q[i][1] == q[j][1] || q[i][0] + q[j][1] == q[j][0] + q[i][1] ||
                q[i][0] + q[i][1] == q[j][0] + q[j][1])
                return 0;
    return 1;
}

/* 0: not kept (a smaller image exists); else the weight. */
static uint64_t weight_if_kept(const int border[4])
{
    int last = n - 1, queens[4][2] = {{0, border[0]}, {last, border[1]}, {border[2], 0}, {border[3], last}};
    int fixed = 0;
    for (int s = 0; s < 8; s++) {
        int image[4] = {0, 0, 0, 0};
        for (int q = 0; q < 4; q++) {
            int r, c;
            apply(s, queens[q][0], queens[q][1], &r, &c);
            if (r == 0)
                image[0] = c;
            else if (r == last)
                image[1] = c;
            else if (c == 0)
                image[2] = r;
            else
                image[3] = r;
        }
        int cmp = 0;
        for (int i = 0; i < 4 && !cmp; i++)
            cmp = (image[i] > border[i]) - (image[i] < border[i]);
        if (cmp < 0)
            return 0;
        fixed += cmp == 0;
    }
    return (uint64_t)(8 / fixed);
}

static void constellations(void)
{
    int last = n - 1;
    for (int b = 1; b < last; b++)
        for (int r = b + 1; r < last; r++) {
            int queens[3][2] = {{0, 0}, {last, b}, {r, last}};
            add_oriented((const int (*)[2])queens, 3, 8);
        }
    size_t corner = unit_count;
    for (int t = 1; t < last; t++)
        for (int b = 1; b < last; b++)
            for (int l = 1; l < last; l++)
                for (int r = 1; r < last; r++) {
                    int queens[4][2] = {{0, t}, {last, b}, {l, 0}, {r, last}};
                    int border[4] = {t, b, l, r};
                    if (!peaceful((const int (*)[2])queens, 4))
                        continue;
                    uint64_t w = weight_if_kept(border);
                    if (w)
                        add_oriented((const int (*)[2])queens, 4, w);
                }
    /* The edge ones largest first, as the Rust code orders them. */
    for (size_t i = corner, j = unit_count - 1; i < j; i++, j--) {
        unit_t t = units[i];
        units[i] = units[j];
        units[j] = t;
    }
}

/* ---- Burnside ---------------------------------------------------------- */

static uint64_t fixed_search(int quarter, int from, uint64_t rows, uint64_t cols, uint64_t diags, uint64_t antis)
{
    int row = from;
    while (row < n && (rows >> row & 1))
        row++;
    if (row == n)
        return 1;
    uint64_t total = 0;
    int last = n - 1;
    for (int col = 0; col < n; col++) {
        int cells[4][2] = {{row, col}, {last - row, last - col}, {col, last - row}, {last - col, row}};
        int count = quarter ? 4 : 2, ok = 1;
        uint64_t r2 = rows, c2 = cols, d2 = diags, a2 = antis;
        for (int i = 0; i < count && ok; i++) {
            int dup = 0;
            for (int j = 0; j < i; j++)
                dup |= cells[j][0] == cells[i][0] && cells[j][1] == cells[i][1];
            if (dup)
                continue;
            int r = cells[i][0], c = cells[i][1], d = r + n - 1 - c, a = r + c;
            if ((r2 >> r | c2 >> c | d2 >> d | a2 >> a) & 1)
                ok = 0;
            r2 |= 1ull << r;
            c2 |= 1ull << c;
            d2 |= 1ull << d;
            a2 |= 1ull << a;
        }
        if (ok)
            total += fixed_search(quarter, row + 1, r2, c2, d2, a2);
    }
    return total;
}

/* ---- threads ------------------------------------------------------------ */

static atomic_size_t next_unit;
static atomic_uint_fast64_t solutions;

static void *drain(void *unused)
{
    (void)unused;
    uint64_t sum = 0;
    size_t i;
    batch_t *b = calloc(1, sizeof *b);
    if (!b) {
        perror("calloc");
        exit(1);
    }
    while ((i = atomic_fetch_add_explicit(&next_unit, 1, memory_order_relaxed)) < unit_count)
        sum += units[i].weight * completions(&units[i], b);
    free(b);
    atomic_fetch_add(&solutions, sum);
    return NULL;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s N [THREADS [REPEATS]]\n", argv[0]);
        return 2;
    }
    n = atoi(argv[1]);
    int threads = argc > 2 ? atoi(argv[2]) : 1;
    int repeats = argc > 3 ? atoi(argv[3]) : 1;
    if (n < 4 || n > 23 || threads < 1 || threads > 64 || repeats < 1) {
        fprintf(stderr, "N must be 4..23, THREADS 1..64, REPEATS at least 1\n");
        return 2;
    }
    for (int rep = 0; rep < repeats; rep++) {
        struct timespec start, end, cpu_start, cpu_end;
        clock_gettime(CLOCK_MONOTONIC, &start);
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &cpu_start);
        unit_count = 0;
        constellations();
        atomic_store(&next_unit, 0);
        atomic_store(&solutions, 0);
        pthread_t helpers[64];
        for (int t = 1; t < threads; t++)
            pthread_create(&helpers[t], NULL, drain, NULL);
        drain(NULL);
        for (int t = 1; t < threads; t++)
            pthread_join(helpers[t], NULL);
        uint64_t total = atomic_load(&solutions);
        uint64_t unique = (total + fixed_search(0, 0, 0, 0, 0, 0) + 2 * fixed_search(1, 0, 0, 0, 0, 0)) / 8;
        clock_gettime(CLOCK_MONOTONIC, &end);
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &cpu_end);
        double seconds = (double)(end.tv_sec - start.tv_sec) + 1e-9 * (double)(end.tv_nsec - start.tv_nsec);
        double cpu = (double)(cpu_end.tv_sec - cpu_start.tv_sec) + 1e-9 * (double)(cpu_end.tv_nsec - cpu_start.tv_nsec);
        printf("{\"n\":%d,\"threads\":%d,\"solutions\":%llu,\"unique\":%llu,\"constellations\":%zu,\"seconds\":%.6f,\"cpu_seconds\":%.6f}\n",
               n, threads, (unsigned long long)total, (unsigned long long)unique, unit_count, seconds, cpu);
    }
    free(units);
    return 0;
}
