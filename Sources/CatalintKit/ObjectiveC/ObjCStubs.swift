/// Declarations catalint gives clang for the names a file uses that no header it can find declares.
///
/// Without the SDK or the headers of a dependency, clang does not know `UILabel`, `AFHTTPClient`
/// or `NSFontAttributeName`, and a statement that names one is an error it drops from the tree,
/// with whatever else the statement does. So the file is parsed again with a declaration of each
/// such name, of the kind its use shows (a class where a message is sent to it, an object where
/// it is a value, a property where a dot reads it, ...), learned from clang's own diagnostics: at
/// most `ObjCParseSettings.stubRounds` times. Nothing here is a grammar: clang parses, and its
/// diagnostics say what it is missing.
struct ObjCStubs: Sendable, Equatable, Codable {
    enum Kind: String, Sendable, Codable {
        /// `@interface X : NSObject @end`.
        case classType
        /// `extern id X;`: a value that is an object.
        case object
        /// An enumeration constant: a value used as a number or an option.
        case integer
        /// `typedef long X;`: a type that is not a class.
        case scalarType
        /// `@protocol X @end`.
        case protocolType
        /// `@interface X<T> : NSObject @end`: a class used with type arguments.
        case genericClass
        /// `@interface X<K, V> : NSObject @end`.
        case genericClass2
        /// `typedef struct { double a, b; } X;`: a type whose fields are read (`fields`).
        case structType
    }

    /// Names declared, and what as.
    var names: [String: Kind] = [:]
    /// Properties every object has: name -> type (`NSObject *` unless a use shows another).
    var properties: [String: String] = [:]
    /// Class properties every class has.
    var classProperties: Set<String> = []
    /// Methods every object (and class) has, by selector, with what they return: an object
    /// (`[x foo]` whose result a dot reads), or the value a declaration takes from them
    /// (`CGRect frame = [value CGRectValue]`).
    var methods: [String: String] = [:]
    /// The fields of the structures in `names`.
    var fields: [String: Set<String>] = [:]
    /// Function-like macros the file uses where declarations go (`RLM_ARRAY_TYPE(Item)`), defined empty.
    var macros: Set<String> = []
    /// Names a header turned out to declare after all (an earlier parse missed the declaration
    /// for another error): never declared here again.
    var declined: Set<String> = []

    var isEmpty: Bool { names.isEmpty && properties.isEmpty && classProperties.isEmpty && methods.isEmpty && macros.isEmpty }

