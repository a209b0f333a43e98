import SwiftSyntax

/// A visitor that knows which type declaration (or extension) it is in: subclasses override
/// `enterType` and `leaveType` instead of the five declaration kinds.
class TypeScopeVisitor: SyntaxVisitor {
    init() { super.init(viewMode: .sourceAccurate) }

    /// Called on entering a class, struct, enum, actor or extension, with its name and, for a class,
    /// its first inherited type.
    func enterType(name: String, inherits: String?) {}
    func leaveType() {}

    private func enter(_ node: some SyntaxProtocol) -> SyntaxVisitorContinueKind {
        let declared = declaredType(node)
        enterType(name: declared?.name ?? "", inherits: declared?.inherits)
        return .visitChildren
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { enter(node) }
    override func visitPost(_ node: ClassDeclSyntax) { leaveType() }
    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { enter(node) }
    override func visitPost(_ node: StructDeclSyntax) { leaveType() }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { enter(node) }
    override func visitPost(_ node: EnumDeclSyntax) { leaveType() }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { enter(node) }
    override func visitPost(_ node: ActorDeclSyntax) { leaveType() }
    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind { enter(node) }
    override func visitPost(_ node: ExtensionDeclSyntax) { leaveType() }
}
