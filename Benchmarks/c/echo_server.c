/* The physical limit of the socket: a single-threaded epoll server on a Unix socket that writes back every
 * complete line it reads, unchanged. Usage: echo_server PATH. Prints "listening on PATH" once it accepts. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#define BUF 65536
struct conn { int fd; size_t len; char buf[BUF]; };

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
            char *end = memrchr(c->buf, '\n', c->len); /* echo every complete line, keep the rest */
            if (!end) { if (c->len == BUF) c->len = 0; continue; }
            size_t done = (size_t)(end - c->buf) + 1;
            write_all(c->fd, c->buf, done);
            memmove(c->buf, c->buf + done, c->len - done);
            c->len -= done;
        }
    }
}
