import Foundation

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

/// The Swift language mode a file is compiled in: Xcode's `SWIFT_VERSION` (`5.0`, `6.0`), a package's
/// `swiftLanguageModes:` or a target's `.swiftLanguageMode(.v5)`, else the compiler's default, Swift 5.
/// The parser reads the file in it: what Swift 6 rejects and Swift 5 only warns about (a space
/// between an attribute's name and its arguments, `@Flag (name: .long)`) is no syntax error in
/// Swift 5 mode, as for the compiler.
public enum LanguageMode: Int, Sendable, Codable, Comparable, CaseIterable, CustomStringConvertible {
    case swift4 = 4
    case swift5 = 5
    case swift6 = 6

    /// What `swiftc` takes when nothing says otherwise.
    public static let compilerDefault = LanguageMode.swift5

    /// From a build setting's or a manifest's spelling: `5`, `5.0`, `4.2`, `6.0`, `v5`, `.v6`;
    /// nil for anything else.
    public init?(setting: String) {
        var text = setting.trimmingCharacters(in: .whitespaces)
        if text.hasPrefix(".") { text.removeFirst() }
        if text.hasPrefix("v") { text.removeFirst() }
        guard let major = Int(text.split(separator: ".", maxSplits: 1).first ?? ""), let mode = LanguageMode(rawValue: major) else { return nil }
        self = mode
    }

    public static func < (lhs: LanguageMode, rhs: LanguageMode) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { "Swift \(rawValue)" }
}
