import Foundation
import SwiftSyntax

/// Reads a SwiftPM `Package.swift` without running it: the manifest is parsed with swift-syntax
/// and its `targets:` read as written, into the same model as an Xcode project (targets and the
/// files each compiles).
///
/// Understood: `let package = Package(..., targets: [...])` whose list holds `.target`,
/// `.executableTarget`, `.testTarget`, `.plugin`, `.macro` (and `.systemLibrary`, `.binaryTarget`)
/// calls with literal `name`, `path`, `exclude` and `sources`; lists and strings kept in top-level
/// constants, joined with `+`; and `package.targets += [...]` or `.append(...)` after it. Anything
/// else that decides the targets (a function, an `if`, a loop that changes a target's path) cannot
/// be known without running the manifest: the package then says nothing of its files, which are
/// linted as if it were not there.
enum SwiftPackage {
    /// A manifest larger than this is not read.
    static let maximumFileSize = 1_000_000

    /// The folders SwiftPM looks in for a target's sources when it names no `path`, in order.
    static let sourceFolders = ["Sources", "Source", "src", "srcs"]
    static let testFolders = ["Tests", "Sources", "Source", "src", "srcs"]
    static let pluginFolders = ["Plugins"]

    /// One target as the manifest declares it.
    struct Declaration {
        var kind: String
        var name: String
        var path: String?
        var exclude: [String] = []
        var sources: [String]?
        /// `swiftSettings: [.swiftLanguageMode(.v5)]` (or `.swiftLanguageVersion`).
        var languageMode: LanguageMode?
    }

    static func read(_ file: String) throws(XcodeProject.ReadError) -> XcodeProject {
        let size = (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? NSNumber)?.intValue ?? 0
        if size > maximumFileSize {
            throw XcodeProject.ReadError(description: "it has \(size) bytes, more than a manifest has (\(maximumFileSize)); not read")
        }
        let data = try XcodeProject.contents(of: file)
        let text = String(decoding: data, as: UTF8.self)
        let (declarations, packageMode) = try read(text, path: file)
        let folder = (file as NSString).deletingLastPathComponent
        var targets: [XcodeProject.Target] = []
        var claimed = (sourceFolders + testFolders + pluginFolders).map { IdiomDetection.join(folder, $0) }
        for declaration in declarations where declaration.kind != "binaryTarget" {
            var target = XcodeProject.Target(name: declaration.name, productType: declaration.kind)
            target.declaredLanguageMode = declaration.languageMode ?? packageMode ?? toolsLanguageMode(text)
            guard let root = targetFolder(declaration, in: folder) else {
                targets.append(target)
                continue
            }
            claimed.append(root)
            target.sources = Set((declaration.sources ?? [""]).map { IdiomDetection.join(root, $0) })
            // SwiftPM copies (processes) the Interface Builder files anywhere in the target's folder.
            target.resources = [root]
            target.excluded = Set(declaration.exclude.map { IdiomDetection.join(root, $0) })
            targets.append(target)
        }
        var unique: [String] = []
        for path in claimed where !unique.contains(path) { unique.append(path) }
        var project = XcodeProject(file: file, folder: folder, targets: targets, claimed: unique)
        project.isPackage = true
        return project
    }

    /// The folder of a target: its `path`, else `<folder>/<name>` in the first of SwiftPM's
    /// predefined folders that has it; nil when none does.
    static func targetFolder(_ declaration: Declaration, in folder: String) -> String? {
        if let path = declaration.path { return IdiomDetection.join(folder, path) }
        let candidates = declaration.kind == "testTarget" ? testFolders : declaration.kind == "plugin" ? pluginFolders : sourceFolders
        for candidate in candidates {
            let path = IdiomDetection.join(folder, candidate + "/" + declaration.name)
            if ProjectObservation.folderExists(path) { return path }
        }
        return nil
    }

    /// The language mode a package's tools version gives its targets: Swift 6 from tools 6.0
    /// (`// swift-tools-version:6.0`), else Swift 5 (Swift 4 for tools before 5).
    static func toolsLanguageMode(_ text: String) -> LanguageMode? {
        guard let first = text.split(separator: "\n", maxSplits: 1).first, let range = first.range(of: "swift-tools-version:") else { return nil }
        let version = first[range.upperBound...].trimmingCharacters(in: .whitespaces).prefix { $0.isNumber || $0 == "." }
        guard let major = Int(version.split(separator: ".").first ?? "") else { return nil }
        return major >= 6 ? .swift6 : major >= 5 ? .swift5 : .swift4
    }

