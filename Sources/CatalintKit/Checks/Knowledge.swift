/// The UIKit knowledge a rule reads from the `uikit:` section of its `Rules/<id>.yml`, extended by
/// the user's options of the same names in `.catalint.yml` (lists extend catalint's, single values
/// replace them). Each kind is a `KnowledgeKind`: a struct and the table of its keys, from which
/// decoding, options and the configuration schema follow (see `KnowledgeShape`).
public protocol RuleKnowledge: Sendable {}

/// `unavailable-control`: the classes that do not exist in the Mac idiom.
struct ControlCreationKnowledge: KnowledgeKind, Equatable {
    var classes: [ClassEntry] = []

    static let fields: [Field<Self>] = [
        .list("classes", \.classes, "Classes added to the rule's list."),
    ]
}

/// `unavailable-swiftui-control`: SwiftUI views and modifiers that put an unavailable UIKit control
/// on screen, each with the control it wraps and what to use instead.
struct CallKnowledge: KnowledgeKind, Equatable {
    var calls: [CallEntry] = []

    static let fields: [Field<Self>] = [
        .list("calls", \.calls, "Views and modifiers added to the rule's list."),
    ]
}

/// `button-non-normal-state`, `slider-custom-appearance` and the other control rules: properties of
/// a control class that must not be set in the Mac idiom, and how the interface formats spell them.
struct ControlSettingKnowledge: KnowledgeKind, Equatable {
    var classes: [ClassEntry] = []
    /// A receiver typed as one of these (`UIControl`, `UIView`) may be one of `classes`, so it
    /// counts as of unknown type.
    var superclasses: [String] = []
    var properties: [PropertyEntry] = []

    static let fields: [Field<Self>] = [
        .list("classes", \.classes, "Classes added to the rule's list."),
        .list("superclasses", \.superclasses, "Superclasses added to the rule's list: a receiver typed as one of them may be one of the classes."),
        .list("properties", \.properties, "Properties added to the rule's list."),
    ]
}

/// `hard-coded-size`: the device screens, and the words that tell a screen's size from a view's.
struct ScreenSizeKnowledge: KnowledgeKind, Equatable {
    var dimensions: [Dimension] = []
    /// nil for no minimum.
    var singleValueMinimum: Double?
    var pixelDimensions: [Double] = []
    var screenWords: [String] = []
    var pixelWords: [String] = []
    var dimensionWords: [String] = []
    var nonLayoutWords: [String] = []

    static let fields: [Field<Self>] = [
        .list("dimensions", \.dimensions, "Screen sizes added to the rule's list."),
        .optional("single_value_minimum", \.singleValueMinimum, "The smallest lone width or height (a constraint constant) that may match a screen dimension.",
                  accepting: .atLeast(0)),
        .list("pixel_dimensions", \.pixelDimensions, "Screen widths and heights in pixels (as nativeBounds gives them) added to the rule's list.",
              each: .above(0)),
        .list("screen_words", \.screenWords,
              "Camel-case words added to those that make a width or height the screen's (compared in any way with a screen dimension, it is reported)."),
        .list("pixel_words", \.pixelWords, "Camel-case words added to those that make a width or height the screen's in pixels (nativeBounds)."),
        .list("dimension_words", \.dimensionWords,
              "Camel-case words added to those that make an identifier a width or height (compared for equality with a screen dimension, it is reported)."),
        .list("non_layout_words", \.nonLayoutWords,
              "Camel-case words added to those that say a size is for an image or a window, not a view (the calls it is passed to, the property it is assigned to)."),
    ]
}

/// `idiom-layout-decision`: the names that make a decision select geometry, and the words that make
/// a condition adapt to the window.
struct LayoutDecisionKnowledge: KnowledgeKind, Equatable {
    var geometryNames: [String] = []
    var geometryValues: [String] = []
    var geometryWords: [String] = []
    var countWords: [String] = []
    var settingWords: [String] = []
    var nonGeometryWords: [String] = []
    var adaptiveWords: [String] = []
    var nonAdaptiveWords: [String] = []

