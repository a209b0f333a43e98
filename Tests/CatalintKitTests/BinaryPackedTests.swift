@testable import CatalintKit
import XCTest

/// The types that write their own binary form (`BinaryPacked`) come back whole: every stored
/// property set to something other than its default, encoded and decoded, equal; and each type's
/// properties counted, so that one added to the type and not to its `pack`/`unpack` fails here.
final class BinaryPackedTests: XCTestCase {
    private let position = SourcePosition(path: "Sources/A.swift", line: 12, column: 5, utf8Column: 7, utf16Column: 6)

    private func roundTrip<T: Codable & Equatable>(_ value: T, properties: Int, file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(Mirror(reflecting: value).children.count, properties,
                       "\(T.self) has a property its pack(into:) and unpack(from:) (BinaryPacked.swift) may not write: add it there and here",
                       file: file, line: line)
        XCTAssertTrue(T.self is any BinaryPacked.Type, file: file, line: line)
        let bytes = BinaryCoder.encode(value)
        XCTAssertEqual(try BinaryCoder.decode(T.self, from: bytes[...]), value, file: file, line: line)
        // As an element and a field of Codable containers too.
        let wrapped = ["a": [value, value]]
        XCTAssertEqual(try BinaryCoder.decode([String: [T]].self, from: BinaryCoder.encode(wrapped)[...]), wrapped, file: file, line: line)
        // Every prefix is refused, never misread.
        for length in 0..<bytes.count where (try? BinaryCoder.decode(T.self, from: bytes.prefix(length))) != nil {
            XCTFail("a prefix of \(length) of \(bytes.count) bytes decoded as a \(T.self)", file: file, line: line)
        }
    }