    /// The declarations, in a stable order.
    var text: String {
        var lines: [String] = []
        var constant = 0x4000_0000
        for name in macros.sorted() { lines.append("#define \(name)(...)") }
        for name in names.keys.sorted() where names[name] == .protocolType { lines.append("@protocol \(name) @end") }
        for name in names.keys.sorted() where names[name] == .scalarType { lines.append("typedef long \(name);") }
        for name in names.keys.sorted() where names[name] == .structType {
            let members = (fields[name] ?? []).sorted().map { "double \($0);" }.joined(separator: " ")
            lines.append("typedef struct { \(members) } \(name);")
        }
        for name in names.keys.sorted() {
            switch names[name]! {
            case .classType: lines.append("@interface \(name) : NSObject @end")
            case .genericClass: lines.append("@interface \(name)<__covariant A> : NSObject @end")
            case .genericClass2: lines.append("@interface \(name)<__covariant A, __covariant B> : NSObject @end")
            default: break
            }
        }
        for name in names.keys.sorted() {
            switch names[name]! {
            case .object: lines.append("extern id \(name);")
            case .integer:
                lines.append("enum { \(name) = \(constant) };")
                constant += 1
            default: break
            }
        }
        if !properties.isEmpty || !classProperties.isEmpty || !methods.isEmpty {
            lines.append("@interface NSObject (CatalintStubs)")
            // A method of the same name is its getter, with the type the method was given.
            for name in properties.keys.sorted() where methods[name] == nil { lines.append("@property (nonatomic) \(properties[name]!) \(name);") }
            for name in classProperties.sorted() { lines.append("@property (class, nonatomic) NSObject *\(name);") }
            for selector in methods.keys.sorted() {
                let declaration = Self.methodDeclaration(selector)
                let type = methods[selector]!
                lines.append("- (\(type))\(declaration);")
                lines.append("+ (\(type))\(declaration);")
            }
            lines.append("@end")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The types UIKit, QuartzCore and Foundation give properties of these names on every class
    /// that has them (a view's `frame`, a layer's `cornerRadius`, a collection's `count`): a
    /// property no header declares is given its type at once, rather than `NSObject *` and then,
    /// one more parse later, the type its use shows. Names whose type differs between classes
    /// (`transform`, `duration`, `value`) are not here.
    static let sdkPropertyTypes: [String: String] = [
        "frame": "CGRect", "bounds": "CGRect", "center": "CGPoint", "sourceRect": "CGRect",
        "size": "CGSize", "contentSize": "CGSize", "preferredContentSize": "CGSize", "shadowOffset": "CGSize", "itemSize": "CGSize",
        "contentOffset": "CGPoint", "position": "CGPoint", "anchorPoint": "CGPoint",
        "contentInset": "UIEdgeInsets", "separatorInset": "UIEdgeInsets", "layoutMargins": "UIEdgeInsets", "sectionInset": "UIEdgeInsets",
        "scrollIndicatorInsets": "UIEdgeInsets", "titleEdgeInsets": "UIEdgeInsets", "imageEdgeInsets": "UIEdgeInsets",
        "alpha": "CGFloat", "cornerRadius": "CGFloat", "borderWidth": "CGFloat", "shadowRadius": "CGFloat", "rowHeight": "CGFloat",
        "estimatedRowHeight": "CGFloat", "sectionHeaderHeight": "CGFloat", "sectionFooterHeight": "CGFloat", "minimumLineSpacing": "CGFloat",
        "minimumInteritemSpacing": "CGFloat", "pointSize": "CGFloat", "lineWidth": "CGFloat", "zPosition": "CGFloat", "constant": "CGFloat",
        "scale": "CGFloat", "zoomScale": "CGFloat", "minimumZoomScale": "CGFloat", "maximumZoomScale": "CGFloat",
        "shadowOpacity": "float", "opacity": "float",
        "hidden": "BOOL", "enabled": "BOOL", "selected": "BOOL", "highlighted": "BOOL", "clipsToBounds": "BOOL", "masksToBounds": "BOOL",
        "opaque": "BOOL", "userInteractionEnabled": "BOOL", "translatesAutoresizingMaskIntoConstraints": "BOOL", "active": "BOOL",
        "scrollEnabled": "BOOL", "editing": "BOOL", "animated": "BOOL",
        "tag": "NSInteger", "numberOfLines": "NSInteger", "textAlignment": "NSInteger", "contentMode": "NSInteger", "style": "NSInteger",
        "count": "NSUInteger", "length": "NSUInteger", "autoresizingMask": "NSUInteger",
        "doubleValue": "double", "floatValue": "float", "intValue": "int", "integerValue": "NSInteger", "boolValue": "BOOL",
    ]

    /// The members a dot reads in the file whose type the SDK gives every class that has them
    /// (`cell.imageView.frame`: `CGRect`; see `sdkPropertyTypes`), as properties every object has:
    /// the first parse then keeps the statements that read them on classes no header declares,
    /// where it would otherwise take a parse to learn the classes and another to learn their
    /// members. Other members are left for clang to report: as `NSObject *`, one may clash with
    /// a method of the same name the file declares, and the fields read after one do not tell its
    /// type (`image.size.width` reads an object's, `frame.size.width` a rectangle's). A header's
    /// own declaration still wins on its class. The bytes are only looked at for a dot between names: clang parses.
    static func memberAccesses(in bytes: [UInt8]) -> ObjCStubs {
        var stubs = ObjCStubs()
        var index = 1
        while index + 1 < bytes.count {
            defer { index += 1 }
            guard bytes[index] == UInt8(ascii: "."), isIdentifierStart(bytes[index + 1]) else { continue }
            let before = bytes[index - 1]
            guard isIdentifierByte(before) || before == UInt8(ascii: ")") || before == UInt8(ascii: "]") else { continue }
            // A number's dot (`1.5f`) is not a member's.
            var start = index - 1
            while start > 0, isIdentifierByte(bytes[start - 1]) { start -= 1 }
            if isIdentifierByte(before), !isIdentifierStart(bytes[start]) { continue }
            if let name = identifier(at: index + 1, in: bytes), let type = sdkPropertyTypes[name] { stubs.properties[name] = type }
        }
        return stubs
    }

    /// The type a property no header declares is given: the SDK's for its name, else an object.
    static func propertyType(_ name: String) -> String { sdkPropertyTypes[name] ?? "NSObject *" }

    /// Types a property may be given from a use: what the prelude declares.
    static let valueTypes: Set<String> = ["CGRect", "CGSize", "CGPoint", "UIEdgeInsets", "NSDirectionalEdgeInsets", "CGFloat", "double", "float",
                                          "int", "long", "NSInteger", "NSUInteger", "BOOL", "unsigned long", "long long", "unsigned int",
                                          "NSTimeInterval", "CGAffineTransform", "NSRange"]

    /// These stubs with what the diagnostics of a parse show is missing; unchanged when they show nothing new.
    func learning(from diagnostics: [ObjCDiagnostic], texts: inout FileTexts, mainPath: String) -> ObjCStubs {
        var learned = self
        for diagnostic in diagnostics {
            let message = diagnostic.message
            if let name = Self.quoted(message, after: "use of undeclared identifier ") {
                let bytes = texts.bytes(of: diagnostic.file)
                let kind = Self.kindOfValue(name, at: diagnostic.offset, in: bytes)
                learned.declare(name, as: kind)
                // The members a dot reads from it (`UIColor.clearColor.CGColor`), which clang says
                // nothing of while the name is unknown: declared now rather than a parse later.
                if learned.names[name] == kind, kind == .classType || kind == .object,
                   let member = Self.memberAfterDot(identifierAt: diagnostic.offset, in: bytes) {
                    let chain = Self.memberChain(from: member, in: bytes)
                    for (position, (memberName, memberType)) in chain.enumerated() {
                        if position == 0 && kind == .classType {
                            learned.classProperties.insert(memberName)
                        } else if learned.properties[memberName] == nil {
                            learned.properties[memberName] = memberType
                        }
                    }
                }
            } else if let name = Self.quoted(message, after: "unknown type name ") {
                learned.declare(name, as: Self.kindOfType(name, at: diagnostic.offset, in: texts.bytes(of: diagnostic.file)))
            } else if let name = Self.quoted(message, after: "unknown receiver ") ?? Self.quoted(message, after: "cannot find interface declaration for ")
                        ?? Self.quoted(message, after: "receiver ") {
                learned.declare(name, as: .classType)
            } else if let name = Self.quoted(message, after: "cannot find protocol declaration for ") ?? Self.quoted(message, after: "no type or protocol named ") {
                learned.declare(name, as: .protocolType)
            } else if let name = Self.quoted(message, after: "property ") {
                if message.contains("not found on object of type") {
                    let type = Self.quoted(message, after: "on object of type ") ?? ""
                    if type == "id" || type.hasPrefix("id<") {
                        // A dot cannot read a property of `id`: where the object is a message's
                        // result, declare the message as returning an object.
                        if let selector = Self.selector(ofMessageEndingBefore: diagnostic.offset, in: texts.bytes(of: diagnostic.file)) {
                            if learned.methods[selector] == nil { learned.methods[selector] = "NSObject *" }
                            if learned.properties[name] == nil { learned.properties[name] = Self.propertyType(name) }
                        }
                    } else if type.hasSuffix("*") {
                        if learned.properties[name] == nil {
                            // The members the same expression reads after it, at once: `a.b.c`.
                            for (member, memberType) in Self.memberChain(from: diagnostic.offset, in: texts.bytes(of: diagnostic.file))
                            where learned.properties[member] == nil {
                                learned.properties[member] = memberType
                            }
                            if learned.properties[name] == nil { learned.properties[name] = Self.propertyType(name) }
                        } else if properties[name] != nil {
                            // Declared on every object and still not found: the class has no
                            // superclass clang knows (an @implementation with no @interface it can see).
                            let className = String(type.dropLast()).trimmingCharacters(in: .whitespaces)
                            learned.declare(className, as: .classType, replacing: false)
                        }
                    } else {
                        learned.classProperties.insert(name)
                        // `UIScreen.mainScreen.bounds.size`: what the chain reads after it, at once.
                        for (member, memberType) in Self.memberChain(from: diagnostic.offset, in: texts.bytes(of: diagnostic.file)).dropFirst()
                        where learned.properties[member] == nil {
                            learned.properties[member] = memberType
                        }
                    }
                } else if message.contains("cannot be found in forward class object") {
                    if learned.properties[name] == nil { learned.properties[name] = Self.propertyType(name) }
                    if let type = Self.quoted(message, after: "forward class object ") { learned.declare(type, as: .classType, replacing: false) }
                }
            } else if message.hasPrefix("expected function body after function declarator")
                        || message.hasPrefix("interface type") && message.contains("cannot be passed by value") {
                let bytes = texts.bytes(of: diagnostic.file)
                if let name = Self.macroName(endingBefore: diagnostic.offset, in: bytes) ?? Self.macroName(around: diagnostic.offset, in: bytes),
                   names[name] == nil {
                    learned.macros.insert(name)
                }
            } else if message.hasPrefix("duplicate interface definition for class ") || message.hasPrefix("redefinition of ") {
                if let name = Self.quoted(message, after: "for class ") ?? Self.quoted(message, after: "redefinition of "), learned.names[name] != nil {
                    learned.names[name] = nil
                    learned.declined.insert(name)
                }
            } else if message.hasPrefix("type arguments cannot be applied to non-parameterized class ") {
                if let name = Self.quoted(message, after: "non-parameterized class "), learned.names[name] == .classType || learned.names[name] == nil {
                    let bytes = texts.bytes(of: diagnostic.file)
                    learned.names[name] = Self.typeArgumentCount(at: diagnostic.offset, in: bytes) >= 2 ? .genericClass2 : .genericClass
                }
            } else if message.hasPrefix("member reference base type "), message.contains("is not a structure or union") {
                if let type = Self.quoted(message, after: "member reference base type "), learned.names[type] == .scalarType || learned.names[type] == .structType,
                   let field = Self.memberName(after: diagnostic.offset, in: texts.bytes(of: diagnostic.file)) {
                    learned.names[type] = .structType
                    learned.fields[type, default: []].insert(field)
                }
            } else if message.hasPrefix("assigning to 'NSObject *' from incompatible type ") {
                let bytes = texts.bytes(of: diagnostic.file)
                if let type = Self.valueType(Self.quoted(message, after: "from incompatible type ")),
                   let name = Self.identifier(before: "=", endingAt: diagnostic.offset, in: bytes), learned.properties[name] == "NSObject *" {
                    learned.properties[name] = type
                }
            } else if (message.hasPrefix("initializing ") && message.hasSuffix("with an expression of incompatible type 'id'"))
                        || (message.hasPrefix("assigning to ") && message.hasSuffix("from incompatible type 'id'")) {
                // `CGRect end = [value CGRectValue];`: the message returns what the declaration takes.
                let bytes = texts.bytes(of: diagnostic.file)
                let quotedType = message.hasPrefix("initializing ") ? Self.quoted(message, after: "initializing ") : Self.quoted(message, after: "assigning to ")
                if let type = Self.valueType(quotedType), let selector = Self.selector(ofMessageStartingAt: diagnostic.offset, in: bytes),
                   learned.methods[selector] == nil {
                    learned.methods[selector] = type
                }
            } else if message.hasPrefix("initializing "), message.contains("with an expression of incompatible type 'NSObject *'") {
                let bytes = texts.bytes(of: diagnostic.file)
                if let type = Self.valueType(Self.quoted(message, after: "initializing ")),
                   let name = Self.lastIdentifier(ofExpressionAt: diagnostic.offset, in: bytes), learned.properties[name] == "NSObject *" {
                    learned.properties[name] = type
                }
            } else if message.hasPrefix("interface type cannot be statically allocated") {
                let bytes = texts.bytes(of: diagnostic.file)
                if let name = Self.identifier(endingBefore: diagnostic.offset, in: bytes, skippingOne: true), learned.names[name] == .classType {
                    learned.names[name] = .scalarType
                }
            } else if message.hasPrefix("unexpected interface name ") {
                // A name taken for a class is used as a value.
                if let name = Self.quoted(message, after: "unexpected interface name "), learned.names[name] == .classType {
                    learned.names[name] = .object
                }
            } else if message.hasPrefix("bad receiver type") {
                let bytes = texts.bytes(of: diagnostic.file)
                if let name = Self.identifier(at: diagnostic.offset, in: bytes), learned.names[name] == .integer { learned.names[name] = .object }
            } else if message.hasPrefix("expected a type") {
                let bytes = texts.bytes(of: diagnostic.file)
                if let name = Self.identifier(at: diagnostic.offset, in: bytes) {
                    learned.declare(name, as: Self.kindOfType(name, at: diagnostic.offset, in: bytes))
                }
            } else if message.contains("integer constant expression") || message.hasPrefix("statement requires expression of integer type") {
                let bytes = texts.bytes(of: diagnostic.file)
                if let name = Self.identifier(at: diagnostic.offset, in: bytes), learned.names[name] == .object { learned.names[name] = .integer }
            }
        }
        return learned
    }

    private mutating func declare(_ name: String, as kind: Kind, replacing: Bool = true) {
        guard Self.isIdentifier(name), !name.hasPrefix("__"), !declined.contains(name) else { return }
        if names[name] == nil || replacing && names[name] != kind && names[name] != .classType { names[name] = kind }
    }

    /// The fields of the prelude's structures: a member read after one of these is that structure.
    static let structFields: [(type: String, fields: Set<String>)] = [
        ("CGRect", ["origin", "size"]), ("CGSize", ["width", "height"]), ("CGPoint", ["x", "y"]),
        ("UIEdgeInsets", ["top", "left", "bottom", "right"]),
    ]

    /// The chain of members read from the one named at `offset` (`bounds.size.width` from `bounds`),
    /// each with the type its use shows: a structure when the next member is one of its fields
    /// (the chain stops there: the rest are fields), else an object.
    static func memberChain(from offset: Int, in bytes: [UInt8]) -> [(String, String)] {
        var names: [String] = []
        var index = offset
        while let name = identifier(at: index, in: bytes), names.count < 16 {
            names.append(name)
            index += name.utf8.count
            while index < bytes.count, isSpace(bytes[index]) { index += 1 }
            guard index < bytes.count, bytes[index] == UInt8(ascii: "."), index + 1 < bytes.count, bytes[index + 1] != UInt8(ascii: ".") else { break }
            index += 1
            while index < bytes.count, isSpace(bytes[index]) { index += 1 }
        }
        var chain: [(String, String)] = []
        for (position, name) in names.enumerated() {
            if position + 1 < names.count, let structure = structFields.first(where: { $0.fields.contains(names[position + 1]) }) {
                chain.append((name, structure.type))
                break
            }
            chain.append((name, propertyType(name)))
        }
        return chain
    }

    /// `foo:bar:` as a method declaration: `foo:(id)a0 bar:(id)a1`.
    static func methodDeclaration(_ selector: String) -> String {
        guard selector.contains(":") else { return selector }
        return selector.split(separator: ":").enumerated().map { "\($0.element):(id)a\($0.offset)" }.joined(separator: " ")
    }

    // MARK: Reading the place of a diagnostic

    /// The text between the quotes that follow `prefix` in `message`.
    static func quoted(_ message: String, after prefix: String) -> String? {
        guard let start = message.range(of: prefix + "'") else { return nil }
        let rest = message[start.upperBound...]
        guard let end = rest.firstIndex(of: "'") else { return nil }
        return String(rest[..<end])
    }

    private static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.utf8.first, isIdentifierStart(first) else { return false }
        return text.utf8.allSatisfy(isIdentifierByte)
    }

    private static func isIdentifierStart(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "_") || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        isIdentifierStart(byte) || (byte >= 0x30 && byte <= 0x39)
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    /// The first byte after the identifier at `offset` that is not a space, or nil.
    private static func byteAfter(identifierAt offset: Int, in bytes: [UInt8]) -> UInt8? {
        var index = offset
        while index < bytes.count, isIdentifierByte(bytes[index]) { index += 1 }
        while index < bytes.count, isSpace(bytes[index]) { index += 1 }
        return index < bytes.count ? bytes[index] : nil
    }

    /// Where the member a dot reads from the identifier at `offset` starts (`clearColor` in
    /// `UIColor.clearColor`), if a dot follows it.
    static func memberAfterDot(identifierAt offset: Int, in bytes: [UInt8]) -> Int? {
        var index = offset
        while index < bytes.count, isIdentifierByte(bytes[index]) { index += 1 }
        while index < bytes.count, isSpace(bytes[index]) { index += 1 }
        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "."), bytes[index + 1] != UInt8(ascii: ".") else { return nil }
        index += 1
        while index < bytes.count, isSpace(bytes[index]) { index += 1 }
        return index < bytes.count && isIdentifierStart(bytes[index]) ? index : nil
    }

