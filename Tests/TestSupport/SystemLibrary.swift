// The C library, imported once for the whole module: an `@_exported` import is visible in every
// file of the module (a plain import only in its own file), so the files that call libc for
// the test processes, pipes and loopback sockets need no import block of their own.
// It is also visible to the module's clients, as it would be through Foundation.
#if canImport(Glibc)
@_exported import Glibc
#elseif canImport(Darwin)
@_exported import Darwin
#endif