    func testEveryPackedTypeRoundTripsWithEveryPropertySet() throws {
        try roundTrip(position, properties: 5)
        let parameter = FunctionSummary.Parameter(label: "for", hasDefault: true, handedOn: true)
        try roundTrip(parameter, properties: 3)
        try roundTrip(StoredProperty(isConstant: true, hasInitialValue: true, optionality: .implicitlyUnwrapped), properties: 3)
        // Its byte: each of the twelve a property gives comes back; the others are refused.
        for byte in UInt8(0)...255 {
            XCTAssertEqual(StoredProperty(bits: byte)?.bits, byte < 16 && byte & 12 != 12 ? byte : nil, "byte \(byte)")
        }
        var info = TypeInfo(name: "Cell", superclass: "UITableViewCell", properties: ["knob": "UISlider", "title": nil],
                            padStyleForEveryInstance: true, declarations: 2)
        info.stored = ["knob": StoredProperty(isConstant: false, hasInitialValue: false, optionality: .optional)]
        info.declaredAt = position
        try roundTrip(info, properties: 7)
        let summary = FunctionSummary(name: "style", owner: "Styler", isStatic: true, parameters: [parameter], hasReceiver: true,
                                      makesResult: true, resultType: "UIButton", path: "Sources/B.swift", offset: 120, position: position)
        try roundTrip(summary, properties: 10)
        let returned = ReturnType(name: "make", owner: "Factory", isStatic: true, parameters: [parameter], type: "UISlider",
                                  path: "Sources/C.swift", position: position)
        try roundTrip(returned, properties: 7)
        let declaration = TypeDeclarationFact(name: "AppDelegate", isExtension: true, inherits: ["UIResponder"], superclasses: ["UIResponder"],
                                              attributes: ["main"], members: ["application(_:didFinishLaunchingWithOptions:)"], position: position)
        try roundTrip(declaration, properties: 7)
        let context = GuardContext(builtForMacCatalyst: false, idioms: [.pad, .phone], unavailableOnMacCatalyst: true, isPreview: true,
                                   requirement: 3, checks: ["isSourceTypeAvailable"])
        try roundTrip(context, properties: 6)
        try roundTrip(IdiomSet([.mac, .phone]), properties: 1)
        let site = EditSite(statementStart: position, statementEnd: SourcePosition(path: "Sources/A.swift", line: 13, column: 2),
                            indentation: "\t  ", receiver: "cell.knob", wrappable: true)
        try roundTrip(site, properties: 5)
        let creation = PendingCreation(type: .element(of: .named("UIButton")), knownSuperclass: "UISlider", position: position,
                                       guardContext: context, site: site,
                                       assignment: PendingAssignment(target: .member(type: "Screen", name: "knob"), inInitializer: true))
        try roundTrip(creation, properties: 6)
        let use = HelperUse(name: "UIDevice.isPad", path: "Sources/D.swift")
        try roundTrip(use, properties: 2)
        try roundTrip(ExcerptKey(line: 4, column: 9), properties: 2)
        try roundTrip(SourceExcerpt(text: "let s = UIStepper() // é", caret: 9), properties: 2)
        let conditions: [IdiomCondition] = [
            .constant(true), .idiom([.pad, .padOnMac]), .helper(use), .helperIdiom(use, [.mac]), .other("isLandscape", names: ["isLandscape"]),
            .not(.and(.helper(use), .or(.constant(false), .other("a && b", names: ["a", "b"])))),
        ]
        for condition in conditions { try roundTrip(condition, properties: 1) }
        var deep = IdiomCondition.constant(true)
        for _ in 0..<IdiomCondition.deepestPacked { deep = .not(deep) }
        XCTAssertThrowsError(try BinaryCoder.decode(IdiomCondition.self, from: BinaryCoder.encode(deep)[...]), "nested past the bound: refused")
        let call = FunctionCall(name: "makeButton", labels: ["for"], receiver: .member(type: "Screen", name: "factory"), typeName: "Factory",
                                inType: "Screen", guardContext: context)
        let types: [TypeRef] = [.named("UIButton"), .of(.member(type: "Screen", name: "knob")), .unknown, .element(of: .element(of: .named("UIView"))),
                                .returned(call, path: "Sources/E.swift", fallback: .named("UIButton"))]
        for type in types { try roundTrip(type, properties: type == .unknown ? 0 : 1) }
        var deepType = TypeRef.unknown
        for _ in 0..<TypeRef.deepestPacked { deepType = .element(of: deepType) }
        XCTAssertThrowsError(try BinaryCoder.decode(TypeRef.self, from: BinaryCoder.encode(deepType)[...]), "nested past the bound: refused")
        let ids: [ObjectID] = [
            .property(type: "Cell", name: "knob"), .propertyOf(.global("shared"), type: "Cell", name: "knob"), .instance(type: "Screen"),
            .global("shared"), .declaration(path: "Sources/F.swift", offset: 88), .expression(path: "Sources/F.swift", scope: 12, text: "cells[0]"),
            .expression(path: "Sources/F.swift", scope: nil, text: "x"), .interfaceView(path: "Main.storyboard", identity: "a-b-c"),
            .parameter(path: "Sources/F.swift", function: 40, index: -1), .result(path: "Sources/F.swift", function: 40),
        ]
        for id in ids { try roundTrip(id, properties: 1) }
        let values: [ValueRef] = [
            .object(.global("shared"), type: .named("UIButton")), .member(type: "Screen", name: "knob"),
            .property(of: .member(type: "Screen", name: "cell"), name: "knob", untyped: .instance(type: "Screen")),
            .name("knob", inType: "Screen", untyped: .global("knob")), .name("knob", inType: nil, untyped: .global("knob")),
            .cast(.member(type: "Screen", name: "view"), to: .of(.name("v", inType: nil, untyped: .global("v")))),
        ]
        for value in values { try roundTrip(value, properties: 1) }
        var deepValue = ValueRef.member(type: "A", name: "b")
        for level in 0..<TypeRef.deepestPacked { deepValue = level % 2 == 0 ? .cast(deepValue, to: .unknown) : .object(.global("g"), type: .of(deepValue)) }
        XCTAssertThrowsError(try BinaryCoder.decode(ValueRef.self, from: BinaryCoder.encode(deepValue)[...]), "nested past the bound: refused")
        var deepID = ObjectID.global("g")
        for _ in 0..<TypeRef.deepestPacked { deepID = .propertyOf(deepID, type: "T", name: "n") }
        XCTAssertThrowsError(try BinaryCoder.decode(ObjectID.self, from: BinaryCoder.encode(deepID)[...]), "nested past the bound: refused")
        try roundTrip(call, properties: 6)
        try roundTrip(FunctionCall(name: "make", labels: [], receiver: nil, typeName: nil, inType: nil, guardContext: GuardContext()), properties: 6)
        try roundTrip(PendingAssignment(target: values[2], inInitializer: true), properties: 2)
        let condition = PendingCondition(.helperIdiom(use, [.pad]), holds: true)
        try roundTrip(condition, properties: 2)
        let link = RequirementChain.Link(parent: 0, condition: condition)
        try roundTrip(link, properties: 2)
        var chain = RequirementChain()
        let first = chain.add(condition, to: nil)
        _ = chain.add(PendingCondition(.constant(false), holds: false), to: first)
        try roundTrip(chain, properties: 1)
        // A link that adds to a later one is refused, as in the Codable form.
        let backwards = [RequirementChain.Link(parent: 1, condition: condition), RequirementChain.Link(parent: nil, condition: condition)]
        let writer = BinaryWriter()
        try writer.write(packed: backwards)
        XCTAssertThrowsError(try RequirementChain.unpack(from: try BinaryReader(writer.finished())))
        let anchor = PendingDecision.Anchor(condition: .helper(use), position: position)
        try roundTrip(anchor, properties: 2)
        let test = PendingDecision.Test(condition: .not(.helper(use)), spelling: "!isPad", position: position, anchors: [anchor, anchor])
        try roundTrip(test, properties: 4)
        let decision = PendingDecision(tests: [test], position: position, spelling: "switch idiom", branches: ["if", "else"],
                                       branchConditionNames: [["isPad"], []], consequences: [["columns"], ["rows", "spacing"]],
                                       branchFeatures: ["grid", nil], guardContext: context)
        try roundTrip(decision, properties: 8)
        try roundTrip(MemberChoice(condition: .idiom([.mac]), member: "alert"), properties: 2)
        let helperValues: [HelperValue] = [.condition(.idiom([.pad])), .idiom, .members([MemberChoice(condition: .constant(true), member: "sheet")])]
        for value in helperValues { try roundTrip(value, properties: value == .idiom ? 0 : 1) }
        try roundTrip(HelperDeclaration(name: "isPad", value: helperValues[2], position: position), properties: 3)
        var index = ProjectIndex()
        index.add(info)
        index.globals = ["shared": "UIButton", "count": nil]
        index.helpers = ["isPad": [HelperDeclaration(name: "isPad", value: .condition(.other("isPad", names: ["isPad"])), position: position)]]
        index.functions = ["style": [summary]]
        index.paperTypes = ["PrintVisitor": "UIGraphicsPDFRenderer"]
        index.returnTypes = ["make": [returned]]
        index.protocols = ["Styling", "Themed"]
        index.declarations = [declaration]
        try roundTrip(index, properties: 8)
    }

