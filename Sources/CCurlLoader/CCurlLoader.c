#include "CCurlLoader.h"

#include <dlfcn.h>
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// MARK: - The part of libcurl's interface used here
//
// Declared here rather than taken from <curl/curl.h>, which a machine that only runs programs
// (or builds them) need not have. The numbers are part of libcurl's stable ABI; each was checked
// against curl 7.88.1's headers (curl/curl.h, curl/multi.h), where they are spelled as noted.

typedef void CURL;
typedef void CURLM;
struct curl_slist;

// CURLoption values: CURLOPTTYPE_LONG is 0, CURLOPTTYPE_OBJECTPOINT (also STRINGPOINT, SLISTPOINT,
// CBPOINT) is 10000, CURLOPTTYPE_FUNCTIONPOINT is 20000 (curl.h: CURLOPT(name, type, number)).
enum {
    CCURLOPT_WRITEDATA = 10000 + 1,              // CURLOPT_WRITEDATA, CBPOINT 1
    CCURLOPT_URL = 10000 + 2,                    // CURLOPT_URL, STRINGPOINT 2
    CCURLOPT_ERRORBUFFER = 10000 + 10,           // CURLOPT_ERRORBUFFER, OBJECTPOINT 10
    CCURLOPT_WRITEFUNCTION = 20000 + 11,         // CURLOPT_WRITEFUNCTION, FUNCTIONPOINT 11
    CCURLOPT_HTTPHEADER = 10000 + 23,            // CURLOPT_HTTPHEADER, SLISTPOINT 23
    CCURLOPT_HEADERDATA = 10000 + 29,            // CURLOPT_HEADERDATA, CBPOINT 29
    CCURLOPT_NOPROGRESS = 0 + 43,                // CURLOPT_NOPROGRESS, LONG 43
    CCURLOPT_FOLLOWLOCATION = 0 + 52,            // CURLOPT_FOLLOWLOCATION, LONG 52
    CCURLOPT_MAXREDIRS = 0 + 68,                 // CURLOPT_MAXREDIRS, LONG 68
    CCURLOPT_HEADERFUNCTION = 20000 + 79,        // CURLOPT_HEADERFUNCTION, FUNCTIONPOINT 79
    CCURLOPT_HTTPGET = 0 + 80,                   // CURLOPT_HTTPGET, LONG 80
    CCURLOPT_NOSIGNAL = 0 + 99,                  // CURLOPT_NOSIGNAL, LONG 99
    CCURLOPT_ACCEPT_ENCODING = 10000 + 102,      // CURLOPT_ACCEPT_ENCODING, STRINGPOINT 102
    CCURLOPT_TIMEOUT_MS = 0 + 155,               // CURLOPT_TIMEOUT_MS, LONG 155
    CCURLOPT_CONNECTTIMEOUT_MS = 0 + 156,        // CURLOPT_CONNECTTIMEOUT_MS, LONG 156
    CCURLOPT_REDIR_PROTOCOLS = 0 + 182,          // CURLOPT_REDIR_PROTOCOLS, LONG 182 (deprecated in 7.85)
    CCURLOPT_REDIR_PROTOCOLS_STR = 10000 + 319,  // CURLOPT_REDIR_PROTOCOLS_STR, STRINGPOINT 319 (7.85+)
};

// CURLPROTO_HTTP (1<<0) and CURLPROTO_HTTPS (1<<1), for CURLOPT_REDIR_PROTOCOLS.
#define CCURLPROTO_HTTP_AND_HTTPS 3L

// CURLINFO values: CURLINFO_LONG is 0x200000.
enum {
    CCURLINFO_RESPONSE_CODE = 0x200000 + 2,      // CURLINFO_RESPONSE_CODE, LONG + 2
    CCURLINFO_OS_ERRNO = 0x200000 + 25,          // CURLINFO_OS_ERRNO, LONG + 25
};