    static let fields: [Field<Self>] = [
        .list("geometry_names", \.geometryNames, "Identifiers added to those that count as geometry whole (CGRect, NSLayoutConstraint)."),
        .list("geometry_values", \.geometryValues,
              "Geometry names added to those of values judged by where they go (CGSize assigned to an image's size is not layout), not by themselves."),
        .list("geometry_words", \.geometryWords,
              "Camel-case words added to those that make an identifier geometry when they are its last word (inset in contentInset)."),
        .list("count_words", \.countWords, "Last words (count, number) added to those that make an identifier geometry after a geometry word (columnCount)."),
        .list("setting_words", \.settingWords,
              "Last words added to those that name where a value is kept (setting in gridSizeSetting): the words before them decide whether it is geometry."),
        .list("non_geometry_words", \.nonGeometryWords,
              "Words added to those that make an identifier not geometry (font in fontSize); a camel-case entry, its words in a row (contentOffset)."),
        .list("adaptive_words", \.adaptiveWords,
              "Camel-case words added to those that make a condition adapt to the window (a Mac branch that decides by them is not reported)."),
        .list("non_adaptive_words", \.nonAdaptiveWords, "Camel-case words added to those that keep a condition from adapting to the window (screen, device)."),
    ]
}

/// `pushed-split-view`: objects of some classes passed to calls that must not take them
/// (`pushViewController(split, animated:)`).
struct ArgumentKnowledge: KnowledgeKind, Equatable {
    var classes: [ClassEntry] = []
    var calls: [ArgumentCallEntry] = []

    static let fields: [Field<Self>] = [
        .list("classes", \.classes, "Classes added to the rule's list."),
        .list("calls", \.calls, "Calls (and the argument) that put a controller on a navigation stack."),
    ]
}

/// `missing-popover-anchor`: the controllers that show as a popover on iPad and the Mac, the calls
/// that present them, and the settings that anchor the popover.
struct PresentationKnowledge: KnowledgeKind, Equatable {
    var calls: [ArgumentCallEntry] = []
    var classes: [ClassEntry] = []
    var styles: [StyleEntry] = []
    var anchors: [String] = []
    /// `sheet.popoverPresentationController?.sourceView = view` anchors `sheet`.
    var facets: [String] = []

    static let fields: [Field<Self>] = [
        .list("calls", \.calls, "Calls that present their argument (present), added to the rule's list."),
        .list("classes", \.classes, "Controllers that are always a popover there (UIActivityViewController), added to the rule's list."),
        .list("styles", \.styles, "Settings that make a controller a popover (preferredStyle actionSheet)."),
        .list("anchors", \.anchors, "Properties of the popover that anchor it (sourceView, barButtonItem)."),
        .list("facets", \.facets, "Members through which settings are the controller's own (popoverPresentationController)."),
    ]
}

/// `main-screen-layout`, `private-mac-idiom-api`: names a rule looks for wherever code uses them.
struct ReferenceKnowledge: KnowledgeKind, Equatable {
    var references: [ReferenceEntry] = []

    static let fields: [Field<Self>] = [
        .list("references", \.references, "Names added to the rule's list."),
    ]
}

/// `fixed-font-size`: the calls that make a font of a given size, and the calls that scale one.
struct FontKnowledge: KnowledgeKind, Equatable {
    var calls: [ArgumentCallEntry] = []
    var scaling: [String] = []
    /// Names of printing and PDF output: a font in a function that names one, or in a type that
    /// inherits from one, is sized for paper.
    var paper: [String] = []
    /// Smaller sizes hold a face whose size is set later (`UIFont(name: "Avenir", size: 1)`, then
    /// `withSize`); nil for no minimum.
    var minimumSize: Double?

    static let fields: [Field<Self>] = [
        .list("calls", \.calls, "Calls that make a font, with the label of their size argument (systemFont with ofSize, UIFont with size)."),
        .list("scaling", \.scaling, "Calls that scale a font or size with the text size (scaledFont)."),
        .list("paper", \.paper, "Names of printing and PDF output (UIGraphicsPDFRenderer, UIPrintPageRenderer): a font in a function that names one, or in a type that inherits from one, is for paper."),
        .optional("minimum_size", \.minimumSize, "The smallest size reported: smaller ones are placeholders for a face sized later.",
                  accepting: .atLeast(0)),
    ]
}

/// `scene-life-cycle`: what tells that an app has adopted the scene-based life cycle: the Info.plist
/// key of the scene manifest and of its configurations, the delegate protocols and the method that
/// gives a configuration in code, and what makes an app's life cycle SwiftUI's.
struct SceneLifeCycleKnowledge: KnowledgeKind, Equatable {
    var manifest: String?
    var configurations: String?
    var delegates: [String] = []
    var configurationMethods: [String] = []
    var sceneDelegates: [String] = []
    var sceneApps: [String] = []
    var entryAttributes: [String] = []
    var testHostWords: [String] = []

