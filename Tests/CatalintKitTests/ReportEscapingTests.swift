import XCTest
@testable import CatalintKit

/// The reports' escaping: JSON string literals and XML text, every kind of character each escapes.
final class ReportEscapingTests: XCTestCase {
    func testJSONStringLiterals() {
        XCTAssertEqual(quoted("plain é 🙂"), "\"plain é 🙂\"")
        XCTAssertEqual(quoted("a \"quote\" and a \\ backslash"), "\"a \\\"quote\\\" and a \\\\ backslash\"")
        XCTAssertEqual(quoted("\n\r\t"), "\"\\n\\r\\t\"")
        XCTAssertEqual(quoted("\u{0}\u{1F}\u{0B}"), "\"\\u0000\\u001f\\u000b\"")
        XCTAssertEqual(quoted("\u{7F}"), "\"\u{7F}\"")
        XCTAssertEqual(quoted(""), "\"\"")
    }

    func testXMLText() {
        XCTAssertEqual(xmlEscaped("a < b && c > 'd' \"e\""), "a &lt; b &amp;&amp; c &gt; &apos;d&apos; &quot;e&quot;")
        XCTAssertEqual(xmlEscaped("\n\r\t"), "&#10;&#13;&#9;")
        XCTAssertEqual(xmlEscaped("\u{0}\u{1F}\u{FFFE}\u{FFFF}"), "\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}")
        XCTAssertEqual(xmlEscaped("plain é 🙂"), "plain é 🙂")
    }
}