    private static func byteBefore(_ offset: Int, in bytes: [UInt8]) -> UInt8? {
        var index = min(offset, bytes.count) - 1
        while index >= 0, isSpace(bytes[index]) { index -= 1 }
        return index >= 0 ? bytes[index] : nil
    }

    /// Names of constants that are objects by Cocoa's conventions (`NSFontAttributeName`,
    /// `UIKeyboardWillShowNotification`, `kCFBundleVersionKey`), not numbers.
    static let objectSuffixes = ["Name", "Notification", "Key", "Identifier", "Domain", "String", "Attribute", "Path", "URL", "Keys"]

    /// What an undeclared name used as a value is, from the code around it.
    static func kindOfValue(_ name: String, at offset: Int, in bytes: [UInt8]) -> Kind {
        let first = name.utf8.first ?? 0
        let capitalized = first >= 0x41 && first <= 0x5A
        let before = byteBefore(offset, in: bytes)
        let after = byteAfter(identifierAt: offset, in: bytes)
        // `[X message]` sends to X; `array[X]` reads with X as a key.
        if before == UInt8(ascii: "["), let after, isIdentifierStart(after) { return capitalized ? .classType : .object }
        // `Type *name = ...`: clang read an unknown type as a value multiplied.
        if after == UInt8(ascii: "*"), capitalized, before == nil || [UInt8(ascii: ";"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "("), UInt8(ascii: ",")].contains(before!) {
            return .classType
        }
        if after == UInt8(ascii: ".") { return capitalized && !name.hasPrefix("k") ? .classType : .object }
        let constantLike = capitalized || (name.hasPrefix("k") && name.count > 1 && name.dropFirst().first!.isUppercase)
        guard constantLike else { return .object }
        if objectSuffixes.contains(where: { name.hasSuffix($0) }) { return .object }
        if before == UInt8(ascii: "{") || before == UInt8(ascii: ",") && after == UInt8(ascii: ":") { return .object }
        return .integer
    }

