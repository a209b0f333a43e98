import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Lowers an Interface Builder file (`.storyboard`, `.xib`) into UI facts with exact lines and
/// columns: the controls it creates (with `customClass` resolved through the Swift index), button
/// titles and images per state, slider images and tint colours, `preferredBehavioralStyle`, width
/// and height constraint constants, and the views outlets hand UIKit (`inputAccessoryView`) with
/// what the file lays out inside them. The frame IB stores on every view is design-time geometry
/// and is not lowered. A malformed file is an `invalid-interface` diagnostic.
struct InterfaceBuilderLowering {
    /// IB element names and the UIKit classes they create.
    static let elementClasses: [String: String] = [
        "view": "UIView", "button": "UIButton", "slider": "UISlider", "stepper": "UIStepper",
        "pageControl": "UIPageControl", "refreshControl": "UIRefreshControl", "switch": "UISwitch",
        "label": "UILabel", "imageView": "UIImageView", "tableView": "UITableView",
        "collectionView": "UICollectionView", "scrollView": "UIScrollView", "stackView": "UIStackView",
        "textField": "UITextField", "textView": "UITextView", "segmentedControl": "UISegmentedControl",
        "progressView": "UIProgressView", "activityIndicatorView": "UIActivityIndicatorView",
        "datePicker": "UIDatePicker", "pickerView": "UIPickerView", "searchBar": "UISearchBar",
        "navigationBar": "UINavigationBar", "toolbar": "UIToolbar", "tabBar": "UITabBar",
        "tableViewCell": "UITableViewCell", "collectionViewCell": "UICollectionViewCell",
        "visualEffectView": "UIVisualEffectView", "colorWell": "UIColorWell",
    ]

    /// The class an element creates: from `elementClasses`, else `UI` + the element's name
    /// (`pickerView` -> `UIPickerView`) when a rule names that class.
    static func uikitClass(of element: String, vocabulary: LoweringVocabulary) -> String? {
        if let known = elementClasses[element] { return known }
        guard let first = element.first, first.isLowercase else { return nil }
        let derived = "UI" + first.uppercased() + element.dropFirst()
        return vocabulary.classes.contains(derived) ? derived : nil
    }

    static let help = "Open the file in Xcode's Interface Builder and save it again, or fix the XML by hand."

    static func lower(_ source: SourceText, vocabulary: LoweringVocabulary = .standard) -> FrontEndOutput {
        let text = source.text
        if let range = text.range(of: "<!ENTITY") {
            let offset = text.utf8.distance(from: text.utf8.startIndex, to: range.lowerBound)
            var output = FrontEndOutput()
            output.problems.append(InputProblem(rule: ToolRule.invalidInterface, position: source.position(utf8Offset: offset),
                                                values: ["detail": "Entity declarations are not allowed in Interface Builder files (Xcode never writes them).", "help": help]))
            return output
        }
        let builder = FactBuilder(source: source, vocabulary: vocabulary, tags: StartTagScanner.scan(source.utf8))
        let parser = XMLParser(data: Data(blankingEmptyProcessingInstructions(Array(text.utf8))))
        parser.shouldResolveExternalEntities = false
        parser.delegate = builder
        // XMLParser does not always return false on an error (on Linux it goes on after some), so
        // the delegate's first reported error decides; a file with no root element is an error too.
        let succeeded = parser.parse()
        if !succeeded || builder.failure != nil || builder.elementCount == 0 {
            var output = FrontEndOutput()
            let (detail, line, column) = builder.failure
                ?? (builder.elementCount == 0 ? "the file has no root element" : "the XML is not well-formed", parser.lineNumber, parser.columnNumber)
            output.problems.append(InputProblem(
                rule: ToolRule.invalidInterface,
                position: source.position(line: max(line, 1), utf8Column: max(column, 1)),
                values: ["detail": "Malformed XML: \(detail).", "help": help]))
            return output
        }
        return builder.output
    }

    /// The bytes with every processing instruction that has a target and no data (`<?name?>`)
    /// turned into spaces of the same length, so that lines and columns stay. On Linux, Foundation's
    /// XMLParser reads the missing data of such an instruction through a null pointer and the whole
    /// process crashes (found by scripts/fuzz.py); the instruction means nothing to the lowering.
    static func blankingEmptyProcessingInstructions(_ bytes: [UInt8]) -> [UInt8] {
        var bytes = bytes
        var index = 0
        while index + 1 < bytes.count {
            guard bytes[index] == UInt8(ascii: "<"), bytes[index + 1] == UInt8(ascii: "?") else {
                index += 1
                continue
            }
            var end = index + 2
            while end < bytes.count, isNameByte(bytes[end]) { end += 1 }
            if end > index + 2, end + 1 < bytes.count, bytes[end] == UInt8(ascii: "?"), bytes[end + 1] == UInt8(ascii: ">") {
                for blank in index...(end + 1) { bytes[blank] = UInt8(ascii: " ") }
                index = end + 2
            } else {
                index += 2
            }
        }
        return bytes
    }

