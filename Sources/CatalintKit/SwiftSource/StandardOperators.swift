import SwiftOperators
import SwiftSyntax

/// The Swift standard library's precedence groups and operators, as swift-syntax's
/// `OperatorTable.standardOperators` has them, but with the syntax of each precedence relation:
/// without it, swift-syntax makes up that syntax for every relation it follows while it folds a
/// sequence (for its error messages), 3% of a run. Values, not declarations parsed at start-up
/// (parsing them was a fifth of a small run in a debug build). `OperatorTableTests` checks that
/// the table is swift-syntax's, so a newer swift-syntax with other operators fails there until
/// this is updated.
enum StandardOperators {
    /// The table catalint folds with (`SwiftSourceFile.operators`).
    /// A group or operator twice would be an error, which the tests' comparison with swift-syntax's
    /// table would show.
    static let table = OperatorTable(precedenceGroups: groups, operators: operators) { _ in }

    /// A relation to a higher group `name`, with the syntax of its name (the only kind the
    /// standard groups declare).
    private static func higherThan(_ name: String) -> PrecedenceRelation {
        .higherThan(name, syntax: PrecedenceGroupNameSyntax(name: .identifier(name)))
    }

    static let groups: [PrecedenceGroup] = [
        PrecedenceGroup(name: "AdditionPrecedence", associativity: .left, relations: [higherThan("RangeFormationPrecedence")]),
        PrecedenceGroup(name: "AssignmentPrecedence", associativity: .right, assignment: true),
        PrecedenceGroup(name: "BitwiseShiftPrecedence", relations: [higherThan("MultiplicationPrecedence")]),
        PrecedenceGroup(name: "CastingPrecedence", relations: [higherThan("NilCoalescingPrecedence")]),
        PrecedenceGroup(name: "ComparisonPrecedence", relations: [higherThan("LogicalConjunctionPrecedence")]),
        PrecedenceGroup(name: "DefaultPrecedence", relations: [higherThan("TernaryPrecedence")]),
        PrecedenceGroup(name: "FunctionArrowPrecedence", associativity: .right, relations: [higherThan("AssignmentPrecedence")]),
        PrecedenceGroup(name: "LogicalConjunctionPrecedence", associativity: .left, relations: [higherThan("LogicalDisjunctionPrecedence")]),
        PrecedenceGroup(name: "LogicalDisjunctionPrecedence", associativity: .left, relations: [higherThan("TernaryPrecedence")]),
        PrecedenceGroup(name: "MultiplicationPrecedence", associativity: .left, relations: [higherThan("AdditionPrecedence")]),
        PrecedenceGroup(name: "NilCoalescingPrecedence", associativity: .right, relations: [higherThan("ComparisonPrecedence")]),
        PrecedenceGroup(name: "RangeFormationPrecedence", relations: [higherThan("CastingPrecedence")]),
        PrecedenceGroup(name: "TernaryPrecedence", associativity: .right, relations: [higherThan("FunctionArrowPrecedence")]),
    ]

