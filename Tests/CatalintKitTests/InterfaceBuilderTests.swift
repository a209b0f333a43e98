import XCTest
@testable import CatalintKit

/// Storyboards and xibs: what they create and set, at exact lines and columns.
final class InterfaceBuilderTests: XCTestCase {
    private func document(_ body: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch">
            <objects>
        \(body)
            </objects>
        </document>
        """
    }

    private func check(_ xml: String, path: String = "View.xib", swift: String? = nil) -> [String] {
        var sources = [(path, xml)]
        if let swift { sources.append(("Types.swift", swift)) }
        return lint(sources).filter { $0.position.path == path }.map { "\($0.position.line):\($0.position.column) \($0.rule)" }
    }

    func testControlsThatDoNotExistInTheMacIdiom() {
        let xml = document("""
                <view contentMode="scaleToFill" id="root">
                    <rect key="frame" x="0.0" y="0.0" width="1024" height="1366"/>
                    <subviews>
                        <stepper opaque="NO" id="s1"/>
                        <pageControl opaque="NO" numberOfPages="3" id="p1"/>
                        <view id="v2" customClass="PullToRefresh"/>
                    </subviews>
                </view>
                <tableViewController id="tvc">
                    <refreshControl key="refreshControl" opaque="NO" id="r1"/>
                </tableViewController>
        """)
        XCTAssertEqual(check(xml, swift: "class PullToRefresh: UIRefreshControl {}"), [
            "7:17 unavailable-control", "8:17 unavailable-control", "9:17 unavailable-control", "13:13 unavailable-control",
        ])
    }

    func testAppKitDocumentsAreNotUIKit() {
        // A macOS app's xib: its <stepper> is an NSStepper, and it never runs under Mac Catalyst.
        let xml = document("""
                <customView id="c1">
                    <subviews>
                        <stepper horizontalHuggingPriority="750" id="s1"/>
                    </subviews>
                    <constraints>
                        <constraint firstAttribute="width" constant="768" id="w1"/>
                    </constraints>
                </customView>
        """).replacingOccurrences(of: "targetRuntime=\"iOS.CocoaTouch\"", with: "targetRuntime=\"MacOSX.Cocoa\"")
            .replacingOccurrences(of: "CocoaTouch.XIB", with: "Cocoa.XIB")
        XCTAssertEqual(check(xml), [])
    }

    func testButtonStates() {
        let xml = document("""
                <button opaque="NO" buttonType="system" id="b1">
                    <state key="normal" title="Save" image="disk"/>
                    <state key="highlighted" title="Saving" backgroundImage="glow">
                        <color key="titleColor" systemColor="systemGrayColor"/>
                        <color key="titleShadowColor" white="0.0" alpha="1" colorSpace="calibratedWhite"/>
                    </state>
                </button>
                <button opaque="NO" preferredBehavioralStyle="pad" id="b2">
                    <state key="selected" title="On"/>
                </button>
                <button opaque="NO" id="b3" customClass="PadButton">
                    <state key="selected" image="on"/>
                </button>
        """)
        let swift = "class PadButton: UIButton { override var preferredBehavioralStyle: UIBehavioralStyle { .pad } }"
        XCTAssertEqual(check(xml, swift: swift), [
            "6:38 button-non-normal-state",
            "6:53 button-non-normal-state",
            "7:17 button-non-normal-state",
            "8:17 button-non-normal-state",
        ])
    }

    func testSliderImagesAndTints() {
        let xml = document("""
                <slider opaque="NO" value="0.5" minValue="0" maxValue="1" minimumValueImage="low" maximumValueImage="high" id="s1">
                    <color key="thumbTintColor" systemColor="systemPinkColor"/>
                    <color key="maximumTrackTintColor" systemColor="systemGrayColor"/>
                    <color key="backgroundColor" systemColor="systemBackgroundColor"/>
                </slider>
                <switch opaque="NO" id="w1">
                    <color key="thumbTintColor" systemColor="systemPinkColor"/>
                </switch>
        """)
        XCTAssertEqual(check(xml), [
            "4:67 slider-custom-appearance",
            "4:91 slider-custom-appearance",
            "5:13 slider-custom-appearance",
            "6:13 slider-custom-appearance",
        ])
    }

    func testConstraintsButNotFrames() {
        let xml = document("""
                <view id="root">
                    <rect key="frame" x="0.0" y="0.0" width="768" height="1024"/>
                    <constraints>
                        <constraint firstAttribute="height" constant="1194" id="c1"/>
                        <constraint firstAttribute="width" relation="greaterThanOrEqual" constant="44" id="c2"/>
                        <constraint firstItem="a" firstAttribute="width" secondItem="b" secondAttribute="width" constant="834" id="c3"/>
                    </constraints>
                </view>
        """)
        XCTAssertEqual(check(xml, path: "Main.storyboard"), ["7:53 hard-coded-size"])
    }

    func testPositionsSurviveCommentsCDataAndOddAttributes() {
        let xml = document("""
                <!-- <stepper id="commented"/> -->
                <view id="x" userLabel="a > b"><![CDATA[ <stepper id="cdata"/> ]]></view>
                <?pi <stepper?>
                <view id="y"
                      userLabel='quoted "é"'>   <stepper
                    id="z"/>
                </view>
        """)
        XCTAssertEqual(check(xml), ["8:41 unavailable-control"])
    }

    /// Outlets to input accessory views: the file's owner's and a field's to a composer laid out
    /// before the field, a text view's to a keypad of two buttons, a search bar's to an empty find bar, one to no
    /// object of the file, and a text view outside them all.
    private var accessoryOutlets: String {
        document("""
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1" customClass="ChatViewController">
                    <connections>
                        <outlet property="inputAccessoryView" destination="composer" id="o0"/>
                    </connections>
                </placeholder>
                <view contentMode="scaleToFill" id="composer" customClass="ComposerBar">
                    <subviews>
                        <stackView opaque="NO" id="row">
                            <subviews>
                                <view contentMode="scaleToFill" id="entry" customClass="MessageEntry"/>
                                <button opaque="NO" id="send" customClass="SendButton"/>
                            </subviews>
                        </stackView>
                    </subviews>
                </view>
                <textField opaque="NO" id="f1" customClass="ChatField">
                    <connections>
                        <outlet property="inputAccessoryView" destination="composer" id="o1"/>
                    </connections>
                </textField>
                <textView id="t1">
                    <connections>
                        <outlet property="delegate" destination="composer" id="o2"/>
                        <outlet property="inputAccessoryView" destination="keypad" id="o3"/>
                    </connections>
                </textView>
                <view contentMode="scaleToFill" id="keypad" customClass="KeypadBar">
                    <subviews>
                        <button opaque="NO" id="done"/>
                        <button opaque="NO" id="next"/>
                    </subviews>
                </view>
                <searchBar contentMode="redraw" id="s1">
                    <connections>
                        <outlet property="inputAccessoryView" destination="find" id="o4"/>
                    </connections>
                </searchBar>
                <view contentMode="scaleToFill" id="find" customClass="FindBar"/>
                <textField opaque="NO" id="f2">
                    <connections>
                        <outlet property="inputAccessoryView" destination="missing" id="o5"/>
                    </connections>
                </textField>
                <view contentMode="scaleToFill" id="other">
                    <subviews>
                        <textView id="elsewhere"/>
                    </subviews>
                </view>
        """)
    }

    func testInputAccessoryViewOutlets() {
        // What the views are and hold is the Swift declarations' too: a custom class's stored
        // properties, the superclass of a custom class laid out inside the view.
        let xml = accessoryOutlets
        let swift = """
            class ComposerBar: UIView {}
            class MessageEntry: UITextView {}
            class ChatField: UITextField {}
            class KeypadBar: UIToolbar {}
            class FindBar: UIView { let counter = UILabel() }
            """
        XCTAssertEqual(check(xml, swift: swift), ["6:25 input-accessory-view", "21:25 input-accessory-view", "38:25 input-accessory-view"])
        let messages = lint([("View.xib", xml), ("Types.swift", swift)]).filter { $0.rule == "input-accessory-view" }.map(\.message)
        XCTAssertEqual(messages.map { String($0.prefix(while: { $0 != ":" })) }, [
            "`property=\"inputAccessoryView\"` gives `ComposerBar`, which holds a `UITextView`, as an input accessory view",
            "`property=\"inputAccessoryView\"` gives `ComposerBar`, which holds a `UITextView`, as an input accessory view",
            "`property=\"inputAccessoryView\"` gives `FindBar`, a view of the app's own, as an input accessory view",
        ])
        // Without the Swift, the custom classes are unknown: the composer and the keypad, which lay
        // out subviews, are views of the app's own (the keypad is no longer known to be a toolbar);
        // the empty `FindBar` is not.
        XCTAssertEqual(check(xml), ["6:25 input-accessory-view", "21:25 input-accessory-view", "27:25 input-accessory-view"])
        // A macOS document is never part of a Mac Catalyst build.
        let appKit = xml.replacingOccurrences(of: "targetRuntime=\"iOS.CocoaTouch\"", with: "targetRuntime=\"MacOSX.Cocoa\"")
        XCTAssertEqual(check(appKit, swift: swift), [])
    }

    func testProvidedViewFactsFromOutlets() throws {
        let output = InterfaceBuilderLowering.lower(SourceText(path: "Chat.xib", text: accessoryOutlets), vocabulary: .standard)
        XCTAssertEqual(output.facts.providedViews.map { "\($0.position.line):\($0.position.column)" }, ["6:25", "21:25", "27:25", "38:25", "44:25"])
        let provided = try XCTUnwrap(output.facts.providedViews.first)
        XCTAssertEqual(provided.property, "inputAccessoryView")
        XCTAssertEqual(provided.owner, .object(.interfaceView(path: "Chat.xib", identity: "-1"), type: .named("ChatViewController")))
        XCTAssertEqual(provided.view, .object(.interfaceView(path: "Chat.xib", identity: "composer"), type: .named("ComposerBar")))
        XCTAssertEqual(provided.viewKnownSuperclass, "UIView")
        XCTAssertFalse(provided.isOverride)
        XCTAssertEqual(provided.laidOut, [
            PendingClass(type: .named("UIStackView"), knownSuperclass: nil),
            PendingClass(type: .named("MessageEntry"), knownSuperclass: "UIView"),
            PendingClass(type: .named("SendButton"), knownSuperclass: "UIButton"),
        ])
        XCTAssertTrue(provided.guardContext.builtForMacCatalyst)
        // A keypad of buttons holds buttons, once.
        XCTAssertEqual(output.facts.providedViews[2].laidOut, [PendingClass(type: .named("UIButton"), knownSuperclass: nil)])
        // The field's owner is its custom class on a text field; an outlet to no object of the file
        // has a view of no known class.
        XCTAssertEqual(output.facts.providedViews[1].ownerKnownSuperclass, "UITextField")
        XCTAssertEqual(output.facts.providedViews[4].view, .object(.interfaceView(path: "Chat.xib", identity: "missing"), type: .unknown))
        XCTAssertEqual(output.facts.providedViews[4].laidOut, [])
        // Resolved, each class brings its superclasses; what lies outside the view is not held.
        let resolved = try XCTUnwrap(Resolution(index: ProjectIndex()).resolve([output.facts]).providedViews.first)
        XCTAssertEqual(resolved.viewChain.prefix(2), ["ComposerBar", "UIView"])
        XCTAssertTrue(resolved.viewIsProjects)
        XCTAssertEqual(resolved.ownerChain.first, "ChatViewController")
        XCTAssertTrue(resolved.heldClasses.contains("UIButton"))
        XCTAssertFalse(resolved.heldClasses.contains("UITextView"))
    }

    func testOutletsOfThePropertiesTheKnowledgeNames() throws {
        // `inputView` is no property of the rule's; a project that adds it has its outlets lowered too.
        let xml = accessoryOutlets.replacingOccurrences(of: "property=\"inputAccessoryView\"", with: "property=\"inputView\"")
        XCTAssertEqual(check(xml), [])
        let configuration = try ConfigurationLoader.parse("rules:\n  input-accessory-view:\n    properties: [inputView]\n", path: "/p/.catalint.yml")
        let found = Linter(options: LintOptions(idiom: .mac, jobs: 2, configuration: configuration)).lintSources([(path: "View.xib", text: xml)]).diagnostics
        XCTAssertEqual(found.map { "\($0.position.line):\($0.position.column) \($0.rule)" },
                       ["6:25 input-accessory-view", "21:25 input-accessory-view", "27:25 input-accessory-view"])
    }

    func testMalformedFiles() {
        let cases: [(String, String, String)] = [
            ("<document>\n  <view id=\"a\">\n</document>\n", "3:12", "Malformed XML: an end tag does not match its start tag."),
            ("<document><view id=a/></document>", "1:20", "Malformed XML: an attribute value without quotes."),
            ("", "1:1", "Malformed XML: the file has no root element."),
            ("<a/><b/>", "1:5", "Malformed XML: the document ends too early"),
            ("<?xml version=\"1.0\"?>\n<!DOCTYPE a [<!ENTITY x \"xx\">]>\n<a>&x;</a>", "2:14", "Entity declarations are not allowed"),
        ]
        for (xml, position, prefix) in cases {
            let found = lint([("Bad.xib", xml)])
            XCTAssertEqual(found.map(\.rule), [ToolRule.invalidInterface], xml)
            guard let problem = found.first else { continue }
            XCTAssertEqual("\(problem.position.line):\(problem.position.column)", position, xml)
            XCTAssertTrue(problem.message.hasPrefix(prefix), problem.message)
        }
    }

    func testArbitraryBytesGetAWellFormedAnswer() {
        var generator = SeededGenerator(seed: 2026)
        let alphabet = Array("<>/=\"' ab!-?[]&;#\nstepper button state key=\"selected\" title CDATA")
        for _ in 0..<300 {
            let length = Int.random(in: 0..<200, using: &generator)
            let text = String((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
            lintOddInput("Fuzz.storyboard", text)
        }
    }
}