    /// A byte of an XML name: a letter, a digit, `_`, `:`, `.`, `-`, or part of a character past ASCII.
    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "_"), UInt8(ascii: ":"), UInt8(ascii: "."), UInt8(ascii: "-"), 0x80...0xFF:
            return true
        default:
            return false
        }
    }

    /// The XML parser's delegate: turns elements into facts as they start.
    private final class FactBuilder: NSObject, XMLParserDelegate {
        let source: SourceText
        /// How the rules' properties are spelled in Interface Builder files.
        let vocabulary: LoweringVocabulary
        let tags: [StartTag]
        var output = FrontEndOutput()
        var failure: (String, Int, Int)?
        private(set) var elementCount = 0
        /// An open element: the object it is (when it is a view), its state (for `<state>`), and the
        /// custom class of an element that is no view (a placeholder for the file's owner, a
        /// controller), for an outlet in its connections.
        private struct OpenElement {
            var element: String
            var object: ObjectID?
            var state: ControlStateValue?
            var identity: String
            var customClass: String?
        }

        /// One entry per open element.
        private var stack: [OpenElement] = []

        /// Every object started so far, in the order of the file, with the object it is inside:
        /// what a view holds is what the file lays out inside it.
        private var objectTree: [(id: ObjectID, parent: ObjectID?)] = []

        init(source: SourceText, vocabulary: LoweringVocabulary, tags: [StartTag]) {
            self.source = source
            self.vocabulary = vocabulary
            self.tags = tags
        }

        private var currentTag: StartTag? {
            elementCount - 1 < tags.count ? tags[elementCount - 1] : nil
        }

        private func position(_ parser: XMLParser, attribute: String? = nil) -> SourcePosition {
            if let tag = currentTag {
                if let attribute, let offset = tag.attributeOffsets[attribute] { return source.position(utf8Offset: offset) }
                return source.position(utf8Offset: tag.offset)
            }
            return SourcePosition(path: source.path, line: max(parser.lineNumber, 1), column: max(parser.columnNumber, 1))
        }

        /// The class of each object started so far, for settings made inside it.
        private var types: [ObjectID: (TypeRef, String?)] = [:]

        private var enclosingObject: ObjectID? { stack.last(where: { $0.object != nil })?.object }

        /// The guard context of every fact in the file: an AppKit document (`targetRuntime` of
        /// `MacOSX.Cocoa`), a macOS app's window or view, is never part of a Mac Catalyst build.
        private var context = GuardContext.unguarded
        private var enclosingState: ControlStateValue? { stack.last?.state }

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            elementCount += 1
            if name == "document", attributes["targetRuntime"]?.hasPrefix("MacOSX") == true {
                context.builtForMacCatalyst = false
            }
            var entry = OpenElement(element: name, identity: attributes["id"] ?? "element \(elementCount)", customClass: attributes["customClass"].flatMap { $0.isEmpty ? nil : $0 })
            if let uikitClass = InterfaceBuilderLowering.uikitClass(of: name, vocabulary: vocabulary) {
                entry.object = startObject(parser, element: name, uikitClass: uikitClass, attributes: attributes)
            } else if name == "state", let object = enclosingObject {
                let state = ControlStateValue.named([attributes["key"] ?? "normal"])
                entry.state = state
                for (attribute, property) in vocabulary.stateAttributes.sorted(by: { $0.key < $1.key }) where attributes[attribute] != nil {
                    addSetting(property, state: state, spelling: attribute,
                               at: position(parser, attribute: attribute), on: object)
                }
            } else if let key = attributes["key"], let object = enclosingObject {
                if let state = enclosingState, let property = vocabulary.stateElements[key] {
                    addSetting(property, state: state, spelling: key, at: position(parser), on: object)
                } else if name == "color", let property = vocabulary.colors[key], stack.last?.object != nil {
                    addSetting(property, state: nil, spelling: key, at: position(parser), on: object)
                }
            }
            if name == "constraint" { addConstraint(parser, attributes) }
            if name == "outletCollection", let key = attributes["property"], let property = vocabulary.outletCollections[key],
               let object = enclosingObject {
                addSetting(property, state: nil, spelling: key, at: position(parser), on: object)
            }
            if name == "fontDescription", !vocabulary.fontCalls.isEmpty { addFont(parser, attributes) }
            if name == "segue" { addSegue(parser, attributes) }
            if name == "outlet", let property = attributes["property"], vocabulary.providedViewProperties.contains(property) {
                addProvidedView(parser, property: property, attributes)
            }
            if name == "userDefinedRuntimeAttribute", !vocabulary.keyCalls.isEmpty, let keyPath = attributes["keyPath"], let object = enclosingObject {
                // A key path set on the object when it is loaded, as `setValue(_:forKeyPath:)` would.
                let (type, known) = types[object] ?? (TypeRef.unknown, nil)
                output.facts.internals.append(PendingInternals(
                    value: .object(object, type: type), knownSuperclass: known, key: String(keyPath.split(separator: ".", maxSplits: 1).first ?? ""),
                    spelling: "keyPath=\"\(keyPath)\"", position: position(parser, attribute: "keyPath"), guardContext: context))
            }
            stack.append(entry)
        }

        func parserDidEndDocument(_ parser: XMLParser) {
            // A segue may come before the scene it leads to: its destination's class is known now.
            for (offset, argument) in output.facts.arguments.enumerated() {
                guard case .object(let id, _) = argument.value, let (type, known) = types[id] else { continue }
                output.facts.arguments[offset].value = .object(id, type: type)
                output.facts.arguments[offset].knownSuperclass = known
            }
            // So may the view an outlet is connected to, and what the file lays out inside it.
            guard !output.facts.providedViews.isEmpty else { return }
            var children: [ObjectID: [ObjectID]] = [:]
            for (id, parent) in objectTree { if let parent { children[parent, default: []].append(id) } }
            var inside: [ObjectID: [PendingClass]] = [:]
            for (offset, provided) in output.facts.providedViews.enumerated() {
                guard case .object(let id, _)? = provided.view, let (type, known) = types[id] else { continue }
                output.facts.providedViews[offset].view = .object(id, type: type)
                output.facts.providedViews[offset].viewKnownSuperclass = known
                if inside[id] == nil { inside[id] = laidOut(in: id, children: children) }
                output.facts.providedViews[offset].laidOut = inside[id] ?? []
            }
        }

        /// `<outlet property="inputAccessoryView" destination="..."/>` in the `<connections>` of an
        /// element (a text field, a text view, the file's owner): a view of the file handed to UIKit
        /// through a property a rule names, assigned when the file is loaded. The view's class is
        /// known at the end of the file.
        private func addProvidedView(_ parser: XMLParser, property: String, _ attributes: [String: String]) {
            guard let destination = attributes["destination"], stack.count >= 2, stack[stack.count - 1].element == "connections" else { return }
            let holder = stack[stack.count - 2]
            let owner: ValueRef
            var ownerKnown: String?
            if let object = holder.object {
                let (type, known) = types[object] ?? (TypeRef.unknown, nil)
                (owner, ownerKnown) = (.object(object, type: type), known)
            } else {
                let id = ObjectID.interfaceView(path: source.path, identity: holder.identity)
                owner = .object(id, type: holder.customClass.map(TypeRef.named) ?? .unknown)
            }
            output.facts.providedViews.append(PendingProvidedView(
                property: property, owner: owner, isOverride: false,
                view: .object(.interfaceView(path: source.path, identity: destination), type: .unknown),
                spelling: "property=\"\(property)\"", position: position(parser, attribute: "property"), guardContext: context,
                ownerKnownSuperclass: ownerKnown))
        }

        /// The classes of the objects inside `view` in the file, at any depth, each once, in the
        /// file's order (a keypad of forty buttons holds buttons).
        private func laidOut(in view: ObjectID, children: [ObjectID: [ObjectID]]) -> [PendingClass] {
            var classes: [PendingClass] = []
            var seen: Set<PendingClass> = []
            var pending = Array((children[view] ?? []).reversed())
            while let id = pending.popLast() {
                if let (type, known) = types[id], seen.insert(PendingClass(type: type, knownSuperclass: known)).inserted {
                    classes.append(PendingClass(type: type, knownSuperclass: known))
                }
                pending += (children[id] ?? []).reversed()
            }
            return classes
        }

        /// `<fontDescription key="fontDescription" type="system" pointSize="17"/>`: a font of a fixed
        /// size. One with a text `style` follows the user's text size, whatever its `pointSize`.
        private func addFont(_ parser: XMLParser, _ attributes: [String: String]) {
            guard attributes["style"] == nil, let text = attributes["pointSize"], let size = Double(text), size > 0 else { return }
            output.facts.fontSizes.append(FontSizeFact(sizes: [size], spelling: "pointSize", purposeNames: [],
                                                       position: position(parser), guardContext: context))
        }

        /// The segues that push a view controller onto a navigation stack, as the calls that do it in
        /// code: a navigation controller's root view controller relationship is
        /// `UINavigationController(rootViewController:)`, a push segue `pushViewController(_:animated:)`.
        private func addSegue(_ parser: XMLParser, _ attributes: [String: String]) {
            guard let destination = attributes["destination"] else { return }
            let call: (name: String, label: String?, attribute: String)
            if attributes["kind"] == "relationship", attributes["relationship"] == "rootViewController" {
                call = ("UINavigationController", "rootViewController", "relationship")
            } else if attributes["kind"] == "push" {
                call = ("pushViewController", nil, "kind")
            } else {
                return
            }
            guard vocabulary.argumentCalls[call.name]?.contains(call.label ?? "") == true else { return }
            output.facts.arguments.append(PendingArgument(
                call: call.name, label: call.label, value: .object(.interfaceView(path: source.path, identity: destination), type: .unknown),
                escapes: false, spelling: "\(call.attribute)=\"\(attributes[call.attribute] ?? "")\"",
                position: position(parser, attribute: call.attribute), guardContext: context))
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            _ = stack.popLast()
        }

        func parser(_ parser: XMLParser, parseErrorOccurred error: Error) {
            guard failure == nil else { return }
            failure = (Self.describe(error), parser.lineNumber, parser.columnNumber)
        }

        private func startObject(_ parser: XMLParser, element: String, uikitClass: String, attributes: [String: String]) -> ObjectID {
            let id = ObjectID.interfaceView(path: source.path, identity: attributes["id"] ?? "element \(elementCount)")
            // A custom class is known through its Swift declaration, and is at least the element's class.
            let custom = attributes["customClass"].flatMap { $0.isEmpty ? nil : $0 }
            let type = TypeRef.named(custom ?? uikitClass)
            let known = custom == nil ? nil : uikitClass
            output.facts.creations.append(PendingCreation(type: type, knownSuperclass: known, position: position(parser), guardContext: context))
            var object = PendingObject(value: .object(id, type: type), knownSuperclass: known, style: attributes["preferredBehavioralStyle"])
            for (attribute, property) in vocabulary.attributes.sorted(by: { $0.key < $1.key }) where attributes[attribute] != nil {
                object.settings.append(SettingFact(property: property, state: nil, spelling: attribute, value: attributes[attribute],
                                                   position: position(parser, attribute: attribute), guardContext: context))
            }
            output.facts.objects.append(object)
            types[id] = (type, known)
            objectTree.append((id, enclosingObject))
            return id
        }

        private func addSetting(_ property: String, state: ControlStateValue?, spelling: String, at position: SourcePosition, on object: ObjectID) {
            let (type, known) = types[object] ?? (TypeRef.unknown, nil)
            output.facts.objects.append(PendingObject(value: .object(object, type: type), knownSuperclass: known, settings: [
                SettingFact(property: property, state: state, spelling: spelling, value: nil, position: position, guardContext: context),
            ]))
        }

        /// `<constraint firstAttribute="width" constant="834"/>`: a fixed width or height. A constraint
        /// to another item (`secondItem`) relates two views and is not a hard-coded size.
        private func addConstraint(_ parser: XMLParser, _ attributes: [String: String]) {
            guard attributes["secondItem"] == nil, let attribute = attributes["firstAttribute"],
                  attribute == "width" || attribute == "height",
                  let text = attributes["constant"], let value = Double(text) else { return }
            output.facts.sizes.append(SizeFact(
                width: attribute == "width" ? value : nil, height: attribute == "height" ? value : nil,
                spelling: "constant",
                position: position(parser, attribute: "constant"), guardContext: context))
        }

        /// Words for the libxml2 error codes that `XMLParser` reports, which its own messages do not
        /// give on every platform.
        static func describe(_ error: Error) -> String {
            let code = (error as NSError).code
            let known: [Int: String] = [
                4: "the document is empty",
                5: "the document ends too early, or has content after its root element",
                9: "an invalid character",
                23: "an entity reference without its closing `;`",
                26: "a reference to an undeclared entity",
                38: "`<` inside an attribute value",
                39: "an attribute value without quotes",
                40: "an attribute value that is not closed",
                41: "an attribute without a value",
                42: "a duplicate attribute",
                65: "a space is missing",
                68: "a name was expected",
                73: "`>` was expected",
                76: "an end tag does not match its start tag",
                77: "an element is not closed",
            ]
            return known[code] ?? "XML error \(code)"
        }
    }
}

