import SwiftSyntax

/// The one evaluator of `#if` conditions. A condition is true, false, or unknown (nil): unknown
/// wherever it reads something the build does not fix, such as a custom flag (`DEBUG`), and `!`,
/// `&&` and `||` stay unknown only when the known parts do not decide. A clause whose condition
/// is unknown counts as compiled.
///
/// It answers one of three questions, fixed when it is made:
/// - `macCatalyst(swiftVersion:)`: which branches a Mac Catalyst build compiles. `targetEnvironment`,
///   `os`, `canImport(UIKit)`, `true`, `false` and the version checks are decided as there.
/// - `iOSDevice(swiftVersion:)`: the same for the app's build for iPad and iPhone, where
///   `targetEnvironment(macCatalyst)` is false (a helper's `#if` can tell the Mac that way).
/// - `parsing(swiftVersion:)`: which branches the compiler reads at all. It reads every branch except
///   those a `swift(...)` or `compiler(...)` check it fails keeps out, so only those checks are
///   decided; `#if os(macOS)` and `#if false` must still parse.
struct CompilationConditions {
    /// The Swift the build uses, for `swift(...)` and `compiler(...)`.
    let swiftVersion: SwiftVersion
    /// True when platform checks count (a build for a platform); false when only version checks do.
    let isMacCatalyst: Bool
    /// For a build for a platform: true for Mac Catalyst, false for an iPad or iPhone.
    private var isCatalystBuild = true

    static func macCatalyst(swiftVersion: SwiftVersion = .newest) -> CompilationConditions {
        CompilationConditions(swiftVersion: swiftVersion, isMacCatalyst: true)
    }

    static func iOSDevice(swiftVersion: SwiftVersion = .newest) -> CompilationConditions {
        var conditions = CompilationConditions(swiftVersion: swiftVersion, isMacCatalyst: true)
        conditions.isCatalystBuild = false
        return conditions
    }

    static func parsing(swiftVersion: SwiftVersion = .newest) -> CompilationConditions {
        CompilationConditions(swiftVersion: swiftVersion, isMacCatalyst: false)
    }

    /// True when `node` is inside a `#if` branch that is left out.
    func isInactive(_ node: some SyntaxProtocol) -> Bool {
        var current = Syntax(node).parent
        while let ancestor = current {
            if let clause = ancestor.as(IfConfigClauseSyntax.self), isInactive(clause) { return true }
            current = ancestor.parent
        }
        return false
    }

    /// True when a clause is left out: its own condition is false, or an earlier clause of the same
    /// `#if` is true. An `#else` is left out only in the second way.
    func isInactive(_ clause: IfConfigClauseSyntax) -> Bool {
        guard let clauses = clause.parent?.as(IfConfigClauseListSyntax.self) else { return false }
        for other in clauses {
            if other.id == clause.id {
                guard let condition = clause.condition else { return false }
                return value(condition) == false
            }
            if let condition = other.condition, value(condition) == true { return true }
        }
        return false
    }

    /// The value of a condition; nil when it is unknown.
    func value(_ condition: ExprSyntax) -> Bool? {
        let condition = condition.unwrapped
        if let prefix = condition.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!" {
            return value(prefix.expression).map(!)
        }
        if let infix = condition.as(InfixOperatorExprSyntax.self) {
            let op = infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text
            return Self.combine(value(infix.leftOperand), op, value(infix.rightOperand))
        }
        // A tree that was not folded keeps `a && b || c` as a sequence: read left to right.
        if let sequence = condition.as(SequenceExprSyntax.self) {
            let elements = Array(sequence.elements)
            guard elements.count % 2 == 1 else { return nil }
            var result = value(elements[0])
            for index in stride(from: 1, to: elements.count, by: 2) {
                let op = elements[index].as(BinaryOperatorExprSyntax.self)?.operator.text
                guard op == "&&" || op == "||" else { return nil }
                result = Self.combine(result, op, value(elements[index + 1]))
            }
            return result
        }
        if let literal = condition.as(BooleanLiteralExprSyntax.self) {
            return isMacCatalyst ? literal.literal.tokenKind == .keyword(.true) : nil
        }
        guard let call = condition.as(FunctionCallExprSyntax.self),
              let function = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
              let argument = call.arguments.first?.expression else { return nil }
        if function == "swift" || function == "compiler" { return versionCheck(argument) }
        guard isMacCatalyst, let name = argument.as(DeclReferenceExprSyntax.self)?.baseName.text else { return nil }
        if !isCatalystBuild, function == "targetEnvironment", name == "macCatalyst" { return false }
        return Self.platformCheck(function, name)
    }

    /// `a && b` and `a || b` with unknown parts: known when the known part decides.
    private static func combine(_ left: Bool?, _ op: String?, _ right: Bool?) -> Bool? {
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

    /// `>=5.9` or `<6`, the argument of `swift(...)` and `compiler(...)`: a prefix operator on a version.
    private func versionCheck(_ argument: ExprSyntax) -> Bool? {
        guard let prefix = argument.as(PrefixOperatorExprSyntax.self),
              let version = SwiftVersion(prefix.expression.trimmedDescription) else { return nil }
        switch prefix.operator.text {
        case ">=": return swiftVersion >= version
        case "<": return swiftVersion < version
        default: return nil
        }
    }

    /// The operating systems `os(...)` can name that a Mac Catalyst build is not; it is `os(iOS)`.
    private static let otherSystems: Set<String> = [
        "macOS", "OSX", "tvOS", "watchOS", "visionOS", "xrOS", "Linux", "Windows", "Android", "FreeBSD", "OpenBSD", "WASI",
        "Cygwin", "Haiku", "PS4",
    ]

    /// `targetEnvironment(...)`, `os(...)` and `canImport(...)` as a Mac Catalyst build answers them.
    private static func platformCheck(_ function: String, _ argument: String) -> Bool? {
        switch function {
        case "targetEnvironment":
            if argument == "macCatalyst" { return true }
            if argument == "simulator" { return false }
            return nil
        case "os":
            if argument == "iOS" { return true }
            return otherSystems.contains(argument) ? false : nil
        case "canImport":
            return argument == "UIKit" ? true : nil
        default:
            return nil
        }
    }
}
