import SwiftSyntax

/// A visitor that knows which type declaration (or extension) it is in: subclasses override
/// `enterType` and `leaveType` instead of the five declaration kinds.
///
/// It also keeps to the file's `Deadline`: once it has passed, the walk skips every statement,
/// member, element and argument it has not entered yet, so it ends within a few steps.
class TypeScopeVisitor: SyntaxVisitor {
    let deadline: Deadline

    init(deadline: Deadline) {
        self.deadline = deadline
        super.init(viewMode: .sourceAccurate)
    }

    /// Called on entering a class, struct, enum, actor or extension, with its name and, for a class,
    /// its first inherited type.
    func enterType(name: String, inherits: String?) {}
    func leaveType() {}

    /// True while `enterType` is called for an extension, not a declaration of the type itself.
    private(set) var enteringExtension = false
    /// While `enterType` is called: where the name of the type declared (or extended) is.
    private(set) var enteringName: AbsolutePosition = AbsolutePosition(utf8Offset: 0)

    private func enter(_ node: some SyntaxProtocol) -> SyntaxVisitorContinueKind {
        let declared = declaredType(node)
        enteringExtension = node.is(ExtensionDeclSyntax.self)
        enteringName = node.as(ClassDeclSyntax.self)?.name.positionAfterSkippingLeadingTrivia ?? node.positionAfterSkippingLeadingTrivia
        enterType(name: declared?.name ?? "", inherits: declared?.inherits)
        return deadline.expired ? .skipChildren : .visitChildren
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

    // The places a long file is long: statements, members, elements of literals, arguments.
    private var budgetLeft: SyntaxVisitorContinueKind { deadline.expired ? .skipChildren : .visitChildren }
    override func visit(_ node: CodeBlockItemSyntax) -> SyntaxVisitorContinueKind { budgetLeft }
    override func visit(_ node: MemberBlockItemSyntax) -> SyntaxVisitorContinueKind { budgetLeft }
    override func visit(_ node: ArrayElementSyntax) -> SyntaxVisitorContinueKind { budgetLeft }
    override func visit(_ node: DictionaryElementSyntax) -> SyntaxVisitorContinueKind { budgetLeft }
    override func visit(_ node: LabeledExprSyntax) -> SyntaxVisitorContinueKind { budgetLeft }
    override func visit(_ node: SwitchCaseSyntax) -> SyntaxVisitorContinueKind { budgetLeft }
}
