import XCTest
@testable import CatalintKit

/// `<!-- catalint:... -->` comments in storyboards and xibs, through the whole pipeline.
final class InterfaceBuilderSuppressionTests: XCTestCase {
    /// A storyboard whose body starts on line 4.
    private func document(_ body: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch">
            <objects>
        \(body)
            </objects>
        </document>
        """
    }

    private func check(_ xml: String, path: String = "Main.storyboard") -> [String] {
        lint([(path, xml)]).map { "\($0.position.line):\($0.position.column) \($0.rule)" }
    }

    func testEveryCommand() {
        let xml = document("""
                <view contentMode="scaleToFill" id="root">
                    <subviews>
                        <stepper opaque="NO" id="s1"/> <!-- catalint:disable:this unavailable-control - hidden on the Mac -->
                        <!-- catalint:disable:next unavailable-control - the Mac has a menu command instead -->
                        <!--Page Control-->

                        <pageControl opaque="NO" numberOfPages="3" id="p1"/>
                        <stepper opaque="NO" id="s2"/>
                        <!-- catalint:disable:previous unavailable-control -->
                        <!-- catalint:disable unavailable-control, button-non-normal-state - legacy iPad screen -->
                        <stepper opaque="NO" id="s3"/>
                        <button opaque="NO" buttonType="system" id="b1">
                            <state key="normal" title="Save"/>
                            <state key="highlighted" title="Saving"/>
                        </button>
                        <!-- catalint:enable unavailable-control -->
                        <stepper opaque="NO" id="s4"/>
                        <button opaque="NO" id="b2">
                            <state key="selected" image="on"/>
                        </button>
                    </subviews>
                    <constraints>
                        <!-- catalint:disable:next hard-coded-size -->
                        <constraint firstAttribute="width" constant="834" id="w1"/>
                        <constraint firstAttribute="height" constant="1194" id="h1"/>
                    </constraints>
                </view>
                <tableViewController id="tvc">
                    <!-- catalint:disable all - the whole scene is iPad-only -->
                    <refreshControl key="refreshControl" opaque="NO" id="r1"/>
                    <view id="v1">
                        <constraints>
                            <constraint firstAttribute="width" constant="768" id="w2"/>
                        </constraints>
                    </view>
                </tableViewController>
        """)
        XCTAssertEqual(check(xml), ["20:17 unavailable-control", "28:53 hard-coded-size"])
    }

    func testDisableNextSkipsEndTagsAndCoversATagOverSeveralLines() {
        let xml = document("""
                <view id="root">
                    <subviews>
                        <button opaque="NO" id="b1">
                            <state key="highlighted" title="Saving"/>
                            <!-- catalint:disable:next button-non-normal-state -->
                        </button>
                        <button opaque="NO" id="b2"><state key="selected" title="On"/></button>
                        <button opaque="NO" id="b3">
                            <!-- catalint:disable:next button-non-normal-state -->
                            <state key="highlighted"
                                   title="Saving"
                                   image="glow"/>
                        </button>
                        <!-- catalint:disable:next unavailable-control -->
                    </subviews>
                </view>
        """)
        // The comment in b1 passes over `</button>` to b2's line; the one in b3 covers the whole
        // `<state>` tag; the last one has no element after it.
        XCTAssertEqual(check(xml), ["7:46 button-non-normal-state", "17:44 unused-suppression"])
    }

    func testInvalidAndUnusedSuppressionsAtTheirPositions() {
        // Columns count characters: `é` and `🧂` are one each.
        let xml = document("""
                <!-- catalint:disable:next unavailable-controll -->
                <stepper opaque="NO" id="s1"/>
                <!-- catalint:ignore all -->
                <!-- catalint:disable:next -->
                <!-- catalint:disable:next hard-coded-size - a reason -->
                <label opaque="NO" text="🧂 é" id="l1"/> <!-- catalint:disable:this slider-custom-appearance -->
                <!--
                  catalint:disable:next unavailable-control,
                    button-non-normal-state - a reason that spans lines
                -->
                <pageControl opaque="NO" id="p1"/>
                <!-- catalint:disable:next unavailable-control -->
        """)
        XCTAssertEqual(check(xml), [
            "4:36 invalid-suppression",
            "5:9 unavailable-control",
            "6:14 invalid-suppression",
            "7:14 invalid-suppression",
            "8:36 unused-suppression",
            "9:76 unused-suppression",
            "12:13 unused-suppression",
            "15:36 unused-suppression",
        ])
    }

    func testAMultiLineCommentCountsAtItsFirstLine() {
        let xml = document("""
                <stepper opaque="NO" id="s1"/> <!-- catalint:disable:this unavailable-control
                    - the reason goes on here --> <stepper opaque="NO" id="s2"/>
                <!-- catalint:disable:next unavailable-control
                  - and here --> <pageControl opaque="NO" id="p1"/>
                <pageControl opaque="NO" id="p2"/>
        """)
        XCTAssertEqual(check(xml), ["5:43 unavailable-control", "8:9 unavailable-control"])
    }

    func testEveryLineBreak() {
        let lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" targetRuntime="iOS.CocoaTouch">"#,
            "<objects>",
            #"<stepper id="s1"/> <!-- catalint:disable:this unavailable-control -->"#,
            "<!-- catalint:disable:next unavailable-control -->",
            #"<stepper id="s2"/>"#,
            #"<stepper id="s3"/>"#,
            "<!-- catalint:disable:previous nope -->",
            "</objects>",
            "</document>",
        ]
        for lineBreak in ["\n", "\r\n", "\r"] {
            XCTAssertEqual(check(lines.joined(separator: lineBreak) + lineBreak, path: "View.xib"),
                           ["7:1 unavailable-control", "8:32 invalid-suppression"], lineBreak.debugDescription)
        }
    }

    func testTextThatLooksLikeACommentIsNone() {
        // In CDATA, in an attribute value (escaped, as XML requires) and in a processing instruction.
        let xml = document("""
                <textView opaque="NO" id="t1">
                    <string key="text"><![CDATA[<!-- catalint:disable:next unavailable-control -->]]></string>
                </textView>
                <stepper opaque="NO" id="s1" userLabel="&lt;!-- catalint:disable:this unavailable-control --&gt;"/>
                <?note <!-- catalint:disable:next unavailable-control -->?>
                <stepper opaque="NO" id="s2"/>
                <label opaque="NO" text="--> a <!-- catalint:disable:this unavailable-control" id="l1"/>
        """)
        // The last line is malformed (`<` in an attribute value): the file is reported, no comment is read.
        XCTAssertEqual(lint([("View.xib", xml)]).map(\.rule), [ToolRule.invalidInterface])
        let wellFormed = xml.replacingOccurrences(of: #"<label opaque="NO" text="--> a <!-- catalint:disable:this unavailable-control" id="l1"/>"#,
                                                  with: "")
        XCTAssertEqual(check(wellFormed, path: "View.xib"), ["7:9 unavailable-control", "9:9 unavailable-control"])
    }

    func testMalformedFilesAreStillReported() {
        let cases = [
            // A comment with no end: no comment, and malformed XML.
            document(#"<stepper id="s1"/> <!-- catalint:disable:this unavailable-control"#),
            // A comment inside a start tag is not a comment either.
            document(#"<stepper <!-- catalint:disable:this unavailable-control --> id="s1"/>"#),
            // A well-formed comment in a malformed file is read.
            document(#"<stepper id="s1"> <!-- catalint:disable:this nope -->"#),
        ]
        let expected = [["invalid-interface"], ["invalid-interface"], ["invalid-interface", "invalid-suppression"]]
        for (xml, rules) in zip(cases, expected) {
            XCTAssertEqual(lint([("Bad.xib", xml)]).map(\.rule).sorted(), rules, xml)
        }
    }

    func testTheRecipesSampleStoryboard() throws {
        let url = packageRoot.appendingPathComponent("samples/Recipes/Interfaces/Main.storyboard")
        let original = try String(contentsOf: url, encoding: .utf8)
        let before = check(original)
        XCTAssertTrue(before.contains { $0.hasSuffix("unavailable-control") }, before.joined(separator: "\n"))
        // Silence the refresh control as an app would: a comment on the line before it.
        let suppressed = original.replacingOccurrences(
            of: "                    <refreshControl ",
            with: "                    <!-- catalint:disable:next unavailable-control - the Mac has View > Refresh -->\n                    <refreshControl ")
        let after = check(suppressed)
        XCTAssertEqual(after.filter { $0.hasSuffix("unavailable-control") }, [])
        XCTAssertEqual(after.count, before.count - 1, after.joined(separator: "\n"))
    }

    func testArbitraryTextNeverCrashes() {
        var generator = SeededGenerator(seed: 11)
        let pieces = ["<!--", "-->", " catalint:disable:next unavailable-control ", "catalint:disable:this nope", "<![CDATA[", "]]>",
                      "<?", "?>", "<!", "<stepper id=\"s\"/>", "<view>", "</view>", "\"", "'", "<", ">", "\n", "\r\n", "\r", " ", "é", "-"]
        for _ in 0..<300 {
            let text = (0..<Int.random(in: 0..<40, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            let lineCount = SourceText(path: "F.xib", text: text).lineCount
            for diagnostic in lint([("F.xib", text)]) where SuppressionFilter.aboutSuppressions(diagnostic.rule) {
                XCTAssertTrue((1...lineCount).contains(diagnostic.position.line), text.debugDescription)
            }
        }
    }
}