    /// What an unknown type name is: a class when a `*` or a protocol list follows it.
    static func kindOfType(_ name: String, at offset: Int, in bytes: [UInt8]) -> Kind {
        let after = byteAfter(identifierAt: offset, in: bytes)
        return after == UInt8(ascii: "*") || after == UInt8(ascii: "<") ? .classType : .scalarType
    }

    /// The identifier that starts at `offset`.
    static func identifier(at offset: Int, in bytes: [UInt8]) -> String? {
        guard offset >= 0, offset < bytes.count, isIdentifierStart(bytes[offset]) else { return nil }
        var end = offset
        while end < bytes.count, isIdentifierByte(bytes[end]) { end += 1 }
        return String(decoding: bytes[offset..<end], as: UTF8.self)
    }

    /// The identifier that ends just before `offset` (spaces skipped); with `skippingOne`, the one
    /// before that (`Type name` from the place of `name`).
    static func identifier(endingBefore offset: Int, in bytes: [UInt8], skippingOne: Bool = false) -> String? {
        var index = min(offset, bytes.count) - 1
        func previous() -> String? {
            while index >= 0, isSpace(bytes[index]) || bytes[index] == UInt8(ascii: "*") { index -= 1 }
            let end = index + 1
            while index >= 0, isIdentifierByte(bytes[index]) { index -= 1 }
            guard end > index + 1 else { return nil }
            return String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
        }
        if skippingOne {
            // At the declarator: skip the name itself first when the place is on it.
            if offset < bytes.count, isIdentifierByte(bytes[offset]) { return previous() }
            _ = previous()
        }
        return previous()
    }