// CURLcode values.
enum {
    CCURLE_OK = 0,                               // CURLE_OK
    CCURLE_FAILED_INIT = 2,                      // CURLE_FAILED_INIT
    CCURLE_WRITE_ERROR = 23,                     // CURLE_WRITE_ERROR
    CCURLE_OUT_OF_MEMORY = 27,                   // CURLE_OUT_OF_MEMORY
    CCURLE_UNKNOWN_OPTION = 48,                  // CURLE_UNKNOWN_OPTION
};

// CURLMcode: CURLM_CALL_MULTI_PERFORM is -1, CURLM_OK 0 (multi.h).
enum { CCURLM_CALL_MULTI_PERFORM = -1, CCURLM_OK = 0 };

// CURLMSG_DONE is 1 (multi.h: CURLMSG_NONE, CURLMSG_DONE, …).
enum { CCURLMSG_DONE = 1 };

// CURL_GLOBAL_DEFAULT is CURL_GLOBAL_ALL, (1<<0)|(1<<1) (curl.h).
#define CCURL_GLOBAL_DEFAULT 3L

// CURL_WAIT_POLLIN is 0x0001 (multi.h).
#define CCURL_WAIT_POLLIN 0x0001

// struct curl_waitfd (multi.h): curl_socket_t (int on POSIX) fd; short events; short revents.
struct ccurl_waitfd {
    int fd;
    short events;
    short revents;
};

// struct CURLMsg (multi.h): CURLMSG msg; CURL *easy_handle; union { void *whatever; CURLcode result; } data.
struct ccurl_message {
    int msg;
    CURL *easy_handle;
    union {
        void *whatever;
        int result;
    } data;
};

typedef size_t (*ccurl_write_callback)(char *data, size_t size, size_t count, void *context);

// MARK: - Loading

struct ccurl_library {
    struct ccurl_library *next;
    char *name;
    int (*global_init)(long flags);
    CURL *(*easy_init)(void);
    int (*easy_setopt)(CURL *curl, int option, ...);
    int (*easy_getinfo)(CURL *curl, int info, ...);
    void (*easy_cleanup)(CURL *curl);
    const char *(*easy_strerror)(int code);
    CURLM *(*multi_init)(void);
    int (*multi_add_handle)(CURLM *multi, CURL *curl);
    int (*multi_remove_handle)(CURLM *multi, CURL *curl);
    int (*multi_perform)(CURLM *multi, int *running);
    int (*multi_wait)(CURLM *multi, struct ccurl_waitfd *extra, unsigned count, int timeout_ms, int *ready);
    struct ccurl_message *(*multi_info_read)(CURLM *multi, int *queued);
    int (*multi_cleanup)(CURLM *multi);
    struct curl_slist *(*slist_append)(struct curl_slist *list, const char *text);
    void (*slist_free_all)(struct curl_slist *list);
};

static pthread_mutex_t loaded_lock = PTHREAD_MUTEX_INITIALIZER;
static struct ccurl_library *loaded_libraries;

static void copy_message(char *destination, size_t size, const char *text) {
    if (size == 0) return;
    snprintf(destination, size, "%s", text ? text : "");
}

/// Looks `symbol` up in `handle`; on failure writes dlerror's text to `error` and returns NULL.
static void *look_up(void *handle, const char *symbol, char *error, size_t error_size) {
    dlerror();
    void *address = dlsym(handle, symbol);
    if (!address) {
        const char *reason = dlerror();
        char text[512];
        snprintf(text, sizeof text, "%s", reason ? reason : "");
        if (!reason) snprintf(text, sizeof text, "%s: undefined symbol", symbol);
        copy_message(error, error_size, text);
    }
    return address;
}

#define LOOK_UP(field, symbol)                                                                   \
    do {                                                                                         \
        *(void **)(&library->field) = look_up(handle, symbol, error, error_size);                \
        if (!library->field) goto failed;                                                        \
    } while (0)