    static let fields: [Field<Self>] = [
        .optional("manifest", \.manifest, "The Info.plist key of the scene manifest (UIApplicationSceneManifest)."),
        .optional("configurations", \.configurations, "The key, in the manifest, of the scene configurations by role (UISceneConfigurations)."),
        .list("delegates", \.delegates, "Protocols an app delegate conforms to (UIApplicationDelegate)."),
        .list("configuration_methods", \.configurationMethods,
              "Full names, in any language, of the app delegate method that gives a scene configuration in code."),
        .list("scene_delegates", \.sceneDelegates, "Protocols a scene delegate conforms to (UIWindowSceneDelegate), named in the message when the app has one."),
        .list("scene_apps", \.sceneApps, "Types whose entry point already uses scenes (SwiftUI's App)."),
        .list("entry_attributes", \.entryAttributes, "Attributes that make a type the program's entry point (main, UIApplicationMain)."),
        .list("test_host_words", \.testHostWords, "Words of an app target's name that make it a host for tests, not an app that ships (TestHost)."),
    ]
}

/// `design-compatibility-ends`: Info.plist keys that are reported when they are set to true.
struct InfoPlistKeyKnowledge: KnowledgeKind, Equatable {
    var keys: [InfoPlistKeyEntry] = []

    static let fields: [Field<Self>] = [
        .list("keys", \.keys, "Info.plist keys added to the rule's list."),
    ]
}

/// `control-internals`: the controls whose insides differ in the Mac idiom, the calls that reach a
/// key of an object (key-value coding), and the property that lists its subviews.
struct InternalsKnowledge: KnowledgeKind, Equatable {
    var classes: [InternalsClassEntry] = []
    var keyCalls: [ArgumentCallEntry] = []
    var subviews: [String] = []
    var privatePrefixes: [String] = []
    var harmlessMembers: [String] = []
    var addingCalls: [String] = []

    static let fields: [Field<Self>] = [
        .list("classes", \.classes, "Controls added to the rule's list, with the keys known to be private besides those with a private prefix."),
        .list("key_calls", \.keyCalls, "Calls that read or write a key of their receiver, with the label of the key (value with forKey)."),
        .list("subviews", \.subviews, "Properties that list a view's subviews."),
        .list("private_prefixes", \.privatePrefixes, "Prefixes that make any key private (_)."),
        .list("harmless_members", \.harmlessMembers, "Members of the subviews that read nothing of them (count, isEmpty)."),
        .list("adding_calls", \.addingCalls,
              "Calls that add a subview (addSubview): a control's subclass that makes them on itself reaches its own subviews, not the control's."),
    ]
}

/// `input-accessory-view`: the properties through which a view is shown above the software
/// keyboard, and the classes that tell a composer from a keyboard toolbar.
struct ProvidedViewKnowledge: KnowledgeKind, Equatable {
    var properties: [String] = []
    var inputs: [String] = []
    var keyboardBars: [String] = []

    static let fields: [Field<Self>] = [
        .list("properties", \.properties, "Properties whose view UIKit shows only with the software keyboard (inputAccessoryView)."),
        .list("inputs", \.inputs, "Text inputs: a view that holds one (or is one) is a composer, not a bar of shortcuts."),
        .list("keyboard_bars", \.keyboardBars, "Classes of bars that only serve the keyboard (UIToolbar): a view of one of them is left out unless it holds a text input."),
    ]
}

/// `pad-only-feature`: the words that make what a branch does a feature (a menu, a command, an
/// interaction, a toolbar item), and those that make it something else (a popover's anchor).
struct FeatureDecisionKnowledge: KnowledgeKind, Equatable {
    var featureWords: [String] = []
    var nonFeatureWords: [String] = []

    static let fields: [Field<Self>] = [
        .list("feature_words", \.featureWords,
              "Camel-case words added to those that make a name a feature (menu in buildMenu, interaction in addInteraction); a camel-case entry, its words in a row."),
        .list("non_feature_words", \.nonFeatureWords, "Camel-case words added to those that make a name not a feature (popover, hidden)."),
    ]
}

// MARK: Entries

/// A control whose insides differ in the Mac idiom, with the keys known to be private.
struct InternalsClassEntry: KnowledgeShape, Equatable {
    var name = ""
    var keys: [String] = []
    var replacement: String?

