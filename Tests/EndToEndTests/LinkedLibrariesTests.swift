import Foundation
import Testing
import TestSupport

/// What the dynamic loader has to load before `reactor-shell` runs: the start-up time is mostly
/// that. Foundation, FoundationNetworking, ICU and libcurl (with the ~30 libraries it drags in)
/// must not be among them; the network fetcher opens libcurl itself when a search needs it.
@Suite("Linked libraries")
struct LinkedLibrariesTests {
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/ldd"), "needs ldd (glibc)"))
    func theShellLoadsNeitherFoundationNorLibcurl() async throws {
        let result = try await ShellProcess.run([try ShellProcess.executablePath()], executable: "/usr/bin/ldd")
        #expect(result.status == 0, "\(result.transcript)")

        let libraries = result.stdoutLines.compactMap { $0.split(whereSeparator: \.isWhitespace).first.map(String.init) }
        #expect(libraries.contains { $0.hasPrefix("libswiftCore") }, "\(result.transcript)")
        // libFoundationEssentials may stay: swift-argument-parser imports it. It needs no ICU.
        let unwanted = libraries.filter { name in
            ["libFoundation.so", "libFoundationNetworking", "libFoundationInternationalization", "lib_FoundationICU", "libcurl"]
                .contains { name.hasPrefix($0) }
        }
        #expect(unwanted.isEmpty, "\(result.transcript)")
    }
}
