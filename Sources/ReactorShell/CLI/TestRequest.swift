#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `reactor-shell test` is asked to do, besides the session's settings.
public struct TestRequest: Sendable, Equatable {
    /// Script files, and directories searched for `*.rsh` files.
    public var paths: [String]
    /// Write the golden files instead of comparing (`--update`).
    public var update = false
    /// How many scripts run at once, in as many worker processes (`-j`; 1 runs them here, one
    /// after another).
    public var jobs: Int
    /// Run only one slice of the scripts (`--shard K/N`).
    public var shard: TestShard?
    /// Where to write a JUnit XML report (`--junit`).
    public var junitFile: String?

    /// A request for `paths`, run `jobs` at a time.
    public init(paths: [String], update: Bool = false, jobs: Int = 1, shard: TestShard? = nil, junitFile: String? = nil) {
        self.paths = paths
        self.update = update
        self.jobs = jobs
        self.shard = shard
        self.junitFile = junitFile
    }

    /// The number of processors online: how many scripts run at once unless `-j` says.
    static var processorCount: Int { max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))) }
}

/// `--shard K/N`: the K-th (1-based) of N slices of the scripts, the same slice for the same
/// scripts whatever order they were named in: the scripts sorted by path, every N-th from the K-th.
public struct TestShard: Sendable, Equatable, CustomStringConvertible {
    /// Which slice, from 1.
    public var index: Int
    /// How many slices.
    public var count: Int

    /// `K/N` with 1 ≤ K ≤ N, else nil.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, (1...count).contains(index) else {
            return nil
        }
        self.index = index
        self.count = count
    }

    /// `K/N`.
    public var description: String { "\(index)/\(count)" }

    /// The scripts of this slice, in the order given.
    func slice(of scripts: [String]) -> [String] {
        let sorted = scripts.indices.sorted { scripts[$0].utf8.lexicographicallyPrecedes(scripts[$1].utf8) }
        var chosen = Set<Int>()
        for (rank, position) in sorted.enumerated() where rank % count == index - 1 { chosen.insert(position) }
        return scripts.indices.filter(chosen.contains).map { scripts[$0] }
    }
}