    /// The types of a file's cached results (`FileOutput`) and of what the run snapshot keeps, each
    /// with every property set and each case of each enum.
    func testEveryCachedTypeRoundTripsWithEveryPropertySet() throws {
        let context = GuardContext(builtForMacCatalyst: true, idioms: [.pad], unavailableOnMacCatalyst: true, isPreview: true,
                                   requirement: 0, checks: ["isSourceTypeAvailable"])
        let site = EditSite(statementStart: position, statementEnd: SourcePosition(path: "Sources/A.swift", line: 14, column: 3),
                            indentation: "    ", receiver: "knob", wrappable: true)
        let call = FunctionCall(name: "configure", labels: ["_", "from"], receiver: .member(type: "Screen", name: "sheet"), typeName: "Styler",
                                inType: "Screen", guardContext: context)
        let value = ValueRef.property(of: .member(type: "Screen", name: "cell"), name: "knob", untyped: .instance(type: "Screen"))
        for mode in LanguageMode.allCases { try roundTrip(mode, properties: 0) }
        let stamp = ResultCache.Stamp(size: 4_096, modified: -1_700_000_000_123)
        try roundTrip(stamp, properties: 2)
        let dependency = FileDependency(path: "Headers/A.h", stamp: stamp)
        try roundTrip(dependency, properties: 2)
        try roundTrip(FileDependency(path: "Headers/Gone.h", stamp: nil), properties: 2)
        let problem = InputProblem(rule: ToolRule.invalidSwift, position: position, values: ["detail": "expected '}'", "path": "Sources/A.swift"])
        try roundTrip(problem, properties: 3)
        for action in SuppressionDirective.Action.allCases { try roundTrip(action, properties: 0) }
        let rule = SuppressionDirective.Rule(id: "stepper-behavioral-style", position: position)
        try roundTrip(rule, properties: 2)
        let directive = SuppressionDirective(action: .next, rules: [rule, SuppressionDirective.Rule(id: "all", position: position)], line: 11,
                                             coveredLines: 12...13, position: position, text: "catalint:disable:next stepper-behavioral-style - why")
        try roundTrip(directive, properties: 6)
        for state in [ControlStateValue.states(["highlighted", "selected"]), .states([]), .unknown("currentState")] {
            try roundTrip(state, properties: 1)
        }
        let setting = SettingFact(property: "title", state: .states(["selected"]), spelling: "setTitle(_:for:)", value: "pad", position: position,
                                   guardContext: context, site: site, whileMade: true, valueIsName: true)
        try roundTrip(setting, properties: 9)
        let object = PendingObject(value: value, knownSuperclass: "UISlider", style: "pad", settings: [setting, setting])
        try roundTrip(object, properties: 4)
        let size = SizeFact(width: 320.5, height: -0.0, spelling: "CGSize(width:height:)", purposeNames: ["UIGraphicsImageRenderer", "size"],
                            position: position, guardContext: context)
        try roundTrip(size, properties: 6)
        let callFact = CallFact(name: "Stepper", argumentNames: ["value", "in"], spelling: "Stepper(...)", position: position, guardContext: context)
        try roundTrip(callFact, properties: 5)
        let pass = PendingArgument.Pass(call: call, argument: -1)
        try roundTrip(pass, properties: 2)
        let argument = PendingArgument(call: "present", label: "viewController", value: value, knownSuperclass: "UIAlertController", escapes: true,
                                       factory: call, passes: [pass, PendingArgument.Pass(call: call, argument: 2)],
                                       pathEnd: SourcePosition(path: "Sources/A.swift", line: 30, column: 9), spelling: "present(sheet, animated:)",
                                       position: position, guardContext: context)
        try roundTrip(argument, properties: 11)
        let reference = ReferenceFact(names: ["UIScreen", "main", "bounds"], inString: true, comparedWith: ["keyboardFrameEndUserInfoKey"],
                                      spelling: "UIScreen.main.bounds", position: position, guardContext: context)
        try roundTrip(reference, properties: 6)
        let fontSize = FontSizeFact(sizes: [52, 36.25, .infinity], spelling: "systemFont(ofSize:)", purposeNames: ["scaledFont", "for"],
                                    outputNames: ["UIGraphicsPDFRenderer"], enclosingTypes: ["Report", "Page"], position: position, guardContext: context)
        try roundTrip(fontSize, properties: 7)
        let comparison = DimensionComparisonFact(value: 1_080, isEquality: true, subjectNames: ["dim", "height"], spelling: "dim.height == 1080",
                                                 position: position, guardContext: context, pairedValue: 1_440)
        try roundTrip(comparison, properties: 7)
        let internals = PendingInternals(value: value, knownSuperclass: "UISearchBar", key: "searchField", receiverName: "searchBar",
                                         addsOwnSubviews: true, spelling: "value(forKey: \"searchField\")", position: position, guardContext: context)
        try roundTrip(internals, properties: 8)
        let pendingClass = PendingClass(type: .named("GrowingTextView"), knownSuperclass: "UITextView")
        try roundTrip(pendingClass, properties: 2)
        let provided = PendingProvidedView(property: "inputAccessoryView", owner: .member(type: "Chat", name: "textView"), isOverride: true,
                                           view: .member(type: "Chat", name: "composer"), spelling: "inputAccessoryView = composer",
                                           position: position, guardContext: context, ownerKnownSuperclass: "UITextView",
                                           viewKnownSuperclass: "UIToolbar", laidOut: [pendingClass, PendingClass(type: .unknown, knownSuperclass: nil)])
        try roundTrip(provided, properties: 10)
        let entry = InfoPlistEntry(keyPath: ["UIApplicationSceneManifest", "UISceneConfigurations"], value: "YES", count: 2, position: position)
        try roundTrip(entry, properties: 4)
        var requirements = RequirementChain()
        _ = requirements.add(PendingCondition(.idiom([.pad]), holds: false), to: nil)
        let decision = PendingDecision(tests: [PendingDecision.Test(condition: .idiom([.pad]), spelling: "isPad", position: position, anchors: [])],
                                       position: position, spelling: "if isPad", branches: ["if", "else"], branchConditionNames: [[], ["isCompact"]],
                                       consequences: [["columns"], []], branchFeatures: [nil, "menu"], guardContext: context)
        let facts = FileFacts(
            creations: [PendingCreation(type: .named("UIStepper"), knownSuperclass: "UIControl", position: position, guardContext: context,
                                        site: site, assignment: PendingAssignment(target: value, inInitializer: true))],
            objects: [object], sizes: [size], calls: [callFact], arguments: [argument], references: [reference], fontSizes: [fontSize],
            dimensionComparisons: [comparison], decisions: [decision], internals: [internals], providedViews: [provided], infoPlist: [entry],
            requirements: requirements)
        try roundTrip(facts, properties: 13)
        var index = ProjectIndex()
        index.add(TypeInfo(name: "Screen", superclass: "UIViewController", properties: ["knob": "UISlider"]))
        index.protocols = ["Styling"]
        let output = FileOutput(path: "Sources/A.swift", index: index, facts: facts, problems: [problem], suppressions: [directive],
                                excerpts: [ExcerptKey(line: 12, column: 5): SourceExcerpt(text: "let s = UIStepper()", caret: 9),
                                           ExcerptKey(line: 30, column: 9): SourceExcerpt(text: "present(sheet, animated: true)", caret: 1)],
                                contentHash: 0xDEAD_BEEF_CAFE_F00D, languageMode: .swift6, dependencies: [dependency])
        try roundTrip(output, properties: 9)

        for severity in Severity.allCases { try roundTrip(severity, properties: 0) }
        for applicability in FixApplicability.allCases { try roundTrip(applicability, properties: 0) }
        let edit = TextEdit(start: position, end: SourcePosition(path: "Sources/A.swift", line: 12, column: 20), replacement: "knob.x = .pad\n")
        try roundTrip(edit, properties: 3)
        let fix = Fix(title: "Keep the iPad style", applicability: .unsafe, edits: [edit, TextEdit(inserting: "if x {", at: position)])
        try roundTrip(fix, properties: 3)
        let diagnostic = Diagnostic(rule: "stepper-behavioral-style", severity: .error, position: position, message: "A stepper…",
                                    help: "Set its style", excerpt: SourceExcerpt(text: "let s = UIStepper()", caret: 9), fix: fix)
        try roundTrip(diagnostic, properties: 7)
        try roundTrip(Diagnostic(rule: "r", severity: .note, position: position, message: "m", help: "h"), properties: 7)
        try roundTrip(RunSnapshot.Dependencies(imports: ["type:Screen", "object:1f"], exports: ["object:1f": 7, "object:2e": .max]), properties: 2)
        let uiObject = UIObjectFact(id: .property(type: "Screen", name: "knob"), classChain: ["UISlider", "UIControl"],
                                    preferredBehavioralStyle: "pad", settings: [setting])
        try roundTrip(uiObject, properties: 4)
        let handed = HandedObject(object: .parameter(path: "Sources/A.swift", function: 40, index: 0), guardContext: context)
        try roundTrip(handed, properties: 2)
        let argumentFact = ArgumentFact(call: "present", label: "viewController", object: .declaration(path: "Sources/A.swift", offset: 9),
                                        classChain: ["UIAlertController"], escapes: true, madeBy: .result(path: "Sources/A.swift", function: 40),
                                        madeWhere: context, handedTo: [handed], pathEnd: position, spelling: "present(sheet, animated:)",
                                        position: position, guardContext: context)
        try roundTrip(argumentFact, properties: 12)
    }

