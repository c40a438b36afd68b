import Foundation
import Testing
import TestSupport

/// What the dynamic loader has to load before `reactor-shell` runs: the start-up time is mostly
/// that. Foundation, FoundationNetworking, ICU and libcurl (with the ~30 libraries it drags in)
/// must not be among them; the network fetcher opens libcurl itself when a search needs it.
///
/// The debug build the tests run links the Swift libraries dynamically. Release builds on Linux
/// link them (and libstdc++) statically; `scripts/test` runs the end-to-end tests again on the
/// release binary with `REACTOR_SHELL_EXPECT_STATIC_RUNTIME=1`: then only system libraries may
/// be left.
@Suite("Linked libraries")
struct LinkedLibrariesTests {
    private static let hasLdd = FileManager.default.isExecutableFile(atPath: "/usr/bin/ldd")
    private static let expectsStaticRuntime = ProcessInfo.processInfo.environment["REACTOR_SHELL_EXPECT_STATIC_RUNTIME"] == "1"

    /// `ldd`'s lines for the binary under test: the library's name and, when it was found by
    /// name, the path it resolved to.
    private func linkedLibraries() async throws -> [(name: String, path: String?)] {
        let result = try await ShellProcess.run([try ShellProcess.executablePath()], executable: "/usr/bin/ldd")
        #expect(result.status == 0, "\(result.transcript)")
        return result.stdoutLines.compactMap { line in
            let fields = line.split(whereSeparator: \.isWhitespace).map(String.init)
            guard let name = fields.first else { return nil }
            let path = fields.count >= 3 && fields[1] == "=>" ? fields[2] : nil
            return (name, path)
        }
    }

    @Test(.enabled(if: hasLdd, "needs ldd (glibc)"))
    func theShellLoadsNeitherFoundationNorLibcurl() async throws {
        let libraries = try await linkedLibraries()
        let names = libraries.map(\.name)
        if !Self.expectsStaticRuntime {
            #expect(names.contains { $0.hasPrefix("libswiftCore") }, "\(names)")
        }
        // libFoundationEssentials may stay in the debug build: swift-argument-parser imports it.
        // It needs no ICU.
        let unwanted = names.filter { name in
            ["libFoundation.so", "libFoundationNetworking", "libFoundationInternationalization", "lib_FoundationICU", "libcurl"]
                .contains { name.hasPrefix($0) }
        }
        #expect(unwanted.isEmpty, "\(names)")
    }

    @Test(.enabled(if: hasLdd && expectsStaticRuntime, "needs ldd and REACTOR_SHELL_EXPECT_STATIC_RUNTIME=1 (a release binary)"))
    func theReleaseShellLoadsOnlySystemLibraries() async throws {
        let libraries = try await linkedLibraries()
        let swiftLibraries = libraries.filter { library in
            ["libswift", "libFoundation", "lib_Foundation", "libdispatch", "libBlocksRuntime", "libstdc++"]
                .contains { library.name.hasPrefix($0) }
        }
        #expect(swiftLibraries.isEmpty, "\(libraries)")
        // Whatever is left comes from the system's library directories, not the toolchain's.
        let outside = libraries.filter { library in
            guard let path = library.path else { return false }
            return !(path.hasPrefix("/lib/") || path.hasPrefix("/lib64/") || path.hasPrefix("/usr/lib/") || path.hasPrefix("/usr/lib64/"))
        }
        #expect(outside.isEmpty, "\(libraries)")
        // The line editor is still linked (readline by default, libedit with the LibEdit trait).
        #expect(libraries.contains { $0.name.hasPrefix("libreadline") || $0.name.hasPrefix("libedit") }, "\(libraries)")
    }
}
