/* Load generator for line-based JSON-RPC servers on a Unix socket. Single-threaded (epoll), so it costs little
 * next to the server it measures. Each of --conns connections sends windows of --window requests in one write,
 * waits for all of their replies (one line each, in order), and sends the next window: --window 1 is sequential
 * round trips. The request is --request with its '@' replaced by an id. After --warmup seconds it measures for
 * --seconds: replies per second and the latency of each reply (from the write of its window to its arrival).
 * Prints one JSON object: {"conns","window","replies","seconds","rps","p50_us","p99_us","max_us","total"}, where
 * "total" counts every reply of the run (warm-up and drain included), for per-request counts such as instructions. */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

struct conn { int fd; long outstanding; uint64_t sent_at, next_id; int measured; };

static uint64_t now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

static int cmp_u64(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

static const char *prefix, *suffix;
static size_t prefix_len;
static int window;
static char *wbuf;

static int dial(const char *path) {
    struct sockaddr_un a = {.sun_family = AF_UNIX};
    strncpy(a.sun_path, path, sizeof a.sun_path - 1);
    int fd = socket(AF_UNIX, SOCK_STREAM, 0);
    if (fd < 0 || connect(fd, (struct sockaddr *)&a, sizeof a) < 0) { perror(path); exit(1); }
    return fd;
}

static void send_window(struct conn *c) {
    size_t n = 0;
    for (int i = 0; i < window; i++) {
        memcpy(wbuf + n, prefix, prefix_len); n += prefix_len;
        n += (size_t)sprintf(wbuf + n, "%llu%s\n", (unsigned long long)++c->next_id, suffix);
    }
    for (size_t off = 0; off < n;) {
        ssize_t w = write(c->fd, wbuf + off, n - off);
        if (w < 0) { if (errno == EINTR) continue; perror("write"); exit(1); }
        off += (size_t)w;
    }
    c->outstanding = window;
}

int main(int argc, char **argv) {
    const char *path = NULL, *request = "{\"jsonrpc\":\"2.0\",\"id\":@,\"method\":\"clock.now\",\"params\":{\"session\":\"s1\"}}";
    int conns = 1;
    double seconds = 1, warmup = 0.2;
    static struct option opts[] = {{"socket", 1, 0, 's'}, {"conns", 1, 0, 'c'}, {"window", 1, 0, 'w'},
                                   {"seconds", 1, 0, 't'}, {"warmup", 1, 0, 'u'}, {"request", 1, 0, 'r'}, {0}};
    window = 1;
    for (int o; (o = getopt_long(argc, argv, "", opts, NULL)) != -1;) {
        switch (o) {
        case 's': path = optarg; break;
        case 'c': conns = atoi(optarg); break;
        case 'w': window = atoi(optarg); break;
        case 't': seconds = atof(optarg); break;
        case 'u': warmup = atof(optarg); break;
        case 'r': request = optarg; break;
        default: return 2;
        }
    }
    const char *at = strchr(request, '@');
    if (!path || !at || conns < 1 || window < 1) {
        fprintf(stderr, "usage: loadgen --socket PATH [--conns N] [--window W] [--seconds S] [--warmup S] "
                        "[--request 'JSON with @ for the id']\n");
        return 2;
    }
    prefix = request; prefix_len = (size_t)(at - request); suffix = at + 1;
    wbuf = malloc((size_t)window * (strlen(request) + 32));

    /* A first request on its own, to check the server answers it without an error. */
    struct conn *cs = calloc((size_t)conns, sizeof *cs);
    int ep = epoll_create1(0);
    for (int i = 0; i < conns; i++) {
        cs[i].fd = dial(path);
        struct epoll_event ev = {.events = EPOLLIN, .data.ptr = &cs[i]};
        epoll_ctl(ep, EPOLL_CTL_ADD, cs[i].fd, &ev);
    }
    {
        int saved = window; window = 1; send_window(&cs[0]); window = saved;
        char line[65536]; size_t n = 0;
        while (n < sizeof line - 1 && (n == 0 || line[n - 1] != '\n')) {
            ssize_t r = read(cs[0].fd, line + n, sizeof line - 1 - n);
            if (r <= 0) { fprintf(stderr, "loadgen: the server closed the connection\n"); return 1; }
            n += (size_t)r;
        }
        line[n] = 0;
        if (strstr(line, "\"error\"")) { fprintf(stderr, "loadgen: the server answered an error: %s", line); return 1; }
        cs[0].outstanding = 0;
    }

    size_t cap = 1 << 20, count = 0;
    uint64_t *lat = malloc(cap * sizeof *lat);
    uint64_t start = now_ns(), t_measure = start + (uint64_t)(warmup * 1e9),
             t_end = t_measure + (uint64_t)(seconds * 1e9), deadline = t_end + 5000000000u;
    long replies = 0, in_flight = 0, total = 1; /* total: every reply, the first one and the warm-up included */
    for (int i = 0; i < conns; i++) {
        cs[i].sent_at = now_ns(); cs[i].measured = cs[i].sent_at >= t_measure;
        send_window(&cs[i]); in_flight += window;
    }
    static char rbuf[1 << 16];
    struct epoll_event evs[256];
    int stopping = 0;
    while (in_flight > 0) {
        int n = epoll_wait(ep, evs, 256, 100);
        uint64_t t = now_ns();
        if (t > deadline) { fprintf(stderr, "loadgen: %ld replies missing\n", in_flight); return 1; }
        if (t >= t_end) stopping = 1;
        for (int i = 0; i < n; i++) {
            struct conn *c = evs[i].data.ptr;
            ssize_t r = recv(c->fd, rbuf, sizeof rbuf, MSG_DONTWAIT);
            if (r == 0) { fprintf(stderr, "loadgen: the server closed the connection\n"); return 1; }
            if (r < 0) continue;
            long got = 0;
            for (char *p = rbuf; (p = memchr(p, '\n', (size_t)(rbuf + r - p))); p++) got++;
            if (got == 0) continue;
            t = now_ns();
            c->outstanding -= got; in_flight -= got; total += got;
            if (c->measured && t <= t_end) {
                replies += got;
                if (count + (size_t)got > cap) { cap *= 2; lat = realloc(lat, cap * sizeof *lat); }
                for (long k = 0; k < got; k++) lat[count++] = t - c->sent_at;
            }
            if (c->outstanding == 0 && !stopping) {
                c->sent_at = t; c->measured = t >= t_measure;
                send_window(c); in_flight += window;
            }
        }
    }
    if (count == 0) { fprintf(stderr, "loadgen: no reply measured\n"); return 1; }
    qsort(lat, count, sizeof *lat, cmp_u64);
    printf("{\"conns\":%d,\"window\":%d,\"replies\":%ld,\"seconds\":%.3f,\"rps\":%.1f,\"p50_us\":%.2f,"
           "\"p99_us\":%.2f,\"max_us\":%.2f,\"total\":%ld}\n",
           conns, window, replies, seconds, replies / seconds, lat[count / 2] / 1e3, lat[count * 99 / 100] / 1e3,
           lat[count - 1] / 1e3, total);
    return 0;
}
