/* What jansson alone costs on a document: parse it (json_loadb) and serialize it (json_dumpb, compact, sorted keys,
 * as choreod replies) N times each. Usage: jsoncost FILE [N]. Prints {"bytes","load_us","dump_us"} (per call). */
#define _GNU_SOURCE
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now_us(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

int main(int argc, char **argv) {
    if (argc < 2) { fprintf(stderr, "usage: %s FILE [N]\n", argv[0]); return 2; }
    int n = argc > 2 ? atoi(argv[2]) : 200;
    FILE *f = fopen(argv[1], "rb");
    if (!f) { perror(argv[1]); return 1; }
    static char text[64 << 20];
    size_t len = fread(text, 1, sizeof text, f);
    fclose(f);
    json_error_t err;
    json_t *doc = json_loadb(text, len, 0, &err);
    if (!doc) { fprintf(stderr, "%s: %s\n", argv[1], err.text); return 1; }
    size_t size = json_dumpb(doc, NULL, 0, JSON_COMPACT | JSON_SORT_KEYS);
    char *out = malloc(size);
    double best_load = 1e18, best_dump = 1e18, t;
    for (int round = 0; round < 5; round++) { /* best of 5 rounds of n calls each */
        t = now_us();
        for (int i = 0; i < n; i++) json_decref(json_loadb(text, len, 0, &err));
        if ((now_us() - t) / n < best_load) best_load = (now_us() - t) / n;
        t = now_us();
        for (int i = 0; i < n; i++) json_dumpb(doc, out, size, JSON_COMPACT | JSON_SORT_KEYS);
        if ((now_us() - t) / n < best_dump) best_dump = (now_us() - t) / n;
    }
    printf("{\"bytes\":%zu,\"load_us\":%.3f,\"dump_us\":%.3f}\n", size, best_load, best_dump);
    return 0;
}