    /// What is not one of a type's values is refused: an unknown case, a raw value no case has, a
    /// range that ends before it starts.
    func testPackedFormsRefuseWhatNoValueWrites() throws {
        func refused<T: Codable>(_ type: T.Type, _ write: (BinaryWriter) throws -> Void, file: StaticString = #filePath, line: UInt = #line) throws {
            let writer = BinaryWriter()
            try write(writer)
            XCTAssertThrowsError(try BinaryCoder.decode(T.self, from: writer.finished()[...]), "\(T.self)", file: file, line: line)
        }
        try refused(LanguageMode.self) { $0.write(3) }
        try refused(Severity.self) { $0.write("fatal") }
        try refused(FixApplicability.self) { $0.write("maybe") }
        try refused(SuppressionDirective.Action.self) { $0.write("disable:all") }
        try refused(ControlStateValue.self) { $0.write(2) }
        func directive(lines: (Int, Int)) -> (BinaryWriter) throws -> Void {
            { writer in
                try SuppressionDirective.Action.this.pack(into: writer)
                try writer.write(packed: [SuppressionDirective.Rule(id: "all", position: self.position)])
                writer.write(4)
                writer.write(true)
                writer.write(lines.0)
                writer.write(lines.1)
                try self.position.pack(into: writer)
                writer.write("catalint:disable:this all")
            }
        }
        try refused(SuppressionDirective.self, directive(lines: (5, 4)))
        // The same bytes with the range the right way round are a directive.
        let writer = BinaryWriter()
        try directive(lines: (4, 5))(writer)
        XCTAssertEqual(try BinaryCoder.decode(SuppressionDirective.self, from: writer.finished()[...]).coveredLines, 4...5)
        try refused(FileOutput.self) { writer in
            try FileOutput(path: "a.swift").pack(into: writer)
            writer.write(0)
        }
    }

