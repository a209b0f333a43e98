/// A call whose argument a rule reads, as Objective-C sends it.
struct ObjCArgumentCall: Sendable, Hashable, Codable {
    /// The Swift name rules know it by (`present`), and the label of the argument.
    var call: String
    var label: String?
    /// The selector piece whose argument it is.
    var argumentPiece: String
    /// For an initializer, the class sent `alloc` (`UINavigationController`).
    var receiverClass: String?
}

/// What a region of code sets, calls and returns, as the front ends read it for decisions on the
/// idiom: a group of names for each (`[layout, itemSize]`, `[canvas, addInteraction,
/// UIPencilInteraction]`), and which groups switch something off (`isEnabled = false`,
/// `[item setEnabled:NO]`, `rightBarButtonItem = nil`): those set no feature up.
struct StatementGroups {
    var groups: [[String]] = []
    var switchedOff: Set<Int> = []

    /// The groups of `other` after these.
    mutating func append(_ other: StatementGroups) {
        switchedOff.formUnion(other.switchedOff.map { $0 + groups.count })
        groups += other.groups
    }
}

/// What the front ends need to know of the rules' knowledge to lower a file: which properties take
/// a value per control state and how Interface Builder spells setting each, and which names are
/// geometry (so that a decision on the idiom is kept only when it selects some). It is gathered
/// from every rule's knowledge (and the user's options), so that a new property, attribute or
/// geometry word is one edit in `Rules/`, not a change to a front end.
struct LoweringVocabulary: Sendable, Hashable, Codable {
    /// Properties with a value per control state (`title`, `thumbImage`).
    var stateProperties: Set<String> = []
    /// Every property a rule reads: settings of other properties are not kept.
    var settingProperties: Set<String> = []
    /// Every width, height and pixel size a rule compares numbers with: comparisons with other
    /// numbers are not kept.
    var dimensionValues: Set<Double> = []
    /// `<state title="...">`: attribute -> property.
    var stateAttributes: [String: String] = [:]
    /// `<state><color key="titleColor">`: key -> property.
    var stateElements: [String: String] = [:]
    /// `<slider minimumValueImage="...">`: attribute -> property.
    var attributes: [String: String] = [:]
    /// `<color key="thumbTintColor">` in a control: key -> property.
    var colors: [String: String] = [:]
    /// `<outletCollection property="gestureRecognizers">` in a control's connections: property -> property.
    var outletCollections: [String: String] = [:]
    /// Methods that set a property a rule reads: `addGestureRecognizer` -> `gestureRecognizers`.
    var settingMethods: [String: String] = [:]
    /// Calls that make a setting safe where they are checked true (`isSourceTypeAvailable`).
    var checks: Set<String> = []
    /// Members that stand for their object (`popoverPresentationController`): settings made
    /// through them are the object's.
    var facets: Set<String> = []
    /// The properties a presentation rule reads (styles and anchors): set by a method on its
    /// receiver, they count where the method is called on an object.
    var presentationProperties: Set<String> = []
    /// Calls whose arguments a rule reads, with the labels it reads ("" for the first argument
    /// without one): `present` -> [""], `UINavigationController` -> ["rootViewController"].
    var argumentCalls: [String: Set<String>] = [:]
    /// The first names of the member chains a rule looks for (`UIScreen`), and names it looks for
    /// alone (`_setAllowsUnsupportedMacIdiomBehavior`).
    var referenceRoots: Set<String> = []
    /// The lengths in UTF-8 of `referenceRoots`, a cheap first test for every name of a file.
    private(set) var referenceRootLengths: Set<Int> = []
    /// Names a rule looks for in string literals too (selectors and keys).
    var referenceStrings: Set<String> = []
    /// Names of values in the same coordinates as a name a rule looks for (`keyboardFrameEndUserInfoKey`).
    var sameSpaceNames: Set<String> = []
    /// Calls that make a font of a size, with the labels of the size: `systemFont` -> [`ofSize`].
    var fontCalls: [String: Set<String>] = [:]
    /// Names of printing and PDF output (`UIGraphicsPDFRenderer`): the functions and types around a
    /// font are looked at for them.
    var paperNames: Set<String> = []
    /// Calls that reach a key of their receiver, with the labels of the key: `value` -> [`forKey`].
    var keyCalls: [String: Set<String>] = [:]
    /// The same as Objective-C sends them, by selector, with the piece of the key:
    /// `valueForKey:` -> `valueForKey`, `setValue:forKeyPath:` -> `forKeyPath`.
    var objcKeyCalls: [String: String] = [:]
    /// Properties that list a view's subviews, and members of them that read nothing of them.
    var subviewProperties: Set<String> = []
    /// Their lengths in UTF-8, a cheap first test for every bare name of a file.
    private(set) var subviewPropertyLengths: Set<Int> = []
    var harmlessSubviewMembers: Set<String> = []
    /// Calls that add a subview (`addSubview`).
    var subviewAddingCalls: Set<String> = []
    /// Properties through which a view is handed to UIKit (`inputAccessoryView`).
    var providedViewProperties: Set<String> = []
    /// Types whose declarations and extensions are recorded when they inherit from one of these
    /// (`UIApplicationDelegate`, `App`), carry one of `entryAttributes`, or implement one of
    /// `memberNames`.
    var declarationNames: Set<String> = []
    var entryAttributes: Set<String> = []
    var memberNames: Set<String> = []
    /// Every class a rule names, so an Interface Builder element such as `<pickerView>` is known as
    /// `UIPickerView` once a rule (or an option) names that class.
    var classes: Set<String> = []
    /// The superclasses a rule's knowledge gives its classes, nearest first (`UIButton` ->
    /// `[UIControl, UIView, UIResponder, NSObject]`): the Objective-C prelude declares them so.
    var superclassChains: [String: [String]] = [:]
    /// How Objective-C sends the calls whose arguments a rule reads, by the selector's first piece
    /// (`presentViewController` -> `present`, its first argument).
    var objcArgumentCalls: [String: [ObjCArgumentCall]] = [:]
    /// Member chains as Objective-C spells them, by their Swift spelling's first names
    /// (`UIScreen.mainScreen` -> `UIScreen.main`).
    var objcReferenceChains: [String: String] = [:]
    /// Selectors that make a font of a size, by their first piece: the piece of the size
    /// (`systemFontOfSize` -> `systemFontOfSize`, `fontWithName` -> `size`).
    var objcFontCalls: [String: String] = [:]
    /// The values rules read (`wheels`, `actionSheet`, `popover`, `camera`): an Objective-C constant
    /// that ends with one (`UIDatePickerStyleWheels`) is that value, as Swift imports it.
    var valueNames: Set<String> = []
    /// Names that are geometry whole, and words that make or unmake a camel-case name geometry.
    /// The calls a rule names (`Stepper`, `refreshable`): only these are recorded.
    var callNames: Set<String> = []
    var geometryNames: Set<String> = []
    /// Geometry names of values (`CGSize`) judged by where they go, not by themselves.
    var geometryValues: Set<String> = []
    var geometryWords: Set<String> = []
    var countWords: Set<String> = []
    var settingWords: Set<String> = []
    var nonGeometryWords: Set<String> = []
    /// The rule's own test of geometry, from the same words.
    private var geometry = NameClassifier(words: [])
    /// Words that make a name a feature a branch turns on, and words that make it something else.
    var featureWords: Set<String> = []
    var nonFeatureWords: Set<String> = []
    /// The rule's own test of features, from the same words.
    private(set) var featureClassifier = NameClassifier(words: [])
    /// Words that make a condition adapt to the window, and words that keep it from adapting.
    var adaptiveWords: Set<String> = []
    var nonAdaptiveWords: Set<String> = []

