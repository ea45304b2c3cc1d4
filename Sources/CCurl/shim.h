// libcurl for Swift. curl_easy_setopt / curl_easy_getinfo are variadic macros that
// do not import, so each argument type gets a small typed wrapper here.
#ifndef TRADETERM_CCURL_SHIM_H
#define TRADETERM_CCURL_SHIM_H

#include <curl/curl.h>
#include <stddef.h>

#if defined(LIBCURL_VERSION_NUM) && LIBCURL_VERSION_NUM >= 0x075600
#include <curl/websockets.h>
#define TT_CURL_HAS_WS_HEADER 1
#else
#define TT_CURL_HAS_WS_HEADER 0
#endif

static inline CURLcode tt_easy_setopt_long(CURL *h, CURLoption o, long v) {
  return curl_easy_setopt(h, o, v);
}
static inline CURLcode tt_easy_setopt_off(CURL *h, CURLoption o, curl_off_t v) {
  return curl_easy_setopt(h, o, v);
}
static inline CURLcode tt_easy_setopt_str(CURL *h, CURLoption o, const char *v) {
  return curl_easy_setopt(h, o, v);
}
static inline CURLcode tt_easy_setopt_ptr(CURL *h, CURLoption o, void *v) {
  return curl_easy_setopt(h, o, v);
}
static inline CURLcode tt_easy_setopt_slist(CURL *h, CURLoption o, struct curl_slist *v) {
  return curl_easy_setopt(h, o, v);
}
typedef size_t (*tt_write_cb)(char *ptr, size_t size, size_t nmemb, void *userdata);
static inline CURLcode tt_easy_setopt_write_cb(CURL *h, CURLoption o, tt_write_cb v) {
  return curl_easy_setopt(h, o, v);
}
static inline CURLcode tt_easy_getinfo_long(CURL *h, CURLINFO i, long *v) {
  return curl_easy_getinfo(h, i, v);
}
static inline CURLcode tt_easy_getinfo_off(CURL *h, CURLINFO i, curl_off_t *v) {
  return curl_easy_getinfo(h, i, v);
}
static inline CURLcode tt_easy_getinfo_socket(CURL *h, CURLINFO i, curl_socket_t *v) {
  return curl_easy_getinfo(h, i, v);
}
static inline CURLcode tt_easy_getinfo_str(CURL *h, CURLINFO i, const char **v) {
  return curl_easy_getinfo(h, i, v);
}

/// The running libcurl's version string, e.g. "8.14.1".
static inline const char *tt_curl_version(void) {
  return curl_version_info(CURLVERSION_NOW)->version;
}

/// 1 when the running libcurl lists the given protocol (e.g. "wss"), else 0.
static inline int tt_curl_has_protocol(const char *name) {
  const curl_version_info_data *d = curl_version_info(CURLVERSION_NOW);
  for (const char *const *p = d->protocols; p && *p; p++) {
    const char *a = *p, *b = name;
    while (*a && *b && (*a | 0x20) == (*b | 0x20)) { a++; b++; }
    if (*a == 0 && *b == 0) return 1;
  }
  return 0;
}

/// 1 when these headers declare the WebSocket API (curl_ws_recv / curl_ws_send).
static inline int tt_curl_headers_have_ws(void) { return TT_CURL_HAS_WS_HEADER; }

#endif
