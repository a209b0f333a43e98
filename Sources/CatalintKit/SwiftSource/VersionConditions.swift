import SwiftSyntax

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

/// Decides `#if swift(>=5.9)` and `#if compiler(<6)` conditions (with `!`, `&&`, `||`) against a
/// toolchain version, to tell which branches that compiler would not even parse. Any other
/// condition (`os(...)`, `canImport(...)`, `DEBUG`) is unknown, and its branches count as active.
enum VersionConditions {
    /// True when `node` is in a `#if` branch that `swiftVersion` would skip.
    static func isInactive(_ node: some SyntaxProtocol, swiftVersion: SwiftVersion) -> Bool {
        var current = Syntax(node).parent
        while let ancestor = current {
            if let clause = ancestor.as(IfConfigClauseSyntax.self), isInactive(clause, swiftVersion: swiftVersion) { return true }
            current = ancestor.parent
        }
        return false
    }

    /// A clause is skipped when its condition is known false, or an earlier clause's is known true.
    static func isInactive(_ clause: IfConfigClauseSyntax, swiftVersion: SwiftVersion) -> Bool {
        guard let clauses = clause.parent?.as(IfConfigClauseListSyntax.self) else { return false }
        for other in clauses {
            if other.id == clause.id {
                guard let condition = clause.condition else { return false }  // #else: active unless an earlier clause is
                return value(condition, swiftVersion: swiftVersion) == false
            }
            if let condition = other.condition, value(condition, swiftVersion: swiftVersion) == true { return true }
        }
        return false
    }

    /// The value of a condition under `swiftVersion`; nil when it depends on anything else.
    static func value(_ condition: ExprSyntax, swiftVersion: SwiftVersion) -> Bool? {
        let condition = condition.unwrapped
        if let prefix = condition.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!" {
            return value(prefix.expression, swiftVersion: swiftVersion).map(!)
        }
        if let infix = condition.as(InfixOperatorExprSyntax.self), let op = infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text {
            let left = value(infix.leftOperand, swiftVersion: swiftVersion)
            let right = value(infix.rightOperand, swiftVersion: swiftVersion)
            switch op {
            case "&&":
                if left == false || right == false { return false }
                return left == true && right == true ? true : nil
            case "||":
                if left == true || right == true { return true }
                return left == false && right == false ? false : nil
            default:
                return nil
            }
        }
        // Unfolded sequences (`a && b` before folding) are read left to right, for && and || alone.
        if let sequence = condition.as(SequenceExprSyntax.self) {
            let elements = Array(sequence.elements)
            guard elements.count % 2 == 1 else { return nil }
            var result = value(elements[0], swiftVersion: swiftVersion)
            var index = 1
            while index < elements.count {
                let op = elements[index].as(BinaryOperatorExprSyntax.self)?.operator.text
                let next = value(elements[index + 1], swiftVersion: swiftVersion)
                switch op {
                case "&&": result = result == false || next == false ? false : (result == true && next == true ? true : nil)
                case "||": result = result == true || next == true ? true : (result == false && next == false ? false : nil)
                default: return nil
                }
                index += 2
            }
            return result
        }
        guard let call = condition.as(FunctionCallExprSyntax.self),
              let function = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
              function == "swift" || function == "compiler",
              let argument = call.arguments.first?.expression else { return nil }
        // `>=5.9` is a prefix operator `>=` on `5.9`; `<6` likewise.
        guard let prefix = argument.as(PrefixOperatorExprSyntax.self),
              let version = SwiftVersion(prefix.expression.trimmedDescription) else { return nil }
        switch prefix.operator.text {
        case ">=": return swiftVersion >= version
        case "<": return swiftVersion < version
        default: return nil
        }
    }
}