    /// The identifier just before the `symbol` at or before `offset` on the same statement.
    static func identifier(before symbol: Character, endingAt offset: Int, in bytes: [UInt8]) -> String? {
        let target = symbol.asciiValue ?? 0
        var index = min(offset, bytes.count - 1)
        while index >= 0, bytes[index] != target, bytes[index] != UInt8(ascii: ";"), bytes[index] != UInt8(ascii: "{") { index -= 1 }
        guard index >= 0, bytes[index] == target else { return nil }
        return identifier(endingBefore: index, in: bytes)
    }

    /// The last identifier of the expression that starts at `offset`, up to the `;` that ends it.
    static func lastIdentifier(ofExpressionAt offset: Int, in bytes: [UInt8]) -> String? {
        var index = max(0, offset)
        while index < bytes.count, bytes[index] != UInt8(ascii: ";"), bytes[index] != 0x0A { index += 1 }
        return identifier(endingBefore: index, in: bytes)
    }

    /// The name of a macro used like a declaration, `NAME(...)`, whose `)` ends just before `offset`.
    static func macroName(endingBefore offset: Int, in bytes: [UInt8]) -> String? {
        var index = min(offset, bytes.count) - 1
        while index >= 0, isSpace(bytes[index]) { index -= 1 }
        guard index >= 0, bytes[index] == UInt8(ascii: ")") else { return nil }
        var depth = 0
        while index >= 0 {
            if bytes[index] == UInt8(ascii: ")") { depth += 1 }
            if bytes[index] == UInt8(ascii: "(") { depth -= 1; if depth == 0 { break } }
            index -= 1
        }
        guard index > 0, let name = identifier(endingBefore: index, in: bytes) else { return nil }
        // Macros are named in capitals by convention; a function of the file is not one.
        return name.uppercased() == name && name.contains(where: \.isLetter) ? name : nil
    }

