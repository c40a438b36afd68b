#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
// Placeholder until the test support lands.
