import SwiftSyntax

/// The little type inference catalint needs: the class of the value an expression makes, from what
/// the source says (`UISlider()`, `UIButton(type: .system)`, `x as! UISlider`, a closure that builds
/// a control and returns it). `lookup` answers for plain names (locals, properties, globals), with
/// a symbolic type when the name is declared in another file.
enum TypeInference {
    /// What a call of a function gives, given what is known without the project (`fallback`): the
    /// caller's way to refer to the function's declared return type (`TypeRef.returned`).
    typealias Returned = (FunctionCallExprSyntax, _ fallback: TypeRef) -> TypeRef

    static func constructedType(of expression: ExprSyntax, lookup: (String) -> TypeRef = { _ in .unknown }, returned: Returned? = nil) -> TypeRef {
        let expression = expression.unwrapped
        if let call = expression.as(FunctionCallExprSyntax.self) {
            let callee = call.calledExpression.unwrapped
            if let name = callee.as(DeclReferenceExprSyntax.self)?.baseName.text, name.looksLikeTypeName {
                return .named(name)
            }
            if let member = callee.as(MemberAccessExprSyntax.self),
               let base = member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text, base.looksLikeTypeName {
                // `UIButton.init(type:)`, and class factories such as `UIButton.systemButton(with:target:action:)`
                // (unless the project declares the factory: `Controls.slider() -> UISlider`).
                guard member.declName.baseName.text != "init", let returned else { return .named(base) }
                return returned(call, .named(base))
            }
            if let closure = callee.as(ClosureExprSyntax.self) {
                return returnedType(of: closure, lookup: lookup, returned: returned)
            }
            // `makeSortButton()`, `cell.makeButton()`: the function's declared return type, if the project has it.
            if callee.is(DeclReferenceExprSyntax.self) || callee.is(MemberAccessExprSyntax.self), let returned {
                return returned(call, .unknown)
            }
            return .unknown
        }
        if let cast = expression.as(AsExprSyntax.self) {
            return cast.type.simpleName.map(TypeRef.named) ?? .unknown
        }
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            return lookup(reference.baseName.text)
        }
        return .unknown
    }

    /// The element class of an array type: `UIButton` for `[UIButton]`, `[UIButton]!`, `Array<UIButton>`.
    static func arrayElement(_ type: TypeSyntax) -> String? {
        if let optional = type.as(OptionalTypeSyntax.self) { return arrayElement(optional.wrappedType) }
        if let implicit = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return arrayElement(implicit.wrappedType) }
        if let attributed = type.as(AttributedTypeSyntax.self) { return arrayElement(attributed.baseType) }
        if let array = type.as(ArrayTypeSyntax.self) { return array.element.simpleName }
        if let identifier = type.as(IdentifierTypeSyntax.self), identifier.name.text == "Array",
           let argument = identifier.genericArgumentClause?.arguments.first?.argument.as(TypeSyntax.self) {
            return argument.simpleName
        }
        return nil
    }

    /// The element class a collection type's name spells: `UIButton` for `[UIButton]`.
    static func elementName(_ collection: String) -> String? {
        guard collection.hasPrefix("["), collection.hasSuffix("]"), collection.count > 2 else { return nil }
        return String(collection.dropFirst().dropLast())
    }

    /// The name of the local variable a closure returns, when it ends with `return name` or `name`.
    static func returnedName(of closure: ClosureExprSyntax) -> String? {
        guard let last = closure.statements.last?.item else { return nil }
        if let returned = last.as(ReturnStmtSyntax.self)?.expression {
            return returned.unwrapped.as(DeclReferenceExprSyntax.self)?.baseName.text
        }
        return last.as(ExprSyntax.self)?.unwrapped.as(DeclReferenceExprSyntax.self)?.baseName.text
    }

    /// The class a closure returns: `{ let s = UISlider(); ...; return s }` returns a `UISlider`.
    static func returnedType(of closure: ClosureExprSyntax, lookup: (String) -> TypeRef, returned: Returned? = nil) -> TypeRef {
        guard let last = closure.statements.last?.item else { return .unknown }
        let returnedCall = returned
        guard let returned = last.as(ReturnStmtSyntax.self)?.expression ?? last.as(ExprSyntax.self) else { return .unknown }
        if let name = returned.unwrapped.as(DeclReferenceExprSyntax.self)?.baseName.text {
            for item in closure.statements {
                guard let variable = item.item.as(VariableDeclSyntax.self) else { continue }
                for binding in variable.bindings where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                    if let annotated = binding.typeAnnotation?.type.simpleName { return .named(annotated) }
                    if let value = binding.initializer?.value { return constructedType(of: value, lookup: lookup, returned: returnedCall) }
                }
            }
            return lookup(name)
        }
        return constructedType(of: returned, lookup: lookup, returned: returnedCall)
    }

    /// The class of a binding's value: its annotation (`[UIButton]` for an array of a class), else
    /// what its initializer makes.
    static func bindingType(_ binding: PatternBindingSyntax, lookup: (String) -> TypeRef = { _ in .unknown }, returned: Returned? = nil) -> TypeRef {
        if let annotated = binding.typeAnnotation?.type.simpleName { return .named(annotated) }
        if let element = binding.typeAnnotation.flatMap({ arrayElement($0.type) }) { return .named("[\(element)]") }
        if let value = binding.initializer?.value { return constructedType(of: value, lookup: lookup, returned: returned) }
        return .unknown
    }
}