    /// The name of a macro used like a declaration, `NAME(...)`, whose arguments hold `offset`.
    static func macroName(around offset: Int, in bytes: [UInt8]) -> String? {
        var index = min(offset, bytes.count) - 1
        var depth = 0
        while index >= 0, bytes[index] != 0x0A {
            if bytes[index] == UInt8(ascii: ")") { depth += 1 }
            if bytes[index] == UInt8(ascii: "(") {
                if depth == 0 { break }
                depth -= 1
            }
            index -= 1
        }
        guard index > 0, bytes[index] == UInt8(ascii: "("), let name = identifier(endingBefore: index, in: bytes) else { return nil }
        return name.uppercased() == name && name.contains(where: \.isLetter) ? name : nil
    }

    /// How many type arguments the `<...>` after the class name at `offset` holds.
    static func typeArgumentCount(at offset: Int, in bytes: [UInt8]) -> Int {
        var index = offset
        while index < bytes.count, bytes[index] != UInt8(ascii: "<"), bytes[index] != UInt8(ascii: ";") { index += 1 }
        guard index < bytes.count, bytes[index] == UInt8(ascii: "<") else { return 1 }
        var depth = 0
        var count = 1
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "<"): depth += 1
            case UInt8(ascii: ">"): depth -= 1; if depth == 0 { return count }
            case UInt8(ascii: ","): if depth == 1 { count += 1 }
            case UInt8(ascii: ";"): return count
            default: break
            }
            index += 1
        }
        return count
    }

    /// The member named after the `.` at or after `offset`.
    static func memberName(after offset: Int, in bytes: [UInt8]) -> String? {
        var index = offset
        while index < bytes.count, bytes[index] != UInt8(ascii: ".") {
            guard isIdentifierByte(bytes[index]) || isSpace(bytes[index]) || bytes[index] == UInt8(ascii: "]") || bytes[index] == UInt8(ascii: ")") else { return nil }
            index += 1
        }
        index += 1
        while index < bytes.count, isSpace(bytes[index]) { index += 1 }
        return identifier(at: index, in: bytes)
    }

    /// The selector of the message that starts (with its `[`) at or just after `offset`.
    static func selector(ofMessageStartingAt offset: Int, in bytes: [UInt8]) -> String? {
        var index = max(0, offset)
        // From a declaration's name or an assignment's target: past the `=`, where the message
        // must be the whole value (`CGRect end = [value CGRectValue];`), not a part of it
        // (`frame = CGRectMake(0, 0, [image size].width, 0)`).
        if index < bytes.count, bytes[index] != UInt8(ascii: "[") {
            while index < bytes.count, bytes[index] != UInt8(ascii: "="), bytes[index] != UInt8(ascii: ";"), bytes[index] != 0x0A { index += 1 }
            guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { return nil }
            index += 1
            while index < bytes.count, isSpace(bytes[index]) { index += 1 }
        }
        guard index < bytes.count, bytes[index] == UInt8(ascii: "[") else { return nil }
        var depth = 0
        var cursor = index
        while cursor < bytes.count {
            if bytes[cursor] == UInt8(ascii: "[") { depth += 1 }
            if bytes[cursor] == UInt8(ascii: "]") { depth -= 1; if depth == 0 { break } }
            if bytes[cursor] == UInt8(ascii: ";") { return nil }
            cursor += 1
        }
        guard cursor < bytes.count else { return nil }
        var after = cursor + 1
        while after < bytes.count, isSpace(bytes[after]) { after += 1 }
        guard after < bytes.count, bytes[after] == UInt8(ascii: ";") else { return nil }
        return selector(ofMessageEndingBefore: cursor + 2, in: bytes.prefix(cursor + 1) + [UInt8(ascii: "."), UInt8(ascii: "x")])
    }

    /// The selector of the message `[receiver piece:arg ...]` whose `]` is the last thing before the
    /// `.` that precedes `offset`.
    static func selector(ofMessageEndingBefore offset: Int, in bytes: [UInt8]) -> String? {
        var index = min(offset, bytes.count) - 1
        while index >= 0, isIdentifierByte(bytes[index]) { index -= 1 }
        while index >= 0, isSpace(bytes[index]) { index -= 1 }
        guard index >= 0, bytes[index] == UInt8(ascii: ".") else { return nil }
        index -= 1
        while index >= 0, isSpace(bytes[index]) { index -= 1 }
        guard index >= 0, bytes[index] == UInt8(ascii: "]") else { return nil }
        let close = index
        var depth = 0
        var open = -1
        while index >= 0 {
            let byte = bytes[index]
            if byte == UInt8(ascii: "]") || byte == UInt8(ascii: ")") { depth += 1 }
            if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "(") {
                depth -= 1
                if depth == 0 { open = index; break }
            }
            index -= 1
        }
        guard open >= 0, bytes[open] == UInt8(ascii: "[") else { return nil }
        // The pieces: identifiers followed by `:` at the message's own depth; else the last identifier.
        var pieces: [String] = []
        var depthHere = 0
        var cursor = open + 1
        while cursor < close {
            let byte = bytes[cursor]
            if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "(") || byte == UInt8(ascii: "{") { depthHere += 1 }
            if byte == UInt8(ascii: "]") || byte == UInt8(ascii: ")") || byte == UInt8(ascii: "}") { depthHere -= 1 }
            if depthHere == 0, byte == UInt8(ascii: ":"), let piece = identifier(endingBefore: cursor, in: bytes) { pieces.append(piece + ":") }
            cursor += 1
        }
        if pieces.isEmpty { return identifier(endingBefore: close, in: bytes) }
        return pieces.joined()
    }

    /// A type named in a diagnostic, without its `(aka ...)`, when the prelude declares it.
    static func valueType(_ quoted: String?) -> String? {
        guard var type = quoted else { return nil }
        if let aka = type.range(of: " (aka") { type = String(type[..<aka.lowerBound]) }
        return valueTypes.contains(type) ? type : nil
    }
}