    /// The vocabulary of these rules' knowledge, each extended by `options[rule id]`.
    init(rules: [RuleDefinition], options: [String: any RuleKnowledge] = [:]) {
        for rule in rules {
            var knowledge: [any RuleKnowledge] = rule.uikit.map { [$0] } ?? []
            if let extra = options[rule.id] { knowledge.append(extra) }
            for part in knowledge {
                if let creation = part as? ControlCreationKnowledge { classes.formUnion(creation.classes.map(\.name)) }
                if let calls = part as? CallKnowledge { callNames.formUnion(calls.calls.map(\.name)) }
                if let arguments = part as? ArgumentKnowledge {
                    classes.formUnion(arguments.classes.map(\.name))
                    addArgumentCalls(arguments.calls)
                }
                if let presentation = part as? PresentationKnowledge {
                    classes.formUnion(presentation.classes.map(\.name))
                    addArgumentCalls(presentation.calls)
                    settingProperties.formUnion(presentation.styles.map(\.property) + presentation.anchors)
                    presentationProperties.formUnion(presentation.styles.map(\.property) + presentation.anchors)
                    facets.formUnion(presentation.facets)
                    valueNames.formUnion(presentation.styles.map(\.value))
                }
                if let references = part as? ReferenceKnowledge {
                    for entry in references.references {
                        if entry.objcPath != entry.path { objcReferenceChains[entry.objcPath.joined(separator: ".")] = entry.path.joined(separator: ".") }
                        if let root = entry.path.first { referenceRoots.insert(root) }
                        if entry.strings { referenceStrings.insert(entry.name) }
                        sameSpaceNames.formUnion(entry.sameSpace)
                    }
                }
                if let features = part as? FeatureDecisionKnowledge {
                    featureWords.formUnion(features.featureWords)
                    nonFeatureWords.formUnion(features.nonFeatureWords)
                }
                if let internals = part as? InternalsKnowledge {
                    classes.formUnion(internals.classes.map(\.name))
                    for call in internals.keyCalls {
                        keyCalls[call.name, default: []].insert(call.label ?? "")
                        let spelling = call.objcSpelling
                        if spelling.receiverClass == nil { objcKeyCalls[call.objc ?? spelling.firstPiece + ":"] = spelling.argumentPiece }
                    }
                    subviewProperties.formUnion(internals.subviews)
                    harmlessSubviewMembers.formUnion(internals.harmlessMembers)
                    subviewAddingCalls.formUnion(internals.addingCalls)
                }
                if let provided = part as? ProvidedViewKnowledge {
                    providedViewProperties.formUnion(provided.properties)
                }
                if let life = part as? SceneLifeCycleKnowledge {
                    declarationNames.formUnion(life.delegates + life.sceneDelegates + life.sceneApps)
                    entryAttributes.formUnion(life.entryAttributes)
                    memberNames.formUnion(life.configurationMethods)
                }
                if let fonts = part as? FontKnowledge {
                    for call in fonts.calls {
                        fontCalls[call.name, default: []].insert(call.label ?? "")
                        let spelling = call.objcSpelling
                        if spelling.receiverClass == nil { objcFontCalls[spelling.firstPiece] = spelling.argumentPiece }
                    }
                    paperNames.formUnion(fonts.paper)
                }
                if let sizes = part as? ScreenSizeKnowledge {
                    for dimension in sizes.dimensions { dimensionValues.formUnion([dimension.width, dimension.height]) }
                    dimensionValues.formUnion(sizes.pixelDimensions)
                }
                if let layout = part as? LayoutDecisionKnowledge {
                    geometryNames.formUnion(layout.geometryNames)
                    geometryValues.formUnion(layout.geometryValues)
                    geometryWords.formUnion(layout.geometryWords)
                    countWords.formUnion(layout.countWords)
                    settingWords.formUnion(layout.settingWords)
                    nonGeometryWords.formUnion(layout.nonGeometryWords)
                    adaptiveWords.formUnion(layout.adaptiveWords.map { $0.lowercased() })
                    nonAdaptiveWords.formUnion(layout.nonAdaptiveWords.map { $0.lowercased() })
                }
                guard let setting = part as? ControlSettingKnowledge else { continue }
                classes.formUnion(setting.classes.map(\.name))
                for entry in setting.classes where !setting.superclasses.isEmpty { superclassChains[entry.name] = setting.superclasses }
                for property in setting.properties {
                    settingProperties.insert(property.name)
                    valueNames.formUnion(property.values ?? [])
                    if property.state { stateProperties.insert(property.name) }
                    for method in property.methods { settingMethods[method] = property.name }
                    checks.formUnion(property.checks)
                    guard let spelling = property.interfaceBuilder else { continue }
                    if let name = spelling.stateAttribute { stateAttributes[name] = property.name }
                    if let name = spelling.stateElement { stateElements[name] = property.name }
                    if let name = spelling.attribute { attributes[name] = property.name }
                    if let name = spelling.color { colors[name] = property.name }
                    if let name = spelling.outletCollection { outletCollections[name] = property.name }
                }
            }
        }
        referenceRootLengths = Set(referenceRoots.map(\.utf8.count))
        // The behavioral style is read by the control rules themselves (`pad`).
        valueNames.formUnion(["pad", "mac"])
        subviewPropertyLengths = Set(subviewProperties.map(\.utf8.count))
        var layout = LayoutDecisionKnowledge()
        layout.geometryNames = geometryNames.sorted()
        layout.geometryWords = geometryWords.sorted()
        layout.countWords = countWords.sorted()
        layout.settingWords = settingWords.sorted()
        layout.nonGeometryWords = nonGeometryWords.sorted()
        geometry = NameClassifier.geometry(layout)
        featureClassifier = NameClassifier(words: featureWords.sorted(), excludedWords: nonFeatureWords.sorted())
    }

