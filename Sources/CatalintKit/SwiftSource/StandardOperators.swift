/// The declarations of the Swift standard library's operators and precedence groups, as
/// swift-syntax's `OperatorTable.standardOperators` describes them (its `description`, which is
/// the source that makes it). catalint folds with a table read from this text
/// (`SwiftSourceFile.operators`); `OperatorTableTests` checks that it is the same table as
/// swift-syntax's, so a newer swift-syntax with other operators fails there until this is updated.
let standardOperatorDeclarations = """
precedencegroup AdditionPrecedence {
    associativity: left
    higherThan: RangeFormationPrecedence
}
precedencegroup AssignmentPrecedence {
    associativity: right
    assignment: true
}
precedencegroup BitwiseShiftPrecedence {
    higherThan: MultiplicationPrecedence
}
precedencegroup CastingPrecedence {
    higherThan: NilCoalescingPrecedence
}
precedencegroup ComparisonPrecedence {
    higherThan: LogicalConjunctionPrecedence
}
precedencegroup DefaultPrecedence {
    higherThan: TernaryPrecedence
}
precedencegroup FunctionArrowPrecedence {
    associativity: right
    higherThan: AssignmentPrecedence
}
precedencegroup LogicalConjunctionPrecedence {
    associativity: left
    higherThan: LogicalDisjunctionPrecedence
}
precedencegroup LogicalDisjunctionPrecedence {
    associativity: left
    higherThan: TernaryPrecedence
}
precedencegroup MultiplicationPrecedence {
    associativity: left
    higherThan: AdditionPrecedence
}
precedencegroup NilCoalescingPrecedence {
    associativity: right
    higherThan: ComparisonPrecedence
}
precedencegroup RangeFormationPrecedence {
    higherThan: CastingPrecedence
}
precedencegroup TernaryPrecedence {
    associativity: right
    higherThan: FunctionArrowPrecedence
}
prefix operator !
prefix operator +
prefix operator ++
prefix operator -
prefix operator --
prefix operator ...
prefix operator ..<
prefix operator ~
postfix operator ++
postfix operator --
postfix operator ...
infix operator !=: ComparisonPrecedence
infix operator !==: ComparisonPrecedence
infix operator %: MultiplicationPrecedence
infix operator %=: AssignmentPrecedence
infix operator &: MultiplicationPrecedence
infix operator &&: LogicalConjunctionPrecedence
infix operator &*: MultiplicationPrecedence
infix operator &*=: AssignmentPrecedence
infix operator &+: AdditionPrecedence
infix operator &+=: AssignmentPrecedence
infix operator &-: AdditionPrecedence
infix operator &-=: AssignmentPrecedence
infix operator &<<: BitwiseShiftPrecedence
infix operator &<<=: AssignmentPrecedence
infix operator &=: AssignmentPrecedence
infix operator &>>: BitwiseShiftPrecedence
infix operator &>>=: AssignmentPrecedence
infix operator *: MultiplicationPrecedence
infix operator *=: AssignmentPrecedence
infix operator +: AdditionPrecedence
infix operator +=: AssignmentPrecedence
infix operator -: AdditionPrecedence
infix operator -=: AssignmentPrecedence
infix operator ...: RangeFormationPrecedence
infix operator ..<: RangeFormationPrecedence
infix operator /: MultiplicationPrecedence
infix operator /=: AssignmentPrecedence
infix operator <: ComparisonPrecedence
infix operator <<: BitwiseShiftPrecedence
infix operator <<=: AssignmentPrecedence
infix operator <=: ComparisonPrecedence
infix operator ==: ComparisonPrecedence
infix operator ===: ComparisonPrecedence
infix operator >: ComparisonPrecedence
infix operator >=: ComparisonPrecedence
infix operator >>: BitwiseShiftPrecedence
infix operator >>=: AssignmentPrecedence
infix operator ??: NilCoalescingPrecedence
infix operator ^: AdditionPrecedence
infix operator ^=: AssignmentPrecedence
infix operator |: AdditionPrecedence
infix operator |=: AssignmentPrecedence
infix operator ||: LogicalDisjunctionPrecedence
infix operator ~=: ComparisonPrecedence
infix operator ~>
"""
