/* The physical limit of the socket: a single-threaded epoll server on a Unix socket that writes back every
 * complete line it reads, unchanged. Usage: echo_server PATH. Prints "listening on PATH" once it accepts. */
#include "line_server.h"

/* Echoes every complete line read, keeps the rest. */
static void echo_lines(struct line_conn *c) {
    char *end = memrchr(c->buf, '\n', c->len);
    if (!end) { if (c->len == BUF) c->len = 0; return; }
    size_t done = (size_t)(end - c->buf) + 1;
    write_all(c->fd, c->buf, done);
    memmove(c->buf, c->buf + done, c->len - done);
    c->len -= done;
}

int main(int argc, char **argv) { return serve_lines(argc, argv, sizeof(struct line_conn), echo_lines); }
