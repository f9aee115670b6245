#ifndef CJANSSON_SHIM_H
#define CJANSSON_SHIM_H

// Bridge between Swift and jansson (libjansson-dev, 2.14 or later).
//
// jansson's function-like macros do not import into Swift, so the ones ChoreoJSON needs are re-exposed here as
// `static inline` functions with a `CJansson_` prefix. Plain constant macros (JSON_COMPACT, JSON_DECODE_ANY, ...)
// import as they are.

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/// `json_typeof(json)`; `json` must not be NULL.
static inline json_type CJansson_typeof(const json_t *json) {
    return json_typeof(json);
}

static inline int CJansson_is_object(const json_t *json) { return json_is_object(json); }
static inline int CJansson_is_array(const json_t *json) { return json_is_array(json); }
static inline int CJansson_is_string(const json_t *json) { return json_is_string(json); }
static inline int CJansson_is_integer(const json_t *json) { return json_is_integer(json); }
static inline int CJansson_is_real(const json_t *json) { return json_is_real(json); }
static inline int CJansson_is_number(const json_t *json) { return json_is_number(json); }
static inline int CJansson_is_true(const json_t *json) { return json_is_true(json); }
static inline int CJansson_is_false(const json_t *json) { return json_is_false(json); }
static inline int CJansson_is_boolean(const json_t *json) { return json_is_boolean(json); }
static inline int CJansson_is_null(const json_t *json) { return json_is_null(json); }

/// `json_boolean(value)`: a new reference to `true` or `false`.
static inline json_t *CJansson_boolean(int value) {
    return json_boolean(value);
}

/// `json_incref(json)`; NULL is allowed.
static inline json_t *CJansson_incref(json_t *json) {
    return json_incref(json);
}

/// `json_decref(json)`; NULL is allowed.
static inline void CJansson_decref(json_t *json) {
    json_decref(json);
}

/// `JSON_INDENT(n)` encoding flag.
static inline size_t CJansson_indent(int spaces) {
    return JSON_INDENT(spaces);
}

/// `JSON_REAL_PRECISION(n)` encoding flag (n in 1...31; 0 means jansson's default of 17).
static inline size_t CJansson_real_precision(int precision) {
    return JSON_REAL_PRECISION(precision);
}

/// `json_error_code(error)`: the `enum json_error_code` of a failed call, as an int.
static inline int CJansson_error_code(const json_error_t *error) {
    return (int)json_error_code(error);
}

/// Whether `"%.{precision}g"` — the format jansson uses for reals under JSON_REAL_PRECISION(precision) — reads back
/// as exactly `value` (in the current C locale, like jansson itself).
static inline int CJansson_real_round_trips(double value, int precision) {
    char buffer[64];
    int length = snprintf(buffer, sizeof buffer, "%.*g", precision, value);
    if (length < 0 || length >= (int)sizeof buffer) {
        return 0;
    }
    return strtod(buffer, NULL) == value;
}

/// Offset of the first NUL byte in `buffer[0..<length]`, or -1 if there is none.
///
/// jansson 2.14's lexer uses a NUL in its one-character look-ahead buffer as "empty", so a raw NUL byte right after
/// a number or a literal (`1\0`, `[true\0]`) is silently skipped instead of rejected. A raw NUL is never valid in
/// JSON text, so callers reject it before handing the buffer to `json_loadb`.
static inline long CJansson_nul_offset(const char *buffer, size_t length) {
    const char *nul = length > 0 ? (const char *)memchr(buffer, 0, length) : NULL;
    return nul ? (long)(nul - buffer) : -1;
}

/// Writes `value` as jansson 2.14 writes a real under JSON_REAL_PRECISION(precision) (`jsonp_dtostr`): `%.{p}g`,
/// then `.0` appended when there is neither a '.' nor an 'e', then the exponent's '+' and leading zeros removed
/// (`1e+20` -> `1e20`, `1e-05` -> `1e-5`). Returns the length written (no NUL counted), or -1 when `size` is too small.
static inline int CJansson_format_real(char *buffer, size_t size, double value, int precision) {
    int ret = snprintf(buffer, size, "%.*g", precision, value);
    if (ret < 0 || (size_t)ret >= size) {
        return -1;
    }
    size_t length = (size_t)ret;
    if (strchr(buffer, '.') == NULL && strchr(buffer, 'e') == NULL) {
        if (length + 3 >= size) {
            return -1;
        }
        buffer[length] = '.';
        buffer[length + 1] = '0';
        buffer[length + 2] = '\0';
        length += 2;
    }
    char *start = strchr(buffer, 'e');
    if (start) {
        start++;
        char *end = start + 1;
        if (*start == '-') {
            start++;
        }
        while (*end == '0') {
            end++;
        }
        if (end != start) {
            memmove(start, end, length - (size_t)(end - buffer));
            length -= (size_t)(end - start);
        }
    }
    return (int)length;
}

#endif
