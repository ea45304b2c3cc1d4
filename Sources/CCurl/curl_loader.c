// Loads libcurl at its first use (see shim.h).
#include "shim.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

tt_curl_api tt_curl;

static pthread_once_t tt_curl_once = PTHREAD_ONCE_INIT;
static int tt_curl_loaded = 0;
static char tt_curl_error[512] = "";

static void *tt_curl_symbol(void *lib, const char *name, int required, int *missing) {
  void *f = dlsym(lib, name);
  if (!f && required) {
    *missing = 1;
    snprintf(tt_curl_error, sizeof tt_curl_error, "libcurl has no %s", name);
  }
  return f;
}

static void tt_curl_open(void) {
#ifdef __APPLE__
  const char *names[] = {"libcurl.4.dylib", "libcurl.dylib", NULL};
#else
  const char *names[] = {"libcurl.so.4", "libcurl.so", NULL};
#endif
  void *lib = NULL;
  // TRADETERM_LIBCURL names another libcurl (a path), e.g. one built elsewhere with WebSocket.
  const char *chosen = getenv("TRADETERM_LIBCURL");
  if (chosen && *chosen) {
    lib = dlopen(chosen, RTLD_NOW | RTLD_LOCAL);
  } else {
    for (const char **n = names; *n && !lib; n++) lib = dlopen(*n, RTLD_NOW | RTLD_LOCAL);
  }
  if (!lib) {
    const char *why = dlerror();
    snprintf(tt_curl_error, sizeof tt_curl_error, "cannot load libcurl: %s", why ? why : "not found");
    return;
  }
  int missing = 0;
  tt_curl_api api;
  api.global_init = (CURLcode (*)(long))tt_curl_symbol(lib, "curl_global_init", 1, &missing);
  api.easy_init = (CURL * (*)(void)) tt_curl_symbol(lib, "curl_easy_init", 1, &missing);
  api.easy_cleanup = (void (*)(CURL *))tt_curl_symbol(lib, "curl_easy_cleanup", 1, &missing);
  api.easy_perform = (CURLcode (*)(CURL *))tt_curl_symbol(lib, "curl_easy_perform", 1, &missing);
  api.easy_setopt = (CURLcode (*)(CURL *, CURLoption, ...))tt_curl_symbol(lib, "curl_easy_setopt", 1, &missing);
  api.easy_getinfo = (CURLcode (*)(CURL *, CURLINFO, ...))tt_curl_symbol(lib, "curl_easy_getinfo", 1, &missing);
  api.easy_strerror = (const char *(*)(CURLcode))tt_curl_symbol(lib, "curl_easy_strerror", 1, &missing);
  api.version_info = (curl_version_info_data * (*)(CURLversion)) tt_curl_symbol(lib, "curl_version_info", 1, &missing);
  // The WebSocket calls are absent from a libcurl before 7.86: then the feed says so (no ws).
  api.ws_recv = (CURLcode (*)(CURL *, void *, size_t, size_t *, const struct curl_ws_frame **))tt_curl_symbol(
      lib, "curl_ws_recv", 0, &missing);
  api.ws_send = (CURLcode (*)(CURL *, const void *, size_t, size_t *, curl_off_t, unsigned int))tt_curl_symbol(
      lib, "curl_ws_send", 0, &missing);
  if (missing) return;
  if (api.global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) {
    snprintf(tt_curl_error, sizeof tt_curl_error, "libcurl's global init failed");
    return;
  }
  tt_curl = api;
  tt_curl_loaded = 1;
}

int tt_curl_load(void) {
  pthread_once(&tt_curl_once, tt_curl_open);
  return tt_curl_loaded;
}

const char *tt_curl_load_error(void) {
  pthread_once(&tt_curl_once, tt_curl_open);
  return tt_curl_error;
}
