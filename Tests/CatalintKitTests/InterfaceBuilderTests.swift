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