    static let fields: [Field<Self>] = [
        .shorthand("name", \.name, "The class (UISearchBar)."),
        .list("keys", \.keys, "Keys of it that are private though they have no private prefix (searchField)."),
        .optional("replacement", \.replacement, "The public API to use instead, for the help line."),
    ]
}

/// An Info.plist key a rule reports when it is true, and what to do instead.
struct InfoPlistKeyEntry: KnowledgeShape, Equatable {
    var name = ""
    var replacement = ""

    static let fields: [Field<Self>] = [
        .required("name", \.name, "The key (UIDesignRequiresCompatibility)."),
        .required("replacement", \.replacement, "What to do instead, for the help line."),
    ]
}

/// A UIKit class a rule is about: `UIStepper`, or `{name: UIStepper, replacement: ...}`.
struct ClassEntry: KnowledgeShape, Equatable {
    var name = ""
    var replacement: String?

    static let fields: [Field<Self>] = [
        .shorthand("name", \.name, "The class (UIStepper)."),
        .optional("replacement", \.replacement, "What to offer in the Mac idiom instead, for the help line."),
    ]
}

/// A call a rule is about: its name; when `arguments` is given, only calls whose arguments name one
/// of them (`.tabViewStyle(.page)`, not `.tabViewStyle(.automatic)`).
struct CallEntry: KnowledgeShape, Equatable {
    var name = ""
    var arguments: [String]?
    var wraps = ""
    var replacement = ""

    static let fields: [Field<Self>] = [
        .required("name", \.name, "The view (Stepper) or modifier (refreshable) name."),
        .optional("arguments", \.arguments, "Only calls whose arguments name one of these (page, wheel)."),
        .required("wraps", \.wraps, "The UIKit control it shows, for the message."),
        .required("replacement", \.replacement, "What to show in the Mac idiom instead, for the help line."),
    ]
}

/// A call and the argument a rule reads: `pushViewController` (its first, unlabeled argument),
/// `UINavigationController` with the label `rootViewController`.
struct ArgumentCallEntry: KnowledgeShape, Equatable {
    var name = ""
    /// nil for the first argument without a label.
    var label: String?
    /// The Objective-C selector, where the Swift name does not give it (`present` is
    /// `presentViewController:animated:completion:`); the argument is the piece named `label`, or
    /// the first. Without it: a method's first piece is its name (with the label appended,
    /// `systemFont` `ofSize` is `systemFontOfSize:`), a class's initializer is `initWith` and the label.
    var objc: String?

    static let fields: [Field<Self>] = [
        .shorthand("name", \.name, "The call's name (pushViewController, UINavigationController)."),
        .optional("label", \.label, "The argument's label; none for the first argument without one."),
        .optional("objc", \.objc, "Its Objective-C selector when the Swift name does not give it (presentViewController:animated:completion:)."),
    ]

    /// How Objective-C sends it: the selector's first piece, the piece whose argument is the one the
    /// rule reads, and for a class's initializer (`[[UINavigationController alloc] initWithRootViewController:]`) the class.
    var objcSpelling: (firstPiece: String, argumentPiece: String, receiverClass: String?) {
        if let objc {
            let pieces = objc.split(separator: ":").map(String.init)
            let first = pieces.first ?? name
            let argument = label.flatMap { label in pieces.first { $0 == label } } ?? first
            return (first, argument, nil)
        }
        if name.first?.isUppercase == true {
            let piece = "initWith" + (label ?? "").capitalizedFirst
            return (piece, piece, name)
        }
        let first = name + (label ?? "").capitalizedFirst
        return (first, first, nil)
    }

    /// True for an argument of a call named `call` with the label `label`.
    func matches(call: String, label: String?) -> Bool {
        name == call && self.label == label
    }
}

/// A property value that gives a controller a style: `preferredStyle: actionSheet`.
struct StyleEntry: KnowledgeShape, Equatable {
    var property = ""
    var value = ""
    var shows = ""

    static let fields: [Field<Self>] = [
        .required("property", \.property, "The property (preferredStyle)."),
        .required("value", \.value, "The value that makes a popover (actionSheet)."),
        .required("shows", \.shows, "What it shows, for the message (an action sheet)."),
    ]
}