    /// A file's results and a file's diagnostics are written with no key of `Codable`'s keyed
    /// containers: every type in them is packed (the keyed form writes each field's name).
    func testNoKeyedContainerInAFileOutputOrADiagnostic() throws {
        var output = FileOutput(path: "Sources/A.swift")
        let context = GuardContext(builtForMacCatalyst: true, idioms: [.pad], unavailableOnMacCatalyst: true, isPreview: true, requirement: 0,
                                   checks: ["x"])
        let value = ValueRef.object(.global("g"), type: .returned(FunctionCall(name: "f", labels: [], receiver: nil, typeName: nil, inType: nil,
                                                                                guardContext: context), path: "b.swift", fallback: .unknown))
        let setting = SettingFact(property: "p", state: .states(["selected"]), spelling: "s", value: "v", position: position, guardContext: context,
                                  site: EditSite(statementStart: position, statementEnd: position, indentation: "", receiver: "r", wrappable: true))
        output.facts.objects = [PendingObject(value: value, knownSuperclass: "K", style: "pad", settings: [setting])]
        output.facts.sizes = [SizeFact(width: 1, height: 2, spelling: "s", position: position, guardContext: context)]
        output.facts.calls = [CallFact(name: "c", argumentNames: ["a"], spelling: "s", position: position, guardContext: context)]
        output.facts.arguments = [PendingArgument(call: "present", label: "l", value: value, escapes: true, spelling: "s", position: position,
                                                  guardContext: context)]
        output.facts.references = [ReferenceFact(names: ["n"], inString: true, spelling: "s", position: position, guardContext: context)]
        output.facts.fontSizes = [FontSizeFact(sizes: [1], spelling: "s", purposeNames: ["p"], position: position, guardContext: context)]
        output.facts.dimensionComparisons = [DimensionComparisonFact(value: 1, isEquality: true, subjectNames: ["w"], spelling: "s",
                                                                     position: position, guardContext: context, pairedValue: 2)]
        output.facts.internals = [PendingInternals(value: value, spelling: "s", position: position, guardContext: context)]
        output.facts.providedViews = [PendingProvidedView(property: "p", owner: value, isOverride: true, view: value, spelling: "s",
                                                          position: position, guardContext: context,
                                                          laidOut: [PendingClass(type: .named("T"), knownSuperclass: "U")])]
        output.facts.infoPlist = [InfoPlistEntry(keyPath: ["k"], value: "v", count: 1, position: position)]
        output.problems = [InputProblem(rule: "r", position: position, values: ["k": "v"])]
        output.suppressions = [SuppressionDirective(action: .disable, rules: [], line: 1, coveredLines: 1...2, position: position, text: "t")]
        output.excerpts = [ExcerptKey(line: 1, column: 1): SourceExcerpt(text: "t", caret: 1)]
        output.contentHash = 1
        output.languageMode = .swift5
        output.dependencies = [FileDependency(path: "a.h", stamp: ResultCache.Stamp(size: 1, modified: 1))]
        let edit = TextEdit(start: position, end: position, replacement: "r")
        let diagnostics = [Diagnostic(rule: "r", severity: .warning, position: position, message: "m", help: "h",
                                      excerpt: SourceExcerpt(text: "t", caret: 1), fix: Fix(title: "t", applicability: .safe, edits: [edit]))]
        for bytes in [BinaryCoder.encode(output), BinaryCoder.encode(diagnostics)] {
            let text = String(decoding: bytes, as: UTF8.self)
            for key in ["path", "line", "column", "guardContext", "knownSuperclass", "settings", "spelling", "position", "values", "coveredLines",
                        "contentHash", "languageMode", "stamp", "severity", "excerpt", "applicability", "replacement", "edits"] {
                XCTAssertFalse(text.contains(key), "the key \(key) written: a type in it is not packed")
            }
        }
        // Called where the type is known packed, the coder calls `pack` and `unpack` directly; from
        // generic code it finds the type's form at run time: the same bytes, the same digest.
        func generic<T: Codable>(_ value: T) -> [UInt8] { BinaryCoder.encode(value, leading: "Sources/A.swift") }
        func genericDigest<T: Codable>(_ value: T) -> UInt64 { digest(value) }
        XCTAssertEqual(BinaryCoder.encode(output, leading: "Sources/A.swift"), generic(output))
        XCTAssertEqual(digest(output.facts.objects[0]), genericDigest(output.facts.objects[0]))
        func genericDecode<T: Codable>(_ type: T.Type, _ bytes: [UInt8]) throws -> T { try BinaryCoder.decode(type, from: bytes[...]) }
        XCTAssertEqual(try genericDecode(FileOutput.self, BinaryCoder.encode(output)), output)
        // A number of a dictionary's (the snapshot's digests) is written as it is, the form its
        // `Codable` single value gave.
        let digests: [String: UInt64] = ["declaration:Screen": .max]
        let expected = BinaryWriter()
        expected.write(1)
        expected.write("declaration:Screen")
        expected.write(UInt64.max)
        XCTAssertEqual(BinaryCoder.encode(digests), expected.finished())
        XCTAssertEqual(try BinaryCoder.decode([String: UInt64].self, from: BinaryCoder.encode(digests)[...]), digests)
        // The control: a type that is not packed writes its keys.
        struct Keyed: Codable { var guardContext = 1 }
        XCTAssertTrue(String(decoding: BinaryCoder.encode(Keyed()), as: UTF8.self).contains("guardContext"))
        XCTAssertEqual(try BinaryCoder.decode(FileOutput.self, from: BinaryCoder.encode(output)[...]), output)
        XCTAssertEqual(try BinaryCoder.decode([Diagnostic].self, from: BinaryCoder.encode(diagnostics)[...]), diagnostics)
    }