    /// The targets the manifest `text` declares, in order.
    static func declarations(in text: String, path: String) throws(XcodeProject.ReadError) -> [Declaration] {
        try read(text, path: path).declarations
    }

    /// The targets the manifest `text` declares, and the language mode the package names for all
    /// of them (`swiftLanguageModes: [.v5, .v6]` gives the newest), if any.
    static func read(_ text: String, path: String) throws(XcodeProject.ReadError) -> (declarations: [Declaration], languageMode: LanguageMode?) {
        let file: SwiftSourceFile
        switch SwiftSourceFile.parse(path: path, text: text) {
        case .failure(let refusal):
            throw XcodeProject.ReadError(description: "not read: \(refusal.reason)", line: refusal.line)
        case .success(let parsed):
            file = parsed
        }
        if let error = file.firstSyntaxError() {
            throw XcodeProject.ReadError(description: "not valid Swift (\(error.message))", line: error.position.line, column: error.position.column)
        }
        var reader = ManifestReader(file: file)
        let declarations = try reader.read()
        return (declarations, reader.packageLanguageMode)
    }

    /// The newest language mode a list names: `[.v5, .v6]`, `[.version("6")]`.
    static func languageModes(in expression: ExprSyntax) -> LanguageMode? {
        var modes: [LanguageMode] = []
        for token in expression.tokens(viewMode: .sourceAccurate) {
            switch token.tokenKind {
            case .identifier(let name): if let mode = LanguageMode(setting: name), name.hasPrefix("v") { modes.append(mode) }
            case .stringSegment(let text): if let mode = LanguageMode(setting: text) { modes.append(mode) }
            default: break
            }
        }
        return modes.max()
    }
}

/// Reads a manifest's syntax tree for its targets; throws, at the place, for whatever it would
/// have to run the manifest to know.
private struct ManifestReader {
    let file: SwiftSourceFile
    /// Top-level `let` and `var` constants: their value, and whether they are a `var`.
    var constants: [String: (value: ExprSyntax, isVar: Bool)] = [:]
    /// The top-level statements that are not declarations, and `#if` blocks.
    var statements: [Syntax] = []
    /// The language modes the `Package(...)` call names for every target (`swiftLanguageModes:`).
    var packageLanguageMode: LanguageMode?
    /// How deep constants refer to constants, and lists are joined with `+`, at most: the reading
    /// recurses that deep, on whatever thread asks (an editor's worker has a small stack).
    static let maximumDepth = 32

    init(file: SwiftSourceFile) {
        self.file = file
    }

    func error(_ message: String, at node: some SyntaxProtocol) -> XcodeProject.ReadError {
        let position = file.position(of: node)
        return XcodeProject.ReadError(description: message, line: position.line, column: position.column)
    }

    /// A manifest that is fine Swift but computes what catalint reads only when it is written out.
    func beyondReading(_ message: String, at node: some SyntaxProtocol) -> XcodeProject.ReadError {
        var error = error(message, at: node)
        error.beyondReading = true
        return error
    }

    mutating func read() throws(XcodeProject.ReadError) -> [SwiftPackage.Declaration] {
        var package: (name: String, call: FunctionCallExprSyntax)?
        for item in file.tree.statements {
            switch item.item {
            case .decl(let declaration):
                if let variable = declaration.as(VariableDeclSyntax.self) {
                    for binding in variable.bindings {
                        guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                              let value = binding.initializer?.value else { continue }
                        constants[name] = (value, variable.bindingSpecifier.tokenKind == .keyword(.var))
                        if package == nil, let call = value.as(FunctionCallExprSyntax.self),
                           call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "Package" {
                            package = (name, call)
                        }
                    }
                } else if declaration.is(IfConfigDeclSyntax.self) {
                    statements.append(Syntax(declaration))
                }
            case .stmt(let statement):
                statements.append(Syntax(statement))
            case .expr(let expression):
                statements.append(Syntax(expression))
            }
        }
        guard let package else {
            throw XcodeProject.ReadError(description: "no `let package = Package(...)` in it")
        }
        var targets: [SwiftPackage.Declaration] = []
        if let modes = package.call.arguments.first(where: { ["swiftLanguageModes", "swiftLanguageVersions"].contains($0.label?.text ?? "") }) {
            packageLanguageMode = SwiftPackage.languageModes(in: modes.expression)
        }
        if let list = package.call.arguments.first(where: { $0.label?.text == "targets" }) {
            targets = try declarations(list.expression, depth: 0)
        }
        // What the statements after it do to the targets.
        for statement in statements {
            if let change = try change(statement, package: package.name) {
                targets = change(targets)
            } else if Self.mentions(statement, "targets") {
                if let loop = statement.as(ForStmtSyntax.self), !Self.changesTargetFolders(loop.body) { continue }
                throw beyondReading("this changes the package's targets in a way catalint cannot follow without running the manifest", at: statement)
            }
        }
        return targets
    }

