import SwiftSyntax

/// Walks one file and records its type declarations, superclasses and properties.
final class IndexBuilder: TypeScopeVisitor {
    private(set) var index = ProjectIndex()
    private var typeStack: [TypeInfo] = []

    static func index(_ file: SwiftSourceFile) -> ProjectIndex {
        let builder = IndexBuilder()
        builder.walk(file.tree)
        return builder.index
    }

    override func enterType(name: String, inherits: String?) {
        typeStack.append(TypeInfo(name: name, superclass: inherits))
    }

    override func leaveType() {
        if let info = typeStack.popLast(), !info.name.isEmpty { index.add(info) }
    }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        let isMember = node.parent?.is(MemberBlockItemSyntax.self) == true
        let isGlobal = node.parent?.parent?.parent?.is(SourceFileSyntax.self) == true
        guard isMember || isGlobal else { return .visitChildren }
        for binding in node.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
            let type = TypeInference.bindingType(binding)
            if isMember, !typeStack.isEmpty {
                typeStack[typeStack.count - 1].properties[name] = .some(type)
                if name == "preferredBehavioralStyle", let accessors = binding.accessorBlock,
                   PadStyleFinder.returnsPad(accessors) {
                    typeStack[typeStack.count - 1].padStyleForEveryInstance = true
                }
            } else if isGlobal {
                index.globals[name] = .some(type)
            }
        }
        return .visitChildren
    }

    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        if let body = node.body, !typeStack.isEmpty, PadStyleFinder.setsPadOnSelf(body) {
            typeStack[typeStack.count - 1].padStyleForEveryInstance = true
        }
        return .visitChildren
    }
}

/// Finds `preferredBehavioralStyle = .pad` said of `self`, and accessors that return `.pad`.
enum PadStyleFinder {
    static func setsPadOnSelf(_ body: CodeBlockSyntax) -> Bool {
        final class Finder: SyntaxVisitor {
            var found = false
            override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
            override func visit(_ node: InfixOperatorExprSyntax) -> SyntaxVisitorContinueKind {
                guard node.operator.is(AssignmentExprSyntax.self), node.rightOperand.memberName == "pad" else { return .visitChildren }
                let target = node.leftOperand.unwrapped
                if let reference = target.as(DeclReferenceExprSyntax.self), reference.baseName.text == "preferredBehavioralStyle" {
                    found = true
                } else if let member = target.as(MemberAccessExprSyntax.self),
                          member.declName.baseName.text == "preferredBehavioralStyle",
                          member.base?.unwrapped.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) {
                    found = true
                }
                return .visitChildren
            }
        }
        let finder = Finder(viewMode: .sourceAccurate)
        finder.walk(body)
        return finder.found
    }

    static func returnsPad(_ accessors: AccessorBlockSyntax) -> Bool {
        final class Finder: SyntaxVisitor {
            var pad = false
            var other = false
            override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
                switch node.declName.baseName.text {
                case "pad": pad = true
                case "mac", "automatic": other = true
                default: break
                }
                return .visitChildren
            }
        }
        let finder = Finder(viewMode: .sourceAccurate)
        finder.walk(accessors)
        return finder.pad && !finder.other
    }
}