const ccurl_library *ccurl_library_load(const char *name, char *error, size_t error_size) {
    copy_message(error, error_size, "");
    pthread_mutex_lock(&loaded_lock);
    for (struct ccurl_library *known = loaded_libraries; known; known = known->next) {
        if (strcmp(known->name, name) == 0) {
            pthread_mutex_unlock(&loaded_lock);
            return known;
        }
    }
    struct ccurl_library *library = NULL;
    dlerror();
    void *handle = dlopen(name, RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        const char *reason = dlerror();
        copy_message(error, error_size, reason ? reason : "dlopen failed");
        goto failed;
    }
    library = calloc(1, sizeof *library);
    if (!library || !(library->name = strdup(name))) {
        copy_message(error, error_size, "out of memory");
        goto failed;
    }
    LOOK_UP(global_init, "curl_global_init");
    LOOK_UP(easy_init, "curl_easy_init");
    LOOK_UP(easy_setopt, "curl_easy_setopt");
    LOOK_UP(easy_getinfo, "curl_easy_getinfo");
    LOOK_UP(easy_cleanup, "curl_easy_cleanup");
    LOOK_UP(easy_strerror, "curl_easy_strerror");
    LOOK_UP(multi_init, "curl_multi_init");
    LOOK_UP(multi_add_handle, "curl_multi_add_handle");
    LOOK_UP(multi_remove_handle, "curl_multi_remove_handle");
    LOOK_UP(multi_perform, "curl_multi_perform");
    LOOK_UP(multi_wait, "curl_multi_wait");
    LOOK_UP(multi_info_read, "curl_multi_info_read");
    LOOK_UP(multi_cleanup, "curl_multi_cleanup");
    LOOK_UP(slist_append, "curl_slist_append");
    LOOK_UP(slist_free_all, "curl_slist_free_all");
    // Not thread-safe in older libcurl versions, hence under the lock, once per library.
    int code = library->global_init(CCURL_GLOBAL_DEFAULT);
    if (code != CCURLE_OK) {
        char text[128];
        snprintf(text, sizeof text, "curl_global_init failed (CURLcode %d)", code);
        copy_message(error, error_size, text);
        goto failed;
    }
    library->next = loaded_libraries;
    loaded_libraries = library;
    pthread_mutex_unlock(&loaded_lock);
    return library;

failed:
    // The handle stays open: dlclose of a library whose initializers ran is not worth the risk.
    if (library) free(library->name);
    free(library);
    pthread_mutex_unlock(&loaded_lock);
    return NULL;
}

// MARK: - Requests

struct buffer {
    unsigned char *bytes;
    size_t length;
    size_t capacity;
    size_t limit;
    int exceeded_limit;
    int out_of_memory;
};

static int buffer_append(struct buffer *buffer, const char *data, size_t length) {
    if (length > buffer->limit - buffer->length) {
        buffer->exceeded_limit = 1;
        return 0;
    }
    if (buffer->length + length > buffer->capacity) {
        size_t capacity = buffer->capacity ? buffer->capacity : 4096;
        while (capacity < buffer->length + length) capacity *= 2;
        unsigned char *bytes = realloc(buffer->bytes, capacity);
        if (!bytes) {
            buffer->out_of_memory = 1;
            return 0;
        }
        buffer->bytes = bytes;
        buffer->capacity = capacity;
    }
    memcpy(buffer->bytes + buffer->length, data, length);
    buffer->length += length;
    return 1;
}

/// CURLOPT_WRITEFUNCTION: collects the body. Returning less than given stops the transfer.
static size_t receive_body(char *data, size_t size, size_t count, void *context) {
    size_t length = size * count;
    return buffer_append(context, data, length) ? length : 0;
}