    /// Digests hash strings where they stand (a count, then the bytes), not by a table: values that
    /// differ only in how their text is cut, or in a string repeated or not, differ; equal values agree.
    func testDigestsWriteStringsWhereTheyStand() {
        XCTAssertNotEqual(digest(["a", "bc"]), digest(["ab", "c"]))
        XCTAssertNotEqual(digest(["a", "a"]), digest(["a", "b"]))
        XCTAssertNotEqual(digest(["", "a"]), digest(["a", ""]))
        XCTAssertEqual(digest(["Screen", "knob", "Screen"]), digest(["Screen", "knob", "Screen"]))
        let object = ObjectID.property(type: "Screen", name: "knob")
        XCTAssertEqual(digest(object), digest(ObjectID.property(type: "Screen", name: "knob")))
        XCTAssertNotEqual(digest(object), digest(ObjectID.property(type: "Screen", name: "knobs")))
        XCTAssertNotEqual(digest(object), digest(ObjectID.property(type: "Scree", name: "nknob")))
        // The bytes hashed hold the text itself and no table.
        let sink = BinaryWriter()
        sink.inlineStrings = true
        sink.write("knob")
        let count = BinaryWriter()
        count.write(4)
        XCTAssertEqual(sink.inlineBytes(), count.inlineBytes() + Array("knob".utf8))
    }