    /// True when a name turns on a feature, as `pad-only-feature` tells it.
    func isFeature(_ name: String) -> Bool {
        !featureWords.isEmpty && featureClassifier.matches(name)
    }

    /// The feature a group of names (what one statement sets or calls) turns on: its most specific
    /// feature name (of the most camel-case words: `rightBarButtonItems`, not `navigationItem`),
    /// unless a name of the group is about something else (a popover's `barButtonItem`). `own` is
    /// left out of the group; `judge` answers `featureClassifier.judged` (or a memo of it).
    func feature(in group: [String], leaving own: String?,
                 judge: (String) -> (excluded: Bool, matches: Bool, words: Int)) -> String? {
        guard !featureWords.isEmpty else { return nil }
        var best: (name: String, words: Int)?
        for name in group where name != own {
            let judgement = judge(name)
            if judgement.excluded { return nil }
            if judgement.matches, best == nil || judgement.words > best!.words { best = (name, judgement.words) }
        }
        return best?.name
    }

    /// The first feature the groups of a branch turn on (what one statement each sets or calls),
    /// leaving out the groups that switch something off and `own`, the name of the function the
    /// branch is in: its `return`s go there, they turn nothing on. `judge` as in `feature(in:leaving:judge:)`.
    func firstFeature(in groups: StatementGroups, leaving own: String?,
                      judge: (String) -> (excluded: Bool, matches: Bool, words: Int)) -> String? {
        guard !featureWords.isEmpty else { return nil }
        for index in groups.groups.indices where !groups.switchedOff.contains(index) {
            if let name = feature(in: groups.groups[index], leaving: own, judge: judge) { return name }
        }
        return nil
    }

