// libcurl for Swift, loaded when first needed (dlopen), not when the process starts: libcurl
// brings some thirty shared libraries (TLS, Kerberos, LDAP, ...) whose loading took about 5 ms of
// every start, replays and the other commands that never open a connection included. Its
// headers give the types and constants; every call goes through `tt_curl`, the table of its
// functions that `tt_curl_load` fills. curl_easy_setopt / curl_easy_getinfo are variadic, so each
// argument type gets a small typed wrapper here.
#ifndef TRADETERM_CCURL_SHIM_H
#define TRADETERM_CCURL_SHIM_H

#define CURL_DISABLE_TYPECHECK 1
#include <curl/curl.h>
#include <stddef.h>

#if defined(LIBCURL_VERSION_NUM) && LIBCURL_VERSION_NUM >= 0x075600
#include <curl/websockets.h>
#define TT_CURL_HAS_WS_HEADER 1
#else
#define TT_CURL_HAS_WS_HEADER 0
#endif

#if defined(LIBCURL_VERSION_NUM) && LIBCURL_VERSION_NUM >= 0x075600
#include <curl/websockets.h>
#endif

/// The libcurl functions tradeterm calls, found in the library by `tt_curl_load`.
typedef struct {
  CURLcode (*global_init)(long flags);
  CURL *(*easy_init)(void);
  void (*easy_cleanup)(CURL *h);
  CURLcode (*easy_perform)(CURL *h);
  CURLcode (*easy_setopt)(CURL *h, CURLoption o, ...);
  CURLcode (*easy_getinfo)(CURL *h, CURLINFO i, ...);
  const char *(*easy_strerror)(CURLcode rc);
  curl_version_info_data *(*version_info)(CURLversion v);
  CURLcode (*ws_recv)(CURL *h, void *buffer, size_t length, size_t *received, const struct curl_ws_frame **meta);
  CURLcode (*ws_send)(CURL *h, const void *buffer, size_t length, size_t *sent, curl_off_t fragsize, unsigned int flags);
} tt_curl_api;

/// The table; its pointers are null until `tt_curl_load` has succeeded.
extern tt_curl_api tt_curl;

/// Loads libcurl (once, from any thread) and calls its global init: 1 when it is there, 0 when
/// not (`tt_curl_load_error` says why). Every wrapper below loads it first.
int tt_curl_load(void);
/// Why loading failed ("" when it did not).
const char *tt_curl_load_error(void);

static inline CURL *tt_easy_init(void) { return tt_curl_load() ? tt_curl.easy_init() : NULL; }
static inline void tt_easy_cleanup(CURL *h) {
  if (h && tt_curl_load()) tt_curl.easy_cleanup(h);
}
static inline CURLcode tt_easy_perform(CURL *h) {
  return tt_curl_load() ? tt_curl.easy_perform(h) : CURLE_FAILED_INIT;
}
static inline const char *tt_easy_strerror(CURLcode rc) {
  return tt_curl_load() ? tt_curl.easy_strerror(rc) : tt_curl_load_error();
}
static inline CURLcode tt_ws_recv(CURL *h, void *buffer, size_t length, size_t *received,
                                  const struct curl_ws_frame **meta) {
  return tt_curl_load() && tt_curl.ws_recv ? tt_curl.ws_recv(h, buffer, length, received, meta)
                                           : CURLE_NOT_BUILT_IN;
}
static inline CURLcode tt_ws_send(CURL *h, const void *buffer, size_t length, size_t *sent,
                                  curl_off_t fragsize, unsigned int flags) {
  return tt_curl_load() && tt_curl.ws_send ? tt_curl.ws_send(h, buffer, length, sent, fragsize, flags)
                                           : CURLE_NOT_BUILT_IN;
}

static inline CURLcode tt_easy_setopt_long(CURL *h, CURLoption o, long v) {
  return tt_curl_load() ? tt_curl.easy_setopt(h, o, v) : CURLE_FAILED_INIT;
}
static inline CURLcode tt_easy_setopt_off(CURL *h, CURLoption o, curl_off_t v) {
  return tt_curl_load() ? tt_curl.easy_setopt(h, o, v) : CURLE_FAILED_INIT;
}
static inline CURLcode tt_easy_setopt_str(CURL *h, CURLoption o, const char *v) {
  return tt_curl_load() ? tt_curl.easy_setopt(h, o, v) : CURLE_FAILED_INIT;
}
static inline CURLcode tt_easy_setopt_ptr(CURL *h, CURLoption o, void *v) {
  return tt_curl_load() ? tt_curl.easy_setopt(h, o, v) : CURLE_FAILED_INIT;
}
static inline CURLcode tt_easy_setopt_slist(CURL *h, CURLoption o, struct curl_slist *v) {
  return tt_curl_load() ? tt_curl.easy_setopt(h, o, v) : CURLE_FAILED_INIT;
}
typedef size_t (*tt_write_cb)(char *ptr, size_t size, size_t nmemb, void *userdata);
static inline CURLcode tt_easy_setopt_write_cb(CURL *h, CURLoption o, tt_write_cb v) {
  return tt_curl_load() ? tt_curl.easy_setopt(h, o, v) : CURLE_FAILED_INIT;
}
static inline CURLcode tt_easy_getinfo_long(CURL *h, CURLINFO i, long *v) {
  return tt_curl_load() ? tt_curl.easy_getinfo(h, i, v) : CURLE_FAILED_INIT;
}
static inline CURLcode tt_easy_getinfo_off(CURL *h, CURLINFO i, curl_off_t *v) {
  return tt_curl_load() ? tt_curl.easy_getinfo(h, i, v) : CURLE_FAILED_INIT;
}
static inline CURLcode tt_easy_getinfo_socket(CURL *h, CURLINFO i, curl_socket_t *v) {
  return tt_curl_load() ? tt_curl.easy_getinfo(h, i, v) : CURLE_FAILED_INIT;
}
static inline CURLcode tt_easy_getinfo_str(CURL *h, CURLINFO i, const char **v) {
  return tt_curl_load() ? tt_curl.easy_getinfo(h, i, v) : CURLE_FAILED_INIT;
}