    /// The table numbers each string once, in the order they first come, whatever comes between.
    func testInterningNumbersEachStringOnceInOrder() throws {
        let sink = BinaryWriter()
        XCTAssertEqual(["a", "b", "a", "c", "b", "b", "a"].map { sink.intern($0) }, [0, 1, 0, 2, 1, 1, 0])
        let strings = ["x", "y", "x", "z", "y"]
        XCTAssertEqual(try BinaryCoder.decode([String].self, from: BinaryCoder.encode(strings)[...]), strings)
        // Thousands of strings (the table grows many times), long and short, some sharing their
        // first eight bytes or their last, each asked again after the others: each keeps its number.
        let many = (0..<5_000).map { $0 % 3 == 0 ? "prefixOfEight\($0)" : $0 % 3 == 1 ? "\($0)suffix" : String(repeating: "ab", count: $0 % 50) + "\($0)" }
        let grown = BinaryWriter()
        XCTAssertEqual(many.map { grown.intern($0) }, Array(0..<5_000))
        XCTAssertEqual(many.reversed().map { grown.intern($0) }, Array((0..<5_000).reversed()))
        XCTAssertEqual(grown.intern(""), 5_000)
        XCTAssertEqual(try BinaryCoder.decode([String].self, from: BinaryCoder.encode(many + many)[...]), many + many)
    }