    /// Each class of `superclassChains` and its superclass, superclasses first: the order the
    /// Objective-C prelude declares them in.
    var superclassPairs: [(name: String, superclass: String)] {
        var pairs: [(String, String)] = []
        var seen: Set<String> = []
        for name in superclassChains.keys.sorted() {
            let chain = [name] + superclassChains[name]!
            for index in stride(from: chain.count - 2, through: 0, by: -1) where !seen.contains(chain[index]) {
                seen.insert(chain[index])
                pairs.append((chain[index], chain[index + 1]))
            }
        }
        return pairs
    }

    private mutating func addArgumentCalls(_ calls: [ArgumentCallEntry]) {
        for call in calls {
            argumentCalls[call.name, default: []].insert(call.label ?? "")
            let spelling = call.objcSpelling
            let entry = ObjCArgumentCall(call: call.name, label: call.label, argumentPiece: spelling.argumentPiece, receiverClass: spelling.receiverClass)
            if !(objcArgumentCalls[spelling.firstPiece]?.contains(entry) ?? false) { objcArgumentCalls[spelling.firstPiece, default: []].append(entry) }
        }
    }

    /// True when a name is geometry, as `idiom-layout-decision` tells it (`NameClassifier.geometry`).
    func isGeometry(_ name: String) -> Bool {
        geometry.matches(name)
    }

    /// True when a name is about something other than geometry (`setContentOffset`, `UIImage`,
    /// `titleEdgeInsets`): what it is given is not layout either.
    func isNonGeometry(_ name: String) -> Bool {
        geometry.excludes(name)
    }

    /// True when a geometry name is that of a container or layout (`UISplitViewController`), not of
    /// a value judged by where it goes (`CGSize`).
    func isGeometryContainer(_ name: String) -> Bool {
        geometryNames.contains(name) && !geometryValues.contains(name)
    }

    /// True when a name says whether a condition adapts to the window, either way: an adaptive
    /// word (`horizontalSizeClass`) or a word about the screen or device (`UIScreen`).
    func bearsOnAdaptation(_ name: String) -> Bool {
        adaptation(of: name) != nil
    }

    /// How a name bears on whether a condition adapts to the window: `true` for an adaptive word
    /// with no word about the screen or device (`horizontalSizeClass`), `false` for a word about
    /// the screen or device (`UIScreen`), nil for neither.
    func adaptation(of name: String) -> Bool? {
        let words = camelCaseWords(name)
        if words.contains(where: nonAdaptiveWords.contains) { return false }
        return words.contains(where: adaptiveWords.contains) ? true : nil
    }

    /// Stable bytes for this vocabulary, for the cache key: every field, in canonical order, so a
    /// change of knowledge that lowering reads makes earlier results stale, and a field added to
    /// the vocabulary is in its fingerprint with nothing more to write.
    var fingerprint: [UInt8] {
        BinaryCoder.encode(self, canonical: true)
    }

    /// The vocabulary of the built-in rules, with no options.
    static let standard = LoweringVocabulary(rules: RuleCatalog.all)
}