#if TT_CURL_HAS_WS_HEADER
static inline unsigned int tt_ws_text(void) { return CURLWS_TEXT; }
static inline unsigned int tt_ws_binary(void) { return CURLWS_BINARY; }
static inline unsigned int tt_ws_cont(void) { return CURLWS_CONT; }
static inline unsigned int tt_ws_close(void) { return CURLWS_CLOSE; }
static inline unsigned int tt_ws_ping(void) { return CURLWS_PING; }
static inline unsigned int tt_ws_pong(void) { return CURLWS_PONG; }
/// CURLWS_NOAUTOPONG (8.14): we answer PINGs ourselves, after the whole payload arrived.
static inline long tt_ws_noautopong(void) {
#ifdef CURLWS_NOAUTOPONG
  return CURLWS_NOAUTOPONG;
#else
  return 0;
#endif
}
#endif

/// A progress callback that aborts the transfer when the int at userdata is non-zero:
/// how the feed thread interrupts a blocking connect or upgrade on `stop`.
static inline int tt_abort_if_flagged(void *userdata, curl_off_t a, curl_off_t b, curl_off_t c, curl_off_t d) {
  (void)a; (void)b; (void)c; (void)d;
  return userdata && __atomic_load_n((int *)userdata, __ATOMIC_ACQUIRE) ? 1 : 0;
}
/// Sets or clears an abort flag from any thread.
static inline void tt_flag_store(int *flag, int value) { __atomic_store_n(flag, value, __ATOMIC_RELEASE); }
static inline int tt_flag_load(int *flag) { return __atomic_load_n(flag, __ATOMIC_ACQUIRE); }

static inline CURLcode tt_easy_set_abort_flag(CURL *h, int *flag) {
  if (!tt_curl_load()) return CURLE_FAILED_INIT;
  CURLcode rc = tt_curl.easy_setopt(h, CURLOPT_XFERINFOFUNCTION, tt_abort_if_flagged);
  if (rc != CURLE_OK) return rc;
  rc = tt_curl.easy_setopt(h, CURLOPT_XFERINFODATA, (void *)flag);
  if (rc != CURLE_OK) return rc;
  return tt_curl.easy_setopt(h, CURLOPT_NOPROGRESS, 0L);
}

/// Restricts the protocols `h` may use to `protocols` (a comma-separated list such as
/// "ws,wss"), for the URL it is given and for any redirect: a URL of another scheme (file://,
/// ftp://, …) then fails at once with CURLE_UNSUPPORTED_PROTOCOL instead of being fetched.
/// A libcurl older than 7.85 (no *_PROTOCOLS_STR) fails closed.
static inline CURLcode tt_easy_restrict_protocols(CURL *h, const char *protocols) {
#if defined(LIBCURL_VERSION_NUM) && LIBCURL_VERSION_NUM >= 0x075500
  if (!tt_curl_load()) return CURLE_FAILED_INIT;
  CURLcode rc = tt_curl.easy_setopt(h, CURLOPT_PROTOCOLS_STR, protocols);
  if (rc != CURLE_OK) return rc;
  return tt_curl.easy_setopt(h, CURLOPT_REDIR_PROTOCOLS_STR, protocols);
#else
  (void)h; (void)protocols;
  return CURLE_NOT_BUILT_IN;
#endif
}

/// The running libcurl's version string, e.g. "8.14.1" ("not loaded" when it cannot be).
static inline const char *tt_curl_version(void) {
  return tt_curl_load() ? tt_curl.version_info(CURLVERSION_NOW)->version : "not loaded";
}

/// 1 when the running libcurl lists the given protocol (e.g. "wss"), else 0.
static inline int tt_curl_has_protocol(const char *name) {
  if (!tt_curl_load()) return 0;
  const curl_version_info_data *d = tt_curl.version_info(CURLVERSION_NOW);
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