/// A name a rule looks for: a member chain from its root (`UIScreen.main`), with the members that
/// must follow it when given (`bounds`), and whether a string naming it counts (a selector).
struct ReferenceEntry: KnowledgeShape, Equatable {
    var name = ""
    var members: [String]?
    var strings = false
    /// Values in the same coordinates: a read only compared with one of them lays nothing out.
    var sameSpace: [String] = []
    var replacement = ""
    /// The chain as Objective-C spells it, where the Swift names differ (`UIScreen.mainScreen` for `UIScreen.main`).
    var objc: String?

    static let fields: [Field<Self>] = [
        .required("name", \.name, "A dotted member chain (UIScreen.main) or a name (_setAllowsUnsupportedMacIdiomBehavior)."),
        .optional("members", \.members, "One of these must follow the name (bounds after UIScreen.main)."),
        .value("strings", \.strings, "A string literal holding the name, or the name and a colon (a selector), counts too."),
        .list("same_space", \.sameSpace, "Names of values in the same coordinates (keyboardFrameEndUserInfoKey): a read only compared with a value that comes from one of them is not reported."),
        .required("replacement", \.replacement, "What to do instead, for the help line."),
        .optional("objc", \.objc, "The chain as Objective-C spells it, where the Swift names differ (UIScreen.mainScreen)."),
    ]

    /// The names of the chain: `[UIScreen, main]`.
    var path: [String] { name.split(separator: ".").map(String.init) }

    /// The names of the chain in Objective-C: `[UIScreen, mainScreen]`.
    var objcPath: [String] { (objc ?? name).split(separator: ".").map(String.init) }
}

/// A property a control rule is about, and how each input format spells setting it.
struct PropertyEntry: KnowledgeShape, Equatable {
    var name = ""
    /// The name alone tells the class (`setThumbImage(_:for:)` is only a slider's), so the rule may
    /// fire where the receiver's type is unknown.
    var unique = false
    /// In a YAML interface file, a scalar value is the normal state and a mapping gives one per state.
    var state = false
    var values: [String]?
    var methods: [String] = []
    var checks: [String] = []
    var interfaceBuilder: InterfaceBuilderSpelling?

    static let fields: [Field<Self>] = [
        .shorthand("name", \.name, "The UIKit property (thumbImage, title)."),
        .value("unique", \.unique, "Only this rule's classes have it: report it where the receiver's type is unknown."),
        .value("state", \.state, "It takes a value per control state (setTitle(_:for:))."),
        .optional("values", \.values, "Only these values are reported (wheels of preferredDatePickerStyle)."),
        .list("methods", \.methods, "Methods that set it too (addGestureRecognizer adds to gestureRecognizers)."),
        .list("checks", \.checks, "Calls that make it safe where they are checked true around it (isSourceTypeAvailable)."),
        .optional("interface_builder", \.interfaceBuilder, "How a storyboard or xib sets it, when it can."),
    ]

    /// True when the rule reads this value of the property (every value, when `values` is not given).
    func isRead(_ value: String?) -> Bool {
        guard let values else { return true }
        return value.map(values.contains) ?? false
    }
}

/// How a storyboard or xib sets a property. Exactly one is given.
struct InterfaceBuilderSpelling: KnowledgeShape, Equatable {
    var stateAttribute: String?
    var stateElement: String?
    var attribute: String?
    var color: String?
    var outletCollection: String?

    static let fields: [Field<Self>] = [
        .optional("state_attribute", \.stateAttribute, "An attribute of the control's <state key=\"...\"> element (title, image)."),
        .optional("state_element", \.stateElement, "The key of a child element of <state> (<color key=\"titleColor\">)."),
        .optional("attribute", \.attribute, "An attribute of the control's own element (minimumValueImage on <slider>)."),
        .optional("color", \.color, "The key of a <color> child of the control's element (<color key=\"thumbTintColor\">)."),
        .optional("outlet_collection", \.outletCollection,
                  "The property of an <outletCollection> in the control's <connections> (<outletCollection property=\"gestureRecognizers\">)."),
    ]
}

/// A device screen, in points, portrait.
struct Dimension: KnowledgeShape, Equatable {
    var width = 0.0
    var height = 0.0
    var device = "a configured device"
    var family: String?

    static let fields: [Field<Self>] = [
        .required("width", \.width, "In points, portrait.", accepting: .above(0)),
        .required("height", \.height, "In points, portrait.", accepting: .above(0)),
        .value("device", \.device, "The device's name, for the message (default: a configured device)."),
        .optional("family", \.family, "pad for an iPad's screen: a lone width or height of a frame matches only those.", accepting: .oneOf(["pad", "phone"])),
    ]
}
