/// The address of GitHub's repository search under an API base URL, e.g. `https://api.github.com`
/// or a GitHub Enterprise `https://ghe.example.com/api/v3`.
struct GitHubSearchEndpoint: Sendable, Equatable {
    /// The base URL without surrounding blanks and trailing slashes.
    let base: String
    /// `host` or `host:port` as written in the base URL (an IPv6 host in brackets), for messages.
    let authority: String

    /// Validates `baseURL`: an absolute `http` or `https` URL with a host and no query or fragment,
    /// written with the characters RFC 3986 allows (non-ASCII must be percent-encoded).
    init(baseURL: String) throws(RepositoryFetchError) {
        var trimmed = Substring(baseURL)
        while let first = trimmed.first, first.isWhitespace, !first.isNewline { trimmed.removeFirst() }
        while let last = trimmed.last, last.isWhitespace, !last.isNewline { trimmed.removeLast() }
        while trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard let authority = Self.authority(ofBaseURL: trimmed) else {
            throw RepositoryFetchError(
                .invalidBaseURL,
                message: "invalid GitHub API URL '\(Self.withoutCredentials(baseURL))': expected http://HOST[:PORT][/PATH] or https://…"
            )
        }
        self.base = String(trimmed)
        self.authority = authority
    }

    /// The URL of page `page` of the search for `query`.
    func searchURL(query: String, page: Int) -> String {
        "\(base)/search/repositories?q=\(Self.percentEncoded(query))&page=\(page)"
    }

    /// Percent-encodes every byte of the UTF-8 form of `text` except RFC 3986's unreserved
    /// characters (`A-Z a-z 0-9 - . _ ~`), so that `&`, `=`, `+`, `/` and spaces survive as data.
    static func percentEncoded(_ text: String) -> String {
        let hexDigits = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count * 3)
        for byte in text.utf8 {
            if isUnreserved(byte) {
                bytes.append(byte)
            } else {
                bytes.append(UInt8(ascii: "%"))
                bytes.append(hexDigits[Int(byte >> 4)])
                bytes.append(hexDigits[Int(byte & 0x0F)])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    // MARK: - Parsing the base URL

    /// `host[:port]` of `url` when it is `http(s)://[userinfo@]host[:port][/path]`, else nil.
    private static func authority(ofBaseURL url: Substring) -> String? {
        let bytes = Array(url.utf8)
        guard isWellFormed(bytes), let separator = firstIndex(of: Array("://".utf8), in: bytes) else { return nil }
        let scheme = String(decoding: bytes[..<separator], as: UTF8.self).lowercased()
        guard scheme == "http" || scheme == "https" else { return nil }
        let rest = bytes[(separator + 3)...]
        guard !rest.contains(UInt8(ascii: "?")), !rest.contains(UInt8(ascii: "#")) else { return nil }
        let authorityEnd = rest.firstIndex(of: UInt8(ascii: "/")) ?? rest.endIndex
        var hostAndPort = rest[..<authorityEnd]
        if let at = hostAndPort.lastIndex(of: UInt8(ascii: "@")) {
            hostAndPort = hostAndPort[(at + 1)...]
        }
        guard let (host, port) = splitHostAndPort(hostAndPort) else { return nil }
        return port.map { "\(host):\($0)" } ?? host
    }

    /// `host` (an IPv6 literal keeps its brackets) and the port, if any; nil when either is invalid.
    private static func splitHostAndPort(_ bytes: ArraySlice<UInt8>) -> (host: String, port: Int?)? {
        let hostEnd: Int
        if bytes.first == UInt8(ascii: "[") {
            guard let close = bytes.firstIndex(of: UInt8(ascii: "]")), close > bytes.startIndex + 1 else { return nil }
            let literal = bytes[(bytes.startIndex + 1)..<close]
            guard literal.allSatisfy({ hexValue($0) != nil || $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ".") }) else { return nil }
            hostEnd = close + 1
        } else {
            hostEnd = bytes.firstIndex(of: UInt8(ascii: ":")) ?? bytes.endIndex
            let host = bytes[bytes.startIndex..<hostEnd]
            guard !host.isEmpty, !host.contains(where: { $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "]") }) else { return nil }
        }
        let host = String(decoding: bytes[bytes.startIndex..<hostEnd], as: UTF8.self)
        let afterHost = bytes[hostEnd...]
        guard let colon = afterHost.first else { return (host, nil) }
        guard colon == UInt8(ascii: ":") else { return nil }
        let digits = afterHost.dropFirst()
        if digits.isEmpty { return (host, nil) } // `http://host:/` means the scheme's port
        guard digits.count <= 5, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
              let port = Int(String(decoding: digits, as: UTF8.self)), port <= 65_535
        else { return nil }
        return (host, port)
    }

    /// Whether every byte is one RFC 3986 allows in a URL and every `%` starts a `%XX` escape.
    private static func isWellFormed(_ bytes: [UInt8]) -> Bool {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, hexValue(bytes[index + 1]) != nil, hexValue(bytes[index + 2]) != nil else { return false }
                index += 3
                continue
            }
            guard isUnreserved(byte) || allowedDelimiters.contains(byte) else { return false }
            index += 1
        }
        return true
    }

    /// RFC 3986's gen-delims and sub-delims.
    private static let allowedDelimiters = Set(":/?#[]@!$&'()*+,;=".utf8)

    private static func firstIndex(of needle: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= needle.count else { return nil }
        return (0...(bytes.count - needle.count)).first { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    /// `text` with any `user:password@` part of a URL removed, so messages never show credentials.
    static func withoutCredentials(_ text: String) -> String {
        guard let schemeEnd = text.firstRange(of: "://"),
              let at = text[schemeEnd.upperBound...].firstIndex(of: "@")
        else { return text }
        let slash = text[schemeEnd.upperBound...].firstIndex(of: "/")
        if let slash, slash < at { return text }
        return String(text[..<schemeEnd.upperBound]) + String(text[text.index(after: at)...])
    }
}
