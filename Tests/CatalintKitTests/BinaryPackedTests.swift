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
    }
}
