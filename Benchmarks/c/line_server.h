/* What both baseline servers share: a single-threaded epoll loop on a Unix socket that accepts connections, reads
 * what each sends into its buffer and calls back; `listen_on` and `write_all`. Each server is one small C file that
 * includes this and decides what to do with the bytes read (echo_server.c, jansson_server.c). */
#ifndef LINE_SERVER_H
#define LINE_SERVER_H
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#define BUF 65536
/* The start of every server's connection: the socket and the bytes read and not yet handled. */
struct line_conn { int fd; size_t len; char buf[BUF]; };

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

/* Serves `argv[1]` for ever: prints "listening on PATH", accepts, and after each read calls `on_input` with the
 * connection (allocated with `conn_size` zeroed bytes, a `struct line_conn` first). */
static int serve_lines(int argc, char **argv, size_t conn_size, void (*on_input)(struct line_conn *c)) {
    if (argc != 2) { fprintf(stderr, "usage: %s PATH\n", argv[0]); return 2; }
    signal(SIGPIPE, SIG_IGN);
    int lfd = listen_on(argv[1]), ep = epoll_create1(0);
    struct epoll_event ev = {.events = EPOLLIN, .data.ptr = NULL}, evs[256];
    epoll_ctl(ep, EPOLL_CTL_ADD, lfd, &ev);
    printf("listening on %s\n", argv[1]); fflush(stdout);
    for (;;) {
        int n = epoll_wait(ep, evs, 256, -1);
        for (int i = 0; i < n; i++) {
            struct line_conn *c = evs[i].data.ptr;
            if (!c) {
                int fd;
                while ((fd = accept4(lfd, NULL, NULL, SOCK_NONBLOCK)) >= 0) {
                    c = calloc(1, conn_size); c->fd = fd;
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
            on_input(c);
        }
    }
}
#endif