    /// `package.targets += [...]`, `package.targets = [...]`, `package.targets.append(...)`,
    /// `package.targets.append(contentsOf: [...])`, as a change of the list; nil for another statement.
    private func change(_ statement: Syntax, package: String) throws(XcodeProject.ReadError)
        -> (([SwiftPackage.Declaration]) -> [SwiftPackage.Declaration])? {
        func isTargets(_ expression: ExprSyntax?) -> Bool {
            guard let access = expression?.as(MemberAccessExprSyntax.self) else { return false }
            return access.declName.baseName.text == "targets" && access.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == package
        }
        if let infix = statement.as(InfixOperatorExprSyntax.self), isTargets(infix.leftOperand) {
            let added = try declarations(infix.rightOperand, depth: 0)
            if infix.operator.is(AssignmentExprSyntax.self) { return { _ in added } }
            if infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text == "+=" { return { $0 + added } }
            return nil
        }
        if let call = statement.as(FunctionCallExprSyntax.self), let access = call.calledExpression.as(MemberAccessExprSyntax.self),
           access.declName.baseName.text == "append", isTargets(access.base), call.arguments.count == 1, let argument = call.arguments.first {
            let added = argument.label?.text == "contentsOf" ? try declarations(argument.expression, depth: 0)
                : [try declaration(argument.expression, depth: 0)]
            return { $0 + added }
        }
        return nil
    }

    /// True when the tree of `node` names `name` (as an identifier or a member).
    private static func mentions(_ node: Syntax, _ name: String) -> Bool {
        node.tokens(viewMode: .sourceAccurate).contains { $0.tokenKind == .identifier(name) }
    }

    /// True when a loop over the targets sets or changes a target's `path`, `exclude` or `sources`.
    private static func changesTargetFolders(_ body: CodeBlockSyntax) -> Bool {
        let tokens = Array(body.tokens(viewMode: .sourceAccurate))
        for (index, token) in tokens.enumerated() where index > 0 && tokens[index - 1].tokenKind == .period {
            guard case .identifier(let name) = token.tokenKind, ["path", "exclude", "sources"].contains(name) else { continue }
            let next = index + 1 < tokens.count ? tokens[index + 1].tokenKind : .endOfFile
            switch next {
            case .equal, .binaryOperator, .period: return true
            default: continue
            }
        }
        return false
    }

    /// A list of targets: an array literal, a constant, or lists joined with `+`.
    private func declarations(_ expression: ExprSyntax, depth: Int) throws(XcodeProject.ReadError) -> [SwiftPackage.Declaration] {
        let value = try resolve(expression, depth: depth)
        if let array = value.expression.as(ArrayExprSyntax.self) {
            var result: [SwiftPackage.Declaration] = []
            for element in array.elements { result.append(try declaration(element.expression, depth: value.depth)) }
            return result
        }
        if let infix = value.expression.as(InfixOperatorExprSyntax.self), infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text == "+" {
            let depth = try deeper(value.depth, at: infix)
            return try declarations(infix.leftOperand, depth: depth) + declarations(infix.rightOperand, depth: depth)
        }
        throw unknown(value.expression, "a list of targets")
    }