    /// Strings equal to Swift but spelled with other bytes (`é` as one scalar and as two) keep their
    /// own bytes through the cache: a report from cached results is the report without them.
    func testInterningKeepsEachSpellingOfAStringByItsBytes() throws {
        let composed = "caf\u{E9}", decomposed = "cafe\u{301}"
        XCTAssertEqual(composed, decomposed)
        let sink = BinaryWriter()
        XCTAssertEqual([composed, decomposed, composed, decomposed].map { sink.intern($0) }, [0, 1, 0, 1])
        let decoded = try BinaryCoder.decode([String].self, from: BinaryCoder.encode([composed, decomposed, decomposed])[...])
        XCTAssertEqual(decoded.map { Array($0.utf8) }, [Array(composed.utf8), Array(decomposed.utf8), Array(decomposed.utf8)])
    }

    func testCanonicalBytesDoNotDependOnTheOrderOfDictionariesAndSets() throws {
        var first = ProjectIndex()
        var second = ProjectIndex()
        let names = (0..<40).map { "Type\($0)" }
        for name in names { first.add(TypeInfo(name: name, properties: ["a\(name)": "UIView", "b\(name)": nil])) }
        for name in names.reversed() { second.add(TypeInfo(name: name, properties: ["b\(name)": nil, "a\(name)": "UIView"])) }
        first.protocols = Set(names)
        second.protocols = Set(names.reversed())
        XCTAssertEqual(first, second)
        XCTAssertEqual(BinaryCoder.encode(first, canonical: true), BinaryCoder.encode(second, canonical: true))
        XCTAssertEqual(digest(first), digest(second))
        // A file's excerpts and a problem's values, packed by hand, the same.
        var one = FileOutput(path: "Sources/A.swift")
        var other = FileOutput(path: "Sources/A.swift")
        for line in 1...40 { one.excerpts[ExcerptKey(line: line, column: 2)] = SourceExcerpt(text: "line \(line)", caret: 2) }
        for line in (1...40).reversed() { other.excerpts[ExcerptKey(line: line, column: 2)] = SourceExcerpt(text: "line \(line)", caret: 2) }
        let values = names.map { ($0, "value of \($0)") }
        one.problems = [InputProblem(rule: "r", position: position, values: Dictionary(uniqueKeysWithValues: values))]
        other.problems = [InputProblem(rule: "r", position: position, values: Dictionary(uniqueKeysWithValues: values.reversed()))]
        XCTAssertEqual(one, other)
        XCTAssertEqual(BinaryCoder.encode(one, canonical: true), BinaryCoder.encode(other, canonical: true))
    }
}