    static let operators: [Operator] = [
        Operator(kind: .prefix, name: "!"),
        Operator(kind: .prefix, name: "+"),
        Operator(kind: .prefix, name: "++"),
        Operator(kind: .prefix, name: "-"),
        Operator(kind: .prefix, name: "--"),
        Operator(kind: .prefix, name: "..."),
        Operator(kind: .prefix, name: "..<"),
        Operator(kind: .prefix, name: "~"),
        Operator(kind: .postfix, name: "++"),
        Operator(kind: .postfix, name: "--"),
        Operator(kind: .postfix, name: "..."),
        Operator(kind: .infix, name: "!=", precedenceGroup: "ComparisonPrecedence"),
        Operator(kind: .infix, name: "!==", precedenceGroup: "ComparisonPrecedence"),
        Operator(kind: .infix, name: "%", precedenceGroup: "MultiplicationPrecedence"),
        Operator(kind: .infix, name: "%=", precedenceGroup: "AssignmentPrecedence"),
        Operator(kind: .infix, name: "&", precedenceGroup: "MultiplicationPrecedence"),
        Operator(kind: .infix, name: "&&", precedenceGroup: "LogicalConjunctionPrecedence"),
        Operator(kind: .infix, name: "&*", precedenceGroup: "MultiplicationPrecedence"),
        Operator(kind: .infix, name: "&*=", precedenceGroup: "AssignmentPrecedence"),
        Operator(kind: .infix, name: "&+", precedenceGroup: "AdditionPrecedence"),
        Operator(kind: .infix, name: "&+=", precedenceGroup: "AssignmentPrecedence"),
        Operator(kind: .infix, name: "&-", precedenceGroup: "AdditionPrecedence"),
        Operator(kind: .infix, name: "&-=", precedenceGroup: "AssignmentPrecedence"),
        Operator(kind: .infix, name: "&<<", precedenceGroup: "BitwiseShiftPrecedence"),
        Operator(kind: .infix, name: "&<<=", precedenceGroup: "AssignmentPrecedence"),
        Operator(kind: .infix, name: "&=", precedenceGroup: "AssignmentPrecedence"),
        Operator(kind: .infix, name: "&>>", precedenceGroup: "BitwiseShiftPrecedence"),
        Operator(kind: .infix, name: "&>>=", precedenceGroup: "AssignmentPrecedence"),
        Operator(kind: .infix, name: "*", precedenceGroup: "MultiplicationPrecedence"),
        Operator(kind: .infix, name: "*=", precedenceGroup: "AssignmentPrecedence"),
        Operator(kind: .infix, name: "+", precedenceGroup: "AdditionPrecedence"),
        Operator(kind: .infix, name: "+=", precedenceGroup: "AssignmentPrecedence"),
        Operator(kind: .infix, name: "-", precedenceGroup: "AdditionPrecedence"),
        Operator(kind: .infix, name: "-=", precedenceGroup: "AssignmentPrecedence"),
        Operator(kind: .infix, name: "...", precedenceGroup: "RangeFormationPrecedence"),
        Operator(kind: .infix, name: "..<", precedenceGroup: "RangeFormationPrecedence"),
        Operator(kind: .infix, name: "/", precedenceGroup: "MultiplicationPrecedence"),
        Operator(kind: .infix, name: "/=", precedenceGroup: "AssignmentPrecedence"),
        Operator(kind: .infix, name: "<", precedenceGroup: "ComparisonPrecedence"),
        Operator(kind: .infix, name: "<<", precedenceGroup: "BitwiseShiftPrecedence"),
        Operator(kind: .infix, name: "<<=", precedenceGroup: "AssignmentPrecedence"),
        Operator(kind: .infix, name: "<=", precedenceGroup: "ComparisonPrecedence"),
        Operator(kind: .infix, name: "==", precedenceGroup: "ComparisonPrecedence"),
        Operator(kind: .infix, name: "===", precedenceGroup: "ComparisonPrecedence"),
        Operator(kind: .infix, name: ">", precedenceGroup: "ComparisonPrecedence"),
        Operator(kind: .infix, name: ">=", precedenceGroup: "ComparisonPrecedence"),
        Operator(kind: .infix, name: ">>", precedenceGroup: "BitwiseShiftPrecedence"),
        Operator(kind: .infix, name: ">>=", precedenceGroup: "AssignmentPrecedence"),
        Operator(kind: .infix, name: "??", precedenceGroup: "NilCoalescingPrecedence"),
        Operator(kind: .infix, name: "^", precedenceGroup: "AdditionPrecedence"),
        Operator(kind: .infix, name: "^=", precedenceGroup: "AssignmentPrecedence"),
        Operator(kind: .infix, name: "|", precedenceGroup: "AdditionPrecedence"),
        Operator(kind: .infix, name: "|=", precedenceGroup: "AssignmentPrecedence"),
        Operator(kind: .infix, name: "||", precedenceGroup: "LogicalDisjunctionPrecedence"),
        Operator(kind: .infix, name: "~=", precedenceGroup: "ComparisonPrecedence"),
        Operator(kind: .infix, name: "~>"),
    ]
}
