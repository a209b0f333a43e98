/// A Swift language or compiler version: `6.3`, `5.9.2`.
public struct SwiftVersion: Comparable, Hashable, Sendable, CustomStringConvertible {
    public var components: [Int]

    public init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
        guard !parts.isEmpty, parts.count <= 5, parts.allSatisfy({ $0 != nil && $0! >= 0 }) else { return nil }
        components = parts.map { $0! }
    }

    /// The newest Swift the bundled swift-syntax parses: what `#if swift(...)` is decided against
    /// unless the configuration names another (`swift_version`).
    public static let newest = SwiftVersion("6.3")!

    public static func < (lhs: SwiftVersion, rhs: SwiftVersion) -> Bool {
        let count = max(lhs.components.count, rhs.components.count)
        let left = lhs.components + Array(repeating: 0, count: count - lhs.components.count)
        let right = rhs.components + Array(repeating: 0, count: count - rhs.components.count)
        return left.lexicographicallyPrecedes(right)
    }

    public static func == (lhs: SwiftVersion, rhs: SwiftVersion) -> Bool { !(lhs < rhs) && !(rhs < lhs) }

    public func hash(into hasher: inout Hasher) {
        var trimmed = components
        while trimmed.count > 1, trimmed.last == 0 { trimmed.removeLast() }
        hasher.combine(trimmed)
    }

    public var description: String { components.map(String.init).joined(separator: ".") }
}
