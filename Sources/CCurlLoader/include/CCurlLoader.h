#ifndef CCURLLOADER_H
#define CCURLLOADER_H

/// A minimal HTTP GET through libcurl, which is loaded with dlopen on first use rather than
/// linked, so that a program using this target does not load libcurl (and the ~30 libraries it
/// depends on) at start-up. No curl header is needed to build it: the few constants used are
/// declared in CCurlLoader.c.

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// A loaded libcurl: the functions looked up in it. Opaque; lives until the process ends.
typedef struct ccurl_library ccurl_library;

/// Loads the libcurl named `name` (a file name such as "libcurl.so.4", searched the way dlopen
/// searches, or a path) and looks up the functions this target calls. Thread-safe; a library that
/// loaded once is remembered and returned again without loading it anew.
///
/// Returns NULL when the library cannot be loaded or lacks a function, with a one-line reason
/// (dlerror's text) in `error`, which has room for `error_size` bytes.
const ccurl_library *_Nullable ccurl_library_load(const char *_Nonnull name, char *_Nonnull error, size_t error_size);

/// One GET request.
typedef struct ccurl_request {
    /// The absolute http(s) URL.
    const char *_Nonnull url;
    /// Header lines ("Name: value"), `header_count` of them.
    const char *_Nonnull const *_Nullable headers;
    size_t header_count;
    /// The limit for the whole exchange, in milliseconds (at least 1).
    long timeout_ms;
    /// A descriptor that becomes readable when the request must be abandoned (-1: none). The
    /// transfer notices it at once, also while it waits for the server.
    int cancel_fd;
} ccurl_request;

/// How a request ended.
typedef enum ccurl_outcome {
    /// A complete answer arrived: `status`, `headers` and `body` are set.
    CCURL_COMPLETED = 0,
    /// The transfer failed below HTTP: `curl_code`, `os_errno` and `message` say why.
    CCURL_FAILED = 1,
    /// `cancel_fd` became readable before the answer was complete.
    CCURL_CANCELLED = 2,
    /// The answer's body was larger than `CCURL_MAXIMUM_BODY_SIZE` bytes.
    CCURL_TOO_LARGE = 3,
} ccurl_outcome;

/// The largest body accepted, 64 MiB.
#define CCURL_MAXIMUM_BODY_SIZE 67108864 // 64 MiB

/// The answer to a request. `ccurl_response_release` frees what `ccurl_get` allocated.
typedef struct ccurl_response {
    ccurl_outcome outcome;
    /// The CURLcode of a failed transfer (0 otherwise).
    int curl_code;
    /// The operating system's errno behind a failed connection, when curl knows it (0 otherwise).
    long os_errno;
    /// curl's one-line explanation of a failure, or an empty string.
    char message[256];
    /// The HTTP status of the last answer (after redirects).
    long status;
    /// The header lines of the last answer, each ending in CRLF, status line excluded.
    unsigned char *_Nullable headers;
    size_t headers_length;
    /// The body, decoded when the server compressed it.
    unsigned char *_Nullable body;
    size_t body_length;
} ccurl_response;

/// Sends `request` through `library` and waits for the answer, the timeout or the cancellation.
/// Blocks the calling thread; call it from a thread of its own.
void ccurl_get(const ccurl_library *_Nonnull library, const ccurl_request *_Nonnull request, ccurl_response *_Nonnull response);

/// Frees the buffers of `response` (not `response` itself).
void ccurl_response_release(ccurl_response *_Nonnull response);

#ifdef __cplusplus
}
#endif

#endif