    /// `.target(name: "App", path: "…", exclude: [...], sources: [...])` and the other kinds.
    private func declaration(_ expression: ExprSyntax, depth: Int) throws(XcodeProject.ReadError) -> SwiftPackage.Declaration {
        let value = try resolve(expression, depth: depth)
        guard let call = value.expression.as(FunctionCallExprSyntax.self), let access = call.calledExpression.as(MemberAccessExprSyntax.self),
              TargetScope.packageKinds.contains(access.declName.baseName.text),
              access.base == nil || ["Target", "PackageDescription.Target"].contains(access.base?.trimmedDescription ?? "") else {
            throw unknown(value.expression, "a target")
        }
        var name: String?
        var declaration = SwiftPackage.Declaration(kind: access.declName.baseName.text, name: "")
        for argument in call.arguments {
            switch argument.label?.text {
            case "name": name = try string(argument.expression, depth: value.depth)
            case "path": declaration.path = try string(argument.expression, depth: value.depth)
            case "exclude": declaration.exclude = try strings(argument.expression, depth: value.depth) ?? []
            case "sources": declaration.sources = try strings(argument.expression, depth: value.depth)
            case "swiftSettings":
                // `.swiftLanguageMode(.v5)` or `.swiftLanguageVersion(.v5)` among the settings.
                for call in Self.calls(in: argument.expression) where ["swiftLanguageMode", "swiftLanguageVersion"].contains(call.calleeName?.text ?? "") {
                    declaration.languageMode = call.arguments.first.flatMap { SwiftPackage.languageModes(in: $0.expression) }
                }
            default: continue
            }
        }
        guard let name else { throw error("a target without a `name:`", at: call) }
        declaration.name = name
        return declaration
    }

    /// The calls inside an expression.
    private static func calls(in expression: ExprSyntax) -> [FunctionCallExprSyntax] {
        final class Finder: SyntaxVisitor {
            var calls: [FunctionCallExprSyntax] = []
            override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
                calls.append(node)
                return .visitChildren
            }
        }
        let finder = Finder(viewMode: .sourceAccurate)
        finder.walk(expression)
        return finder.calls
    }

    /// A string literal without interpolation, or a constant that holds one.
    private func string(_ expression: ExprSyntax, depth: Int) throws(XcodeProject.ReadError) -> String {
        let value = try resolve(expression, depth: depth)
        guard let literal = value.expression.as(StringLiteralExprSyntax.self) else { throw unknown(value.expression, "a string") }
        var text = ""
        for segment in literal.segments {
            guard case .stringSegment(let part) = segment else { throw unknown(value.expression, "a string") }
            text += part.content.text
        }
        return text
    }

    /// A list of strings, or nil for `nil`.
    private func strings(_ expression: ExprSyntax, depth: Int) throws(XcodeProject.ReadError) -> [String]? {
        let value = try resolve(expression, depth: depth)
        if value.expression.is(NilLiteralExprSyntax.self) { return nil }
        if let infix = value.expression.as(InfixOperatorExprSyntax.self), infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text == "+" {
            let depth = try deeper(value.depth, at: infix)
            return (try strings(infix.leftOperand, depth: depth) ?? []) + (try strings(infix.rightOperand, depth: depth) ?? [])
        }
        guard let array = value.expression.as(ArrayExprSyntax.self) else { throw unknown(value.expression, "a list of strings") }
        var result: [String] = []
        for element in array.elements { result.append(try string(element.expression, depth: value.depth)) }
        return result
    }

    /// The expression a constant stands for (through parentheses and other constants), with how
    /// deep it went. A `var` that a statement changes cannot be followed.
    private func resolve(_ expression: ExprSyntax, depth: Int) throws(XcodeProject.ReadError) -> (expression: ExprSyntax, depth: Int) {
        var current = expression
        var depth = depth
        while true {
            if let tuple = current.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first, only.label == nil {
                current = only.expression
                continue
            }
            guard let reference = current.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil else { return (current, depth) }
            let name = reference.baseName.text
            guard let constant = constants[name] else { throw unknown(current, "a value") }
            if constant.isVar && statements.contains(where: { Self.mentions($0, name) }) {
                throw beyondReading("`\(name)` is a `var` that the manifest changes: catalint cannot follow it without running the manifest", at: current)
            }
            depth = try deeper(depth, at: current)
            current = constant.value
        }
    }

    /// One level deeper, unless that is past `maximumDepth`.
    private func deeper(_ depth: Int, at node: some SyntaxProtocol) throws(XcodeProject.ReadError) -> Int {
        guard depth < Self.maximumDepth else {
            throw error("constants and `+` nest more than \(Self.maximumDepth) deep (or constants refer to each other in a cycle)", at: node)
        }
        return depth + 1
    }

    private func unknown(_ expression: ExprSyntax, _ what: String) -> XcodeProject.ReadError {
        let text = expression.trimmedDescription
        let shown = text.count > 60 ? String(text.prefix(57)) + "..." : text
        return error("catalint cannot tell \(what) from `\(shown)` without running the manifest", at: expression)
    }
}
