/* The limit with our JSON library: a single-threaded epoll server on a Unix socket that parses each line with
 * jansson, checks it is a JSON-RPC 2.0 request, and answers with a reply built and serialized by jansson (compact,
 * sorted keys, as choreod does) shaped like choreod's clock.now reply. Usage: jansson_server PATH. */
#include "line_server.h"
#include <jansson.h>

struct conn { struct line_conn in; size_t outlen; char out[4 * BUF]; };

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

/* Answers every complete line, then writes the replies of this read at once (as choreod flushes). */
static void answer_lines(struct line_conn *in) {
    struct conn *c = (struct conn *)in;
    char *start = in->buf, *end;
    while ((end = memchr(start, '\n', in->len - (size_t)(start - in->buf)))) {
        answer(c, start, (size_t)(end - start));
        start = end + 1;
        if (c->outlen > sizeof c->out - 4096) { write_all(in->fd, c->out, c->outlen); c->outlen = 0; }
    }
    if (c->outlen) { write_all(in->fd, c->out, c->outlen); c->outlen = 0; }
    in->len -= (size_t)(start - in->buf);
    memmove(in->buf, start, in->len);
    if (in->len == BUF) in->len = 0;
}

int main(int argc, char **argv) { return serve_lines(argc, argv, sizeof(struct conn), answer_lines); }
