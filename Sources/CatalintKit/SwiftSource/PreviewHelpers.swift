import SwiftSyntax

/// Declarations only previews use: a `private` or `fileprivate` function, variable or type (no other
/// file can name it) whose every use in its file is inside a SwiftUI preview (`#Preview`, a
/// `PreviewProvider`) or inside another such declaration, such as a preview's sample data or a
/// function that puts the view on a mock watch face. Their code never runs in the app.
enum PreviewHelpers {
    /// The declarations of `tree` only previews use. `bytes` is the file's text: a file that never
    /// spells `Preview` has none, and is not walked.
    static func declarations(in tree: SourceFileSyntax, bytes: [UInt8]) -> Set<SyntaxIdentifier> {
        guard contains(bytes, "Preview") else { return [] }
        let finder = Finder(viewMode: .sourceAccurate)
        finder.walk(tree)
        guard finder.sawPreview, !finder.candidates.isEmpty else { return [] }

        // Who uses each name: a preview, a candidate declaration (by its name), or the app.
        let names = Set(finder.candidates.map(\.name))
        var usedByApp: Set<String> = []
        var usedBy: [String: Set<String>] = [:]
        for (name, use) in finder.uses where names.contains(name) {
            switch owner(of: use, candidates: finder.candidateIDs) {
            case .preview: if usedBy[name] == nil { usedBy[name] = [] }
            case .candidate(let owner) where owner == name: break  // a recursive call
            case .candidate(let owner): usedBy[name, default: []].insert(owner)
            case .app: usedByApp.insert(name)
            }
        }
        // A name is the previews' when something uses it, only previews and other names of the
        // previews do; the set shrinks to that fixed point.
        var previewOnly = Set(usedBy.keys).subtracting(usedByApp)
        var changed = true
        while changed {
            changed = false
            for name in previewOnly where !usedBy[name, default: []].isSubset(of: previewOnly) {
                previewOnly.remove(name)
                changed = true
            }
        }
        return Set(finder.candidates.filter { previewOnly.contains($0.name) }.map(\.id))
    }

    private enum Owner {
        case preview
        case candidate(String)
        case app
    }

    /// The nearest preview or candidate declaration around a use.
    private static func owner(of use: Syntax, candidates: [SyntaxIdentifier: String]) -> Owner {
        var current = use.parent
        while let node = current {
            if GuardResolver.isPreview(node) { return .preview }
            if let name = candidates[node.id] { return .candidate(name) }
            current = node.parent
        }
        return .app
    }

    private static func contains(_ bytes: [UInt8], _ word: String) -> Bool {
        let needle = Array(word.utf8)
        guard let first = needle.first, bytes.count >= needle.count else { return false }
        var index = 0
        let last = bytes.count - needle.count
        while index <= last {
            if bytes[index] == first, bytes[index..<index + needle.count].elementsEqual(needle) { return true }
            index += 1
        }
        return false
    }

    private final class Finder: SyntaxVisitor {
        var sawPreview = false
        /// `private` and `fileprivate` declarations, by name.
        var candidates: [(name: String, id: SyntaxIdentifier)] = []
        var candidateIDs: [SyntaxIdentifier: String] = [:]
        /// Each name used, where: read after the walk, once every candidate is known.
        var uses: [(String, Syntax)] = []

        private func candidate(_ name: String, _ node: some SyntaxProtocol, _ modifiers: DeclModifierListSyntax) {
            guard modifiers.contains(where: { $0.name.tokenKind == .keyword(.private) || $0.name.tokenKind == .keyword(.fileprivate) }) else { return }
            candidates.append((name, node.id))
            candidateIDs[node.id] = name
        }

        override func visit(_ node: MacroExpansionDeclSyntax) -> SyntaxVisitorContinueKind {
            if GuardResolver.isPreview(Syntax(node)) { sawPreview = true }
            return .visitChildren
        }
        override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind {
            if GuardResolver.isPreview(Syntax(node)) { sawPreview = true }
            return .visitChildren
        }
        override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
            if GuardResolver.isPreview(Syntax(node)) { sawPreview = true }
            candidate(node.name.text, node, node.modifiers)
            return .visitChildren
        }
        override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
            candidate(node.name.text, node, node.modifiers)
            return .visitChildren
        }
        override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
            candidate(node.name.text, node, node.modifiers)
            return .visitChildren
        }
        override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
            candidate(node.name.text, node, node.modifiers)
            return .visitChildren
        }
        override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
            if node.bindings.count == 1, let name = node.bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text {
                candidate(name, node, node.modifiers)
            }
            return .visitChildren
        }
        override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
            uses.append((node.baseName.text, Syntax(node)))
            return .visitChildren
        }
        override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
            uses.append((node.name.text, Syntax(node)))
            return .visitChildren
        }
    }
}
