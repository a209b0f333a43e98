import Foundation
import SwiftSyntax

extension ExprSyntax {
    /// The expression without the wrappers that do not change which object it names:
    /// parentheses, `!`, `?`, `try`, `await`.
    var unwrapped: ExprSyntax {
        var expression = self
        while true {
            // By kind first: most expressions are none of these, and are returned after one test.
            switch expression.kind {
            case .tupleExpr:
                let tuple = expression.cast(TupleExprSyntax.self)
                guard tuple.elements.count == 1, let only = tuple.elements.first, only.label == nil else { return expression }
                expression = only.expression
            case .forceUnwrapExpr:
                expression = expression.cast(ForceUnwrapExprSyntax.self).expression
            case .optionalChainingExpr:
                expression = expression.cast(OptionalChainingExprSyntax.self).expression
            case .tryExpr:
                expression = expression.cast(TryExprSyntax.self).expression
            case .awaitExpr:
                expression = expression.cast(AwaitExprSyntax.self).expression
            default:
                return expression
            }
        }
    }

    /// The member name of `.name` or `Type.name` (`pad` in `.pad` and in `UIBehavioralStyle.pad`).
    var memberName: String? {
        unwrapped.as(MemberAccessExprSyntax.self)?.declName.baseName.text
    }

    /// The number a literal spells: `834`, `834.0`, `-20`.
    var numberLiteral: Double? {
        let expression = unwrapped
        if let integer = expression.as(IntegerLiteralExprSyntax.self) {
            return Double(integer.literal.text.replacingOccurrences(of: "_", with: ""))
        }
        if let float = expression.as(FloatLiteralExprSyntax.self) {
            return Double(float.literal.text.replacingOccurrences(of: "_", with: ""))
        }
        if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-",
           let value = prefix.expression.numberLiteral {
            return -value
        }
        return nil
    }
}

extension SyntaxProtocol {
    /// The source text without surrounding trivia, on one line.
    var compactText: String {
        trimmedDescription.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }
}

extension TypeSyntax {
    /// The class a type annotation names, without optionality and module: `UIButton` for
    /// `UIButton!`, `UIButton?` and `UIKit.UIButton`; nil for collections, functions and tuples.
    var simpleName: String? {
        if let identifier = self.as(IdentifierTypeSyntax.self) {
            return identifier.genericArgumentClause == nil ? identifier.name.text : nil
        }
        if let optional = self.as(OptionalTypeSyntax.self) { return optional.wrappedType.simpleName }
        if let implicit = self.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return implicit.wrappedType.simpleName }
        if let member = self.as(MemberTypeSyntax.self) { return member.name.text }
        if let attributed = self.as(AttributedTypeSyntax.self) { return attributed.baseType.simpleName }
        return nil
    }
}

extension String {
    /// True when the name starts with an upper-case letter, as type names do.
    var looksLikeTypeName: Bool {
        guard let first = unicodeScalars.first else { return false }
        return first.properties.isUppercase
    }

    /// `thumbImage` for `ThumbImage`.
    var lowercasingFirst: String {
        guard let first else { return self }
        return first.lowercased() + dropFirst()
    }
}

extension SyntaxProtocol {
    /// The nearest ancestor of the given type.
    func ancestor<T: SyntaxProtocol>(_ type: T.Type) -> T? {
        var node = parent
        while let current = node {
            if let match = current.as(type) { return match }
            node = current.parent
        }
        return nil
    }
}

/// A type declaration's name and, for a class, what it inherits first (its superclass, when it has one).
func declaredType(_ node: some SyntaxProtocol) -> (name: String, inherits: String?)? {
    if let declaration = node.as(ClassDeclSyntax.self) {
        return (declaration.name.text, declaration.inheritanceClause?.inheritedTypes.first?.type.simpleName)
    }
    if let declaration = node.as(StructDeclSyntax.self) { return (declaration.name.text, nil) }
    if let declaration = node.as(EnumDeclSyntax.self) { return (declaration.name.text, nil) }
    if let declaration = node.as(ActorDeclSyntax.self) { return (declaration.name.text, nil) }
    if let declaration = node.as(ExtensionDeclSyntax.self) { return (declaration.extendedType.simpleName ?? declaration.extendedType.trimmedDescription, nil) }
    return nil
}

extension FunctionCallExprSyntax {
    /// The name a call is made by: `present` in `self.present(...)` and `present(...)`,
    /// `refreshable` in `.refreshable { }`, and the type's name for an initializer:
    /// `UINavigationController` in `UINavigationController(rootViewController:)` and in
    /// `UINavigationController.init(rootViewController:)`.
    var calleeName: TokenSyntax? {
        let callee = calledExpression.unwrapped
        if let member = callee.as(MemberAccessExprSyntax.self) {
            if member.declName.baseName.text == "init", let base = member.base?.unwrapped.as(DeclReferenceExprSyntax.self) { return base.baseName }
            return member.declName.baseName
        }
        return callee.as(DeclReferenceExprSyntax.self)?.baseName
    }

    /// True for a call made on something (`.refreshable { }`, `view.present(...)`) rather than by
    /// a plain name (`Stepper(...)`) or a type's `init`.
    var isMemberCall: Bool {
        guard let member = calledExpression.unwrapped.as(MemberAccessExprSyntax.self) else { return false }
        return member.declName.baseName.text != "init"
    }
}
