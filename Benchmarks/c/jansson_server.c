/* The limit with our JSON library: a single-threaded epoll server on a Unix socket that parses each line with
 * jansson, checks it is a JSON-RPC 2.0 request, and answers with a reply built and serialized by jansson (compact,
 * sorted keys, as choreod does) shaped like choreod's clock.now reply. Usage: jansson_server PATH. */
#define _GNU_SOURCE
#include <errno.h>
#include <jansson.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#define BUF 65536
struct conn { int fd; size_t len, outlen; char buf[BUF]; char out[4 * BUF]; };

static int listen_on(const char *path) {
    struct sockaddr_un a = {.sun_family = AF_UNIX};
    strncpy(a.sun_path, path, sizeof a.sun_path - 1);
    unlink(path);
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK, 0);
    if (fd < 0 || bind(fd, (struct sockaddr *)&a, sizeof a) < 0 || listen(fd, 1024) < 0) { perror(path); exit(1); }
    return fd;
}

static void write_all(int fd, const char *p, size_t n) {
    while (n > 0) {
        ssize_t w = write(fd, p, n);
        if (w < 0) { if (errno == EAGAIN || errno == EINTR) continue; return; }
        p += w; n -= (size_t)w;
    }
}

/* One line in, one reply appended to c->out. */
static void answer(struct conn *c, const char *line, size_t len) {
    json_error_t err;
    json_t *req = json_loadb(line, len, 0, &err), *reply = json_object(), *id = NULL;
    json_object_set_new(reply, "jsonrpc", json_string("2.0"));
    const char *session = NULL;
    if (req && json_is_object(req)) {
        id = json_object_get(req, "id");
        json_t *params = json_object_get(req, "params");
        session = json_string_value(json_object_get(params, "session"));
    }
    json_object_set(reply, "id", id ? id : json_null());
    if (!req || !json_is_object(req) || !json_is_string(json_object_get(req, "method")) ||
        strcmp(json_string_value(json_object_get(req, "jsonrpc")) ?: "", "2.0") != 0 || !session) {
        json_object_set_new(reply, "error", json_pack("{s:i,s:s}", "code", req ? -32600 : -32700, "message", "bad"));
    } else {
        json_object_set_new(reply, "result", json_pack("{s:i,s:s}", "now", 0, "wallClock", "2026-01-05T09:00:00.000Z"));
    }
    size_t n = json_dumpb(reply, c->out + c->outlen, sizeof c->out - c->outlen - 1, JSON_COMPACT | JSON_SORT_KEYS);
    c->outlen += n;
    c->out[c->outlen++] = '\n';
    json_decref(reply);
    json_decref(req);
}

int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: %s PATH\n", argv[0]); return 2; }
    signal(SIGPIPE, SIG_IGN);
    int lfd = listen_on(argv[1]), ep = epoll_create1(0);
    struct epoll_event ev = {.events = EPOLLIN, .data.ptr = NULL}, evs[256];
    epoll_ctl(ep, EPOLL_CTL_ADD, lfd, &ev);
    printf("listening on %s\n", argv[1]); fflush(stdout);
    for (;;) {
        int n = epoll_wait(ep, evs, 256, -1);
        for (int i = 0; i < n; i++) {
            struct conn *c = evs[i].data.ptr;
            if (!c) {
                int fd;
                while ((fd = accept4(lfd, NULL, NULL, SOCK_NONBLOCK)) >= 0) {
                    c = calloc(1, sizeof *c); c->fd = fd;
                    struct epoll_event ce = {.events = EPOLLIN, .data.ptr = c};
                    epoll_ctl(ep, EPOLL_CTL_ADD, fd, &ce);
                }
                continue;
            }
            ssize_t r = read(c->fd, c->buf + c->len, BUF - c->len);
            if (r <= 0) {
                if (r < 0 && errno == EAGAIN) continue;
                close(c->fd); free(c); continue;
            }
            c->len += (size_t)r;
            char *start = c->buf, *end;
            /* Answer every complete line, then write the replies of this read at once (as choreod flushes). */
            while ((end = memchr(start, '\n', c->len - (size_t)(start - c->buf)))) {
                answer(c, start, (size_t)(end - start));
                start = end + 1;
                if (c->outlen > sizeof c->out - 4096) { write_all(c->fd, c->out, c->outlen); c->outlen = 0; }
            }
            if (c->outlen) { write_all(c->fd, c->out, c->outlen); c->outlen = 0; }
            c->len -= (size_t)(start - c->buf);
            memmove(c->buf, start, c->len);
            if (c->len == BUF) c->len = 0;
        }
    }
}
