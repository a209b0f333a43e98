import XCTest
@testable import CatalintKit

/// How the Objective-C front end learns declarations for names no header declares, from clang's
/// diagnostics (`ObjCStubs`): what it declares, and what it must not take a use for.
final class ObjCStubsTests: XCTestCase {
    private let path = "/project/View.m"

    private func learned(_ code: String, _ diagnostics: [(message: String, at: String)], from stubs: ObjCStubs = ObjCStubs()) -> ObjCStubs {
        let bytes = Array(code.utf8)
        var texts = FileTexts(mainPath: path, mainText: code)
        let placed = diagnostics.map { diagnostic -> ObjCDiagnostic in
            let offset = code.range(of: diagnostic.at).map { code.utf8.distance(from: code.utf8.startIndex, to: $0.lowerBound) } ?? -1
            XCTAssertGreaterThanOrEqual(offset, 0, "\(diagnostic.at) is not in the code")
            XCTAssertLessThanOrEqual(offset, bytes.count)
            return ObjCDiagnostic(severity: 3, message: diagnostic.message, file: path, offset: offset)
        }
        return stubs.learning(from: placed, texts: &texts, mainPath: path)
    }

    func testAMessageIsGivenTheTypeOfTheValueOnlyWhenItIsTheWholeValue() {
        // `CGRect end = [value CGRectValue];`: the message returns a rectangle.
        let whole = learned("CGRect end = [value CGRectValue];\n", [("initializing 'CGRect' (aka 'struct CGRect') with an expression of incompatible type 'id'", "end")])
        XCTAssertEqual(whole.methods["CGRectValue"], "CGRect")
        // A message inside the value is a part of it: `imageNamed:` does not return a rectangle.
        let part = learned("cover.frame = CGRectMake(0, 0, [UIImage imageNamed:@\"a\"].size.width, 10);\n",
                           [("assigning to 'CGRect' (aka 'struct CGRect') from incompatible type 'id'", "cover")])
        XCTAssertNil(part.methods["imageNamed:"])
        let followed = learned("CGRect end = [value CGRectValue].size;\n", [("initializing 'CGRect' (aka 'struct CGRect') with an expression of incompatible type 'id'", "end")])
        XCTAssertNil(followed.methods["CGRectValue"])
    }

    func testAPropertyNoHeaderDeclaresHasTheSDKsTypeForItsName() {
        let code = "cell.imageView.frame = rect;\ncell.imageView.accessibilityHint = hint;\n"
        let stubs = learned(code, [("property 'frame' not found on object of type 'UIImageView *'", "frame"),
                                   ("property 'accessibilityHint' not found on object of type 'UIImageView *'", "accessibilityHint")])
        XCTAssertEqual(stubs.properties["frame"], "CGRect")
        XCTAssertEqual(stubs.properties["accessibilityHint"], "NSObject *")
    }

    func testAClassUsedWithADotBringsTheMembersItReads() {
        let code = "layer.borderColor = UIColor.clearColor.CGColor;\n"
        let stubs = learned(code, [("use of undeclared identifier 'UIColor'", "UIColor")])
        XCTAssertEqual(stubs.names["UIColor"], .classType)
        XCTAssertTrue(stubs.classProperties.contains("clearColor"))
        XCTAssertEqual(stubs.properties["CGColor"], "NSObject *")
    }

    func testTheFirstParseKnowsTheSDKTypedMembersTheFileReads() {
        let stubs = ObjCStubs.memberAccesses(in: Array("view.frame = other.bounds; x = 1.5f; item.title = image.size.width; [cell.contentView setAlpha:a.alpha];".utf8))
        XCTAssertEqual(stubs.properties, ["frame": "CGRect", "bounds": "CGRect", "size": "CGSize", "alpha": "CGFloat"])
        // A property and a method of one name: the method is the getter, with its type.
        var both = stubs
        both.methods["alpha"] = "NSObject *"
        XCTAssertFalse(both.text.contains("@property (nonatomic) CGFloat alpha;"))
        XCTAssertTrue(stubs.text.contains("@property (nonatomic) CGFloat alpha;"))
    }
}