/// CURLOPT_HEADERFUNCTION: collects the header lines of the last answer (a redirect's or an
/// interim 1xx answer's lines are dropped when the next status line arrives).
static size_t receive_header(char *data, size_t size, size_t count, void *context) {
    struct buffer *headers = context;
    size_t length = size * count;
    if (length >= 5 && memcmp(data, "HTTP/", 5) == 0) {
        headers->length = 0;
        return length;
    }
    return buffer_append(headers, data, length) ? length : 0;
}

static int is_readable(int fd) {
    if (fd < 0) return 0;
    struct pollfd watched = { .fd = fd, .events = POLLIN, .revents = 0 };
    return poll(&watched, 1, 0) > 0 && (watched.revents & (POLLIN | POLLHUP | POLLERR)) != 0;
}

static void fail(ccurl_response *response, int code, const char *message) {
    response->outcome = CCURL_FAILED;
    response->curl_code = code;
    if (message && response->message[0] == '\0') copy_message(response->message, sizeof response->message, message);
}

void ccurl_get(const ccurl_library *library, const ccurl_request *request, ccurl_response *response) {
    memset(response, 0, sizeof *response);
    struct buffer body = { .limit = CCURL_MAXIMUM_BODY_SIZE };
    struct buffer headers = { .limit = 1024 * 1024 };
    struct curl_slist *header_list = NULL;
    CURLM *multi = NULL;
    int added = 0;

    if (is_readable(request->cancel_fd)) {
        response->outcome = CCURL_CANCELLED;
        return;
    }
    CURL *curl = library->easy_init();
    if (!curl) {
        fail(response, CCURLE_FAILED_INIT, "curl_easy_init failed");
        return;
    }
    for (size_t index = 0; index < request->header_count; index++) {
        struct curl_slist *appended = library->slist_append(header_list, request->headers[index]);
        if (!appended) {
            fail(response, CCURLE_OUT_OF_MEMORY, "out of memory");
            goto done;
        }
        header_list = appended;
    }
    long timeout_ms = request->timeout_ms > 0 ? request->timeout_ms : 1; // 0 would mean no limit

    int code = CCURLE_OK;
    // The message buffer is CURL_ERROR_SIZE (256) bytes, as CURLOPT_ERRORBUFFER requires.
    if (!code) code = library->easy_setopt(curl, CCURLOPT_ERRORBUFFER, response->message);
    if (!code) code = library->easy_setopt(curl, CCURLOPT_URL, request->url);
    if (!code) code = library->easy_setopt(curl, CCURLOPT_HTTPGET, 1L);
    if (!code) code = library->easy_setopt(curl, CCURLOPT_HTTPHEADER, header_list);
    if (!code) code = library->easy_setopt(curl, CCURLOPT_WRITEFUNCTION, (ccurl_write_callback)receive_body);
    if (!code) code = library->easy_setopt(curl, CCURLOPT_WRITEDATA, (void *)&body);
    if (!code) code = library->easy_setopt(curl, CCURLOPT_HEADERFUNCTION, (ccurl_write_callback)receive_header);
    if (!code) code = library->easy_setopt(curl, CCURLOPT_HEADERDATA, (void *)&headers);
    if (!code) code = library->easy_setopt(curl, CCURLOPT_TIMEOUT_MS, timeout_ms);
    if (!code) code = library->easy_setopt(curl, CCURLOPT_CONNECTTIMEOUT_MS, timeout_ms);
    // No signals (SIGALRM for DNS timeouts): the transfer runs on a thread of a threaded program.
    if (!code) code = library->easy_setopt(curl, CCURLOPT_NOSIGNAL, 1L);
    if (!code) code = library->easy_setopt(curl, CCURLOPT_NOPROGRESS, 1L);
    if (!code) code = library->easy_setopt(curl, CCURLOPT_FOLLOWLOCATION, 1L);
    if (!code) code = library->easy_setopt(curl, CCURLOPT_MAXREDIRS, 10L);
    // "": every encoding this libcurl can decode is offered, and the body arrives decoded.
    if (!code) code = library->easy_setopt(curl, CCURLOPT_ACCEPT_ENCODING, "");
    if (!code) {
        // Redirects may lead to http and https only.
        code = library->easy_setopt(curl, CCURLOPT_REDIR_PROTOCOLS_STR, "http,https");
        if (code == CCURLE_UNKNOWN_OPTION) code = library->easy_setopt(curl, CCURLOPT_REDIR_PROTOCOLS, CCURLPROTO_HTTP_AND_HTTPS);
    }
    if (code) {
        fail(response, code, library->easy_strerror(code));
        goto done;
    }

    multi = library->multi_init();
    if (!multi || library->multi_add_handle(multi, curl) != CCURLM_OK) {
        fail(response, CCURLE_FAILED_INIT, "curl_multi_init failed");
        goto done;
    }
    added = 1;
    for (;;) {
        if (is_readable(request->cancel_fd)) {
            response->outcome = CCURL_CANCELLED;
            goto done;
        }
        int running = 0;
        int multi_code = library->multi_perform(multi, &running);
        if (multi_code != CCURLM_OK && multi_code != CCURLM_CALL_MULTI_PERFORM) {
            char text[64];
            snprintf(text, sizeof text, "curl_multi_perform failed (CURLMcode %d)", multi_code);
            fail(response, CCURLE_FAILED_INIT, text);
            goto done;
        }
        if (!running) break;
        // Waits for the transfer's sockets, curl's next timer, or the cancellation descriptor.
        struct ccurl_waitfd cancel = { .fd = request->cancel_fd, .events = CCURL_WAIT_POLLIN, .revents = 0 };
        unsigned extra_count = request->cancel_fd >= 0 ? 1 : 0;
        multi_code = library->multi_wait(multi, extra_count ? &cancel : NULL, extra_count, 1000, NULL);
        if (multi_code != CCURLM_OK) {
            char text[64];
            snprintf(text, sizeof text, "curl_multi_wait failed (CURLMcode %d)", multi_code);
            fail(response, CCURLE_FAILED_INIT, text);
            goto done;
        }
    }

    int result = CCURLE_FAILED_INIT;
    int queued = 0;
    struct ccurl_message *message;
    while ((message = library->multi_info_read(multi, &queued))) {
        if (message->msg == CCURLMSG_DONE && message->easy_handle == curl) result = message->data.result;
    }
    if (result == CCURLE_OK) {
        response->outcome = CCURL_COMPLETED;
        library->easy_getinfo(curl, CCURLINFO_RESPONSE_CODE, &response->status);
    } else if (result == CCURLE_WRITE_ERROR && body.exceeded_limit) {
        response->outcome = CCURL_TOO_LARGE;
    } else if (result == CCURLE_WRITE_ERROR && headers.exceeded_limit) {
        fail(response, CCURLE_WRITE_ERROR, "the answer's header lines exceed 1 MiB");
    } else if (result == CCURLE_WRITE_ERROR && (body.out_of_memory || headers.out_of_memory)) {
        fail(response, CCURLE_OUT_OF_MEMORY, "out of memory");
    } else {
        library->easy_getinfo(curl, CCURLINFO_OS_ERRNO, &response->os_errno);
        fail(response, result, library->easy_strerror(result));
    }

done:
    if (added) library->multi_remove_handle(multi, curl);
    if (multi) library->multi_cleanup(multi);
    library->easy_cleanup(curl);
    if (header_list) library->slist_free_all(header_list);
    if (response->outcome == CCURL_COMPLETED) {
        response->body = body.bytes;
        response->body_length = body.length;
        response->headers = headers.bytes;
        response->headers_length = headers.length;
    } else {
        free(body.bytes);
        free(headers.bytes);
    }
}

void ccurl_response_release(ccurl_response *response) {
    free(response->body);
    free(response->headers);
    response->body = NULL;
    response->headers = NULL;
    response->body_length = 0;
    response->headers_length = 0;
}
