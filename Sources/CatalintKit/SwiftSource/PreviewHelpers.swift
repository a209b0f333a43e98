import Foundation
import SwiftSyntax

/// Declarations only previews use: a `private` or `fileprivate` function, variable or type (no other
/// file can name it) whose every use in its file is inside a SwiftUI preview (`#Preview`, a
/// `PreviewProvider`) or inside another such declaration, such as a preview's sample data or a
/// function that puts the view on a mock watch face. Their code never runs in the app.
enum PreviewHelpers {
    /// The declarations of `tree` only previews use. `bytes` is the file's text: a file that spells
    /// neither `#Preview` nor `PreviewProvider` has no preview, and is not walked (without the
    /// text, nil, every file is).
    static func declarations(in tree: SourceFileSyntax, bytes: [UInt8]?) -> Set<SyntaxIdentifier> {
        if let bytes, !spellsPreview(bytes) { return [] }
        // The candidates: private declarations of the file's top level and of its extensions, where
        // previews can reach them (a type's own private members are its own).
        var candidates: [(name: String, id: SyntaxIdentifier)] = []
        var candidateIDs: [SyntaxIdentifier: String] = [:]
        func look(_ items: CodeBlockItemListSyntax) {
            for item in items {
                if let clauses = item.item.as(IfConfigDeclSyntax.self)?.clauses {
                    for clause in clauses { if case .statements(let inner)? = clause.elements { look(inner) } }
                } else if let extensionDecl = item.item.as(ExtensionDeclSyntax.self) {
                    for member in extensionDecl.memberBlock.members { add(member.decl) }
                } else if let declaration = item.item.as(DeclSyntax.self) {
                    add(declaration)
                }
            }
        }
        func add(_ declaration: DeclSyntax) {
            guard let (name, modifiers) = Self.named(declaration),
                  modifiers.contains(where: { $0.name.tokenKind == .keyword(.private) || $0.name.tokenKind == .keyword(.fileprivate) }) else { return }
            candidates.append((name, declaration.id))
            candidateIDs[declaration.id] = name
        }
        look(tree.statements)
        guard !candidates.isEmpty else { return [] }
        let names = Set(candidates.map(\.name))
        let finder = Finder(names: names, viewMode: .sourceAccurate)
        finder.walk(tree)

        // Who uses each name: a preview, a candidate declaration (by its name), or the app.
        var usedByApp: Set<String> = []
        var usedBy: [String: Set<String>] = [:]
        for (name, use) in finder.uses {
            switch owner(of: use, candidates: candidateIDs) {
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
        return Set(candidates.filter { previewOnly.contains($0.name) }.map(\.id))
    }

    /// The name and modifiers of a function, a variable of one name, or a type.
    private static func named(_ declaration: DeclSyntax) -> (String, DeclModifierListSyntax)? {
        if let function = declaration.as(FunctionDeclSyntax.self) { return (function.name.text, function.modifiers) }
        if let variable = declaration.as(VariableDeclSyntax.self), variable.bindings.count == 1,
           let name = variable.bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text { return (name, variable.modifiers) }
        if let type = declaration.as(StructDeclSyntax.self) { return (type.name.text, type.modifiers) }
        if let type = declaration.as(ClassDeclSyntax.self) { return (type.name.text, type.modifiers) }
        if let type = declaration.as(EnumDeclSyntax.self) { return (type.name.text, type.modifiers) }
        return nil
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

    /// True when the text spells `#Preview` (or `#SwiftUI::Preview`) or `PreviewProvider`, the
    /// spellings `GuardResolver.isPreview` knows: one pass, `memchr` to each `P`.
    static func spellsPreview(_ bytes: [UInt8]) -> Bool {
        let word = Array("Preview".utf8)
        let provider = Array("Provider".utf8)
        return BytePatterns.firstPlace(of: word, in: bytes, from: 0) { at in
            if at > 0, bytes[at - 1] == UInt8(ascii: "#") || bytes[at - 1] == UInt8(ascii: ":") { return true }
            let after = at + word.count
            return after + provider.count <= bytes.count && bytes[after..<after + provider.count].elementsEqual(provider)
        } != nil
    }

    /// The uses of the candidates' names.
    private final class Finder: SyntaxVisitor {
        let names: Set<String>
        var uses: [(String, Syntax)] = []

        init(names: Set<String>, viewMode: SyntaxTreeViewMode) {
            self.names = names
            super.init(viewMode: viewMode)
        }

        override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
            if names.contains(node.baseName.text) { uses.append((node.baseName.text, Syntax(node))) }
            return .visitChildren
        }
        override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
            if names.contains(node.name.text) { uses.append((node.name.text, Syntax(node))) }
            return .visitChildren
        }
    }
}
